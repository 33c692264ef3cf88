import type { Company } from '@svc/sdk';
import { longDate, money } from '../format';

/**
 * Where the dumpster sits (docs/decisions/street-permits.md): asked only of a company with permit rules
 * (GET /company's `booking.placement.ask`). The street's rule depends on the address, so the street's quote
 * and calendar are asked with the ZIP (and city). Pure: unit-tested in placement.test.ts.
 */
export type Placement = '' | 'private' | 'street';

/** What a quote or the calendar says of the street's permit there (the contract's `permit`). */
export type PermitTerms = {
  rule: string;
  required: boolean;
  applies: 'company' | 'customer';
  lead_days: number;
  earliest_delivery_date: string;
  city_fee: number;
  handling_fee: number;
  covers_days: number | null;
  extension_fee: number;
  extensions: number;
  taxable: boolean;
  instructions: string;
};

/** The street's part of a quote or a calendar: present only when `placement: "street"` was asked. */
export type StreetAnswer = { placement?: 'street' | 'private'; permit?: PermitTerms | null };

/** The fields a street quote and calendar add to their request. */
export type StreetQuery = { placement: 'street'; delivery_zip: string; delivery_city?: string };

const ZIP = /^\d{5}(-\d{4})?$|^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/;

/** Whether the company's page asks "Where will it sit?" (a company with permit rules). */
export function asksPlacement(company: Company | undefined): boolean {
  const booking = company?.booking as { placement?: { ask?: boolean } | null } | undefined;
  return Boolean(booking?.placement?.ask);
}

/**
 * The street's request fields for these answers, or null: not the street, or no ZIP yet (the rule is the
 * address's, so nothing is asked before it; the quote stays the driveway's).
 */
export function streetQuery(a: { placement: Placement; zip: string; city: string }): StreetQuery | null {
  if (a.placement !== 'street') return null;
  const zip = a.zip.trim();
  if (!ZIP.test(zip)) return null;
  const city = a.city.trim();
  return { placement: 'street', delivery_zip: zip, ...(city ? { delivery_city: city } : {}) };
}

/** A stable key of the street's request (for the live quote and the calendar), '' when none. */
export const streetKey = (q: StreetQuery | null) => (q ? `street:${q.delivery_zip}:${q.delivery_city ?? ''}` : '');

/** Why a day before the earliest permitted delivery is greyed: "A street permit in Erie, CO needs 14 days". */
export function leadReason(permit: PermitTerms): string {
  return `A street permit in ${permit.rule} needs ${permit.lead_days} ${permit.lead_days === 1 ? 'day' : 'days'}`;
}

/**
 * The plain sentence of what the city requires and who applies; `fee` is the quote's `lines.permit_fee`
 * (what the customer pays us for it).
 */
export function permitSentence(permit: PermitTerms | null, fee: number, currency: string, companyName: string): string {
  if (!permit) return 'No permit is needed for a dumpster on the street at this address.';
  const ahead = permit.lead_days > 0 ? `, applied for ${permit.lead_days} days ahead` : '';
  const covers =
    permit.covers_days !== null
      ? ` It covers ${permit.covers_days} days${permit.extension_fee > 0 ? `; each further ${permit.covers_days} days cost ${money(permit.extension_fee, currency)}` : ''}.`
      : '';
  if (permit.applies === 'customer') {
    const handling =
      permit.handling_fee > 0
        ? ` ${companyName}'s handling fee of ${money(permit.handling_fee, currency)} is on your quote.`
        : '';
    return `${permit.rule} needs a street permit${ahead}. You apply for it yourself and pay the city its fee.${covers}${handling}`;
  }
  return `${permit.rule} needs a street permit${ahead}. ${companyName} applies for it; the permit fee of ${money(fee, currency)} is on your quote.${covers}`;
}

/**
 * Under the calendar, why its days are greyed and the first day it offers on the street (`firstOpen`: the
 * permit's earliest day may itself be a closed day), or null when the permit moves nothing.
 */
export function earliestNote(permit: PermitTerms | null | undefined, firstOpen: string | null): string | null {
  if (!permit || permit.lead_days <= 0) return null;
  const why = leadReason(permit);
  const first = firstOpen ? ` The first delivery day on the street is ${longDate(firstOpen)}.` : '';
  return `Greyed days: ${why.charAt(0).toLowerCase()}${why.slice(1)}.${first}`;
}

/** The form's own check of a street delivery before the permit's earliest day, or null. */
export function tooSoonForPermit(date: string, permit: PermitTerms | null | undefined): string | null {
  if (!permit || !date || date >= permit.earliest_delivery_date) return null;
  return `${leadReason(permit)}: choose ${longDate(permit.earliest_delivery_date)} or later, or a driveway.`;
}
