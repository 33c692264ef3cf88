/**
 * The junk removal form's answers as plain values, and the pure rules around them: the page's query
 * parameters, writing them back for reloads, and what can be checked before the API is asked. No React,
 * no I/O: unit-tested in answers.test.ts.
 */
export type JunkAnswers = {
  /** The load fraction ("1/4"), as /junk/config names it; '' until chosen. */
  load: string;
  date: string;
  /** The arrival window as "HH:MM-HH:MM"; '' until chosen. */
  window: string;
  address: string;
  city: string;
  zip: string;
  notes: string;
  promo: string;
  name: string;
  email: string;
  phone: string;
  terms: boolean;
};

export const EMPTY_JUNK: JunkAnswers = {
  load: '',
  date: '',
  window: '',
  address: '',
  city: '',
  zip: '',
  notes: '',
  promo: '',
  name: '',
  email: '',
  phone: '',
  terms: false,
};

/** The fields that identify a person: kept in the tab's sessionStorage, never in the URL. */
export const JUNK_PRIVATE = ['name', 'email', 'phone', 'notes', 'terms'] as const;

export type JunkField = Exclude<keyof JunkAnswers, never> | 'form' | 'card';
export type JunkErrors = Partial<Record<JunkField, string>>;
export type SetJunk = (patch: Partial<JunkAnswers>) => void;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const WINDOW = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ZIP = /^\d{5}(-\d{4})?$|^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/;
const clip = (value: string | null | undefined, max: number) => (value ?? '').trim().slice(0, max);

/** The page's query parameters (load, date, window, zip, promo, address, city): bad values are dropped. */
export function junkFromParams(get: (name: string) => string | null | undefined): Partial<JunkAnswers> {
  const out: Partial<JunkAnswers> = {};
  const load = clip(get('load'), 16);
  if (load) out.load = load;
  const date = get('date');
  if (date && DATE.test(date)) out.date = date;
  const window = get('window');
  if (window && WINDOW.test(window)) out.window = window;
  for (const [name, max] of [
    ['zip', 10],
    ['promo', 40],
    ['address', 200],
    ['city', 100],
  ] as const) {
    const value = clip(get(name), max);
    if (value) out[name] = value;
  }
  return out;
}

/** The non-private answers as query parameters (a link that can be shared or bookmarked). */
export function junkToParams(a: JunkAnswers): [string, string][] {
  const out: [string, string][] = [];
  for (const name of ['load', 'date', 'window', 'address', 'city', 'zip', 'promo'] as const) {
    if (a[name]) out.push([name, a[name]]);
  }
  return out;
}

/** "08:00-10:00" to its two ends. */
export function windowEnds(window: string): { start: string; end: string } | null {
  if (!WINDOW.test(window)) return null;
  const [start, end] = window.split('-') as [string, string];
  return { start, end };
}

/** The company's service area as /junk/config states it. */
export type Locations = { zips: readonly string[]; any_zip: boolean };

/** Whether a ZIP is served: any ZIP, or one of the listed (the first five characters of a US ZIP+4). */
export function zipServed(zip: string, locations: Locations): boolean {
  if (locations.any_zip) return true;
  const z = zip.trim().toUpperCase();
  const short = /^\d{5}-\d{4}$/.test(z) ? z.slice(0, 5) : z;
  return locations.zips.some((allowed) => allowed.toUpperCase() === short);
}

/** What the form can tell before any request, in the same words the API's refusals are shown in. */
export function validateJunk(a: JunkAnswers, locations: Locations, companyName: string): JunkErrors {
  const errors: JunkErrors = {};
  if (!a.load) errors.load = JUNK_MESSAGES.load;
  if (!DATE.test(a.date)) errors.date = JUNK_MESSAGES.date;
  else if (!windowEnds(a.window)) errors.window = JUNK_MESSAGES.window;
  if (!a.address.trim()) errors.address = JUNK_MESSAGES.address;
  if (!ZIP.test(a.zip.trim())) errors.zip = JUNK_MESSAGES.zip;
  else if (!zipServed(a.zip, locations)) errors.zip = outOfArea(companyName);
  if (!a.name.trim()) errors.name = JUNK_MESSAGES.name;
  if (!EMAIL.test(a.email.trim())) errors.email = JUNK_MESSAGES.email;
  if (a.phone.replace(/\D/g, '').length < 10) errors.phone = JUNK_MESSAGES.phone;
  if (!a.terms) errors.terms = JUNK_MESSAGES.terms;
  return errors;
}

export const outOfArea = (companyName: string) =>
  `Sorry, ${companyName} does not pick up in this ZIP code. Check the ZIP, or call to ask about your area.`;

export const JUNK_MESSAGES = {
  load: 'Choose how much of the truck your junk will fill.',
  date: 'Choose a pickup date on the calendar.',
  window: 'Choose an arrival window for the crew.',
  address: 'Enter the street address where the crew picks up.',
  city: 'Enter the city.',
  zip: 'Enter the ZIP code of the pickup address, like 78701.',
  notes: 'Keep the notes under 2,000 characters.',
  promo: 'This promo code is not valid.',
  name: 'Enter your full name.',
  email: 'Enter an e-mail address like name@example.com: your receipt goes there.',
  phone: 'Enter a phone number with area code, so the crew can call before they arrive.',
  terms: 'Please accept the terms and the cancellation policy to continue.',
} as const;

/** "08:00" as "8:00 AM"; a window as "8:00 AM – 10:00 AM". */
export function clock(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}
export const windowLabel = (start: string, end: string) => `${clock(start)} – ${clock(end)}`;

/** How the junk answers live in the page's URL and which stay private. */
export const junkCodec = { fromParams: junkFromParams, toParams: junkToParams, privateFields: JUNK_PRIVATE };
