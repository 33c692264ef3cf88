export type ServiceAreaCheck =
  | { ok: true; unverified?: true }
  | { ok: false; code: 'zip_invalid' | 'out_of_service_area'; message: string };

const US_ZIP = /^(\d{5})(?:-?\d{4})?$/;
const CA_POSTAL = /^([A-Z]\d[A-Z])\s?(\d[A-Z]\d)$/;

/** A US ZIP to its 5 digits (ZIP+4 accepted); a Canadian postal code to 'A1A1A1'; else null. */
export function normalizePostalCode(raw: string): string | null {
  const value = raw.trim().toUpperCase();
  const us = US_ZIP.exec(value);
  if (us) return us[1] as string;
  const ca = CA_POSTAL.exec(value);
  if (ca) return `${ca[1]}${ca[2]}`;
  return null;
}

/**
 * Whether a ZIP is served. An empty service area means the company takes any address (unverified);
 * an entry of three characters is a Canadian forward sortation area and covers every code under it.
 */
export function checkServiceArea(zips: string[], rawZip: string): ServiceAreaCheck {
  const zip = normalizePostalCode(rawZip);
  if (!zip) return { ok: false, code: 'zip_invalid', message: 'Enter a valid ZIP or postal code.' };
  if (zips.length === 0) return { ok: true, unverified: true };
  const served = zips.some((entry) => entry === zip || (entry.length === 3 && zip.startsWith(entry)));
  return served
    ? { ok: true }
    : { ok: false, code: 'out_of_service_area', message: 'We do not deliver to this ZIP code.' };
}
