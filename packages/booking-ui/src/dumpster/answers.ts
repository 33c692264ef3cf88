import type { Placement } from './placement';

/**
 * The customer's answers as plain values, and the pure rules around them: reading the spec's query
 * parameters (or the widget's data attributes), writing them back for reloads, and checking what can be
 * checked before the API is asked. No React, no I/O: unit-tested in answers.test.ts.
 */
export type CustomerType = 'homeowner' | 'contractor';

export type Answers = {
  /** Material slug (priced by material when the company does), '' for none. */
  material: string;
  /** Free debris type (sent as debris_type) when it is not a material. */
  debris: string;
  /** The chosen size's yards: what links and data-size carry; resolved to a size id against /sizes. */
  sizeYards: number | null;
  days: number;
  date: string;
  /** Where it sits, asked only of a company with permit rules ('' until answered; placement.ts). */
  placement: Placement;
  address: string;
  city: string;
  state: string;
  zip: string;
  promo: string;
  type: CustomerType;
  name: string;
  email: string;
  phone: string;
  companyName: string;
  terms: boolean;
  ack: boolean;
};

export const EMPTY_ANSWERS: Answers = {
  material: '',
  debris: '',
  sizeYards: null,
  days: 7,
  date: '',
  placement: '',
  address: '',
  city: '',
  state: '',
  zip: '',
  promo: '',
  type: 'homeowner',
  name: '',
  email: '',
  phone: '',
  companyName: '',
  terms: false,
  ack: false,
};

/** The fields that identify a person: kept in the tab's sessionStorage, never in the URL. */
export const PRIVATE_FIELDS = ['name', 'email', 'phone', 'companyName', 'terms', 'ack'] as const;

export type Field =
  | 'material'
  | 'debris'
  | 'size'
  | 'days'
  | 'date'
  | 'placement'
  | 'address'
  | 'city'
  | 'state'
  | 'zip'
  | 'promo'
  | 'name'
  | 'email'
  | 'phone'
  | 'companyName'
  | 'terms'
  | 'ack'
  | 'card'
  | 'form';
export type FieldErrors = Partial<Record<Field, string>>;
/** Changes some answers (and clears their errors). */
export type SetAnswers = (patch: Partial<Answers>) => void;
/** What every section of the form gets: field ids and errors. */
export type FieldProps = { id: (f: Field) => string; errors: FieldErrors };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const clip = (value: string | null | undefined, max: number) => (value ?? '').trim().slice(0, max);

/**
 * The spec's query parameters of /book (size, zip, debris, promo, address, type) and the widget's data
 * attributes, plus what the page itself writes for reloads (days, date, city, state). Bad values are
 * dropped, never trusted: the API checks everything again.
 */
export function answersFromParams(get: (name: string) => string | null | undefined): Partial<Answers> {
  const out: Partial<Answers> = {};
  const yards = Number(get('size'));
  if (Number.isFinite(yards) && yards > 0 && yards < 1000) out.sizeYards = yards;
  const days = Number(get('days'));
  if (Number.isInteger(days) && days >= 1 && days <= 365) out.days = days;
  const date = get('date');
  if (date && DATE.test(date)) out.date = date;
  const placement = get('placement');
  if (placement === 'street' || placement === 'private') out.placement = placement;
  const zip = clip(get('zip'), 10);
  if (zip) out.zip = zip;
  const debris = clip(get('debris'), 60);
  if (debris) out.debris = debris;
  const promo = clip(get('promo'), 40);
  if (promo) out.promo = promo;
  const address = clip(get('address'), 200);
  if (address) out.address = address;
  const city = clip(get('city'), 80);
  if (city) out.city = city;
  const state = clip(get('state'), 40);
  if (state) out.state = state;
  const type = get('type');
  if (type === 'homeowner' || type === 'contractor') out.type = type;
  return out;
}

/** The non-private answers as query parameters, in the spec's names where it has them. */
export function answersToParams(a: Answers): [string, string][] {
  const out: [string, string][] = [];
  if (a.sizeYards !== null) out.push(['size', String(a.sizeYards)]);
  out.push(['days', String(a.days)]);
  if (a.date) out.push(['date', a.date]);
  if (a.placement) out.push(['placement', a.placement]);
  if (a.material || a.debris) out.push(['debris', a.material || a.debris]);
  if (a.address) out.push(['address', a.address]);
  if (a.city) out.push(['city', a.city]);
  if (a.state) out.push(['state', a.state]);
  if (a.zip) out.push(['zip', a.zip]);
  if (a.promo) out.push(['promo', a.promo]);
  if (a.type !== 'homeowner') out.push(['type', a.type]);
  return out;
}

/** A debris value that names an active material is that material (spec: debris_type). */
export function resolveDebris(a: Answers, materialSlugs: readonly string[], materialsEnabled: boolean): Answers {
  if (!a.debris || a.material) return a;
  const slug = a.debris.toLowerCase();
  return materialsEnabled && materialSlugs.includes(slug) ? { ...a, material: slug, debris: '' } : a;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The company's closed days as GET /company reports them (non_working_days). */
export type ClosedDays = { weekdays: readonly string[]; dates: readonly { date: string; reason: string }[] };

export type Needs = { material: boolean; ack: boolean; closed?: ClosedDays; placement?: boolean };

const WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/**
 * Why a rental's pickup (delivery + days: every day is paid) cannot happen, in a few words, or null: the
 * API refuses a pickup on a day the company does not work, so the form says it first.
 */
export function pickupClosed(date: string, days: number, closed: ClosedDays | undefined): string | null {
  const pickup = pickupDate(date, days);
  // A delivery on a closed day is told as such first (the calendar and /check say why).
  if (!pickup || !closed || closedDay(date, closed)) return null;
  const reason = closedDay(pickup, closed);
  if (!reason) return null;
  return reason.holiday ? `closed for pickups on that day (${reason.holiday})` : `no pickups on ${reason.weekday}s`;
}

function closedDay(date: string, closed: ClosedDays): { holiday?: string; weekday?: string } | null {
  const day = closed.dates.find((d) => d.date === date);
  if (day) return { holiday: day.reason };
  const weekday = WEEKDAY_NAMES[new Date(`${date}T00:00:00Z`).getUTCDay()] as string;
  return closed.weekdays.includes(weekday) ? { weekday: `${weekday[0]?.toUpperCase()}${weekday.slice(1)}` } : null;
}

/** The sentence shown next to the rental length when its pickup day is closed. */
export const pickupMessage = (reason: string) =>
  `The pickup ${reason.startsWith('no') ? 'would fall on a closed day' : 'day is'} (${reason}). Choose a rental one day shorter or longer, or another delivery date.`;

/** What the form can tell before any request, in the same words the API's refusals are shown in. */
export function validateAnswers(a: Answers, needs: Needs): FieldErrors {
  const errors: FieldErrors = {};
  if (needs.material && !a.material) errors.material = FIELD_MESSAGES.material;
  if (a.sizeYards === null) errors.size = FIELD_MESSAGES.size;
  if (!Number.isInteger(a.days) || a.days < 1 || a.days > 365) errors.days = FIELD_MESSAGES.days;
  if (!DATE.test(a.date)) errors.date = FIELD_MESSAGES.date;
  const pickup = errors.days || errors.date ? null : pickupClosed(a.date, a.days, needs.closed);
  if (pickup) errors.days = pickupMessage(pickup);
  if (needs.placement && !a.placement) errors.placement = FIELD_MESSAGES.placement;
  if (!a.address.trim()) errors.address = FIELD_MESSAGES.address;
  if (!/^\d{5}(-\d{4})?$|^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/.test(a.zip.trim())) errors.zip = FIELD_MESSAGES.zip;
  if (!a.name.trim()) errors.name = FIELD_MESSAGES.name;
  if (!EMAIL.test(a.email.trim())) errors.email = FIELD_MESSAGES.email;
  if (a.phone.replace(/\D/g, '').length < 10) errors.phone = FIELD_MESSAGES.phone;
  if (a.type === 'contractor' && !a.companyName.trim()) errors.companyName = FIELD_MESSAGES.companyName;
  if (needs.ack && !a.ack) errors.ack = FIELD_MESSAGES.ack;
  if (!a.terms) errors.terms = FIELD_MESSAGES.terms;
  return errors;
}

export const FIELD_MESSAGES: Record<Exclude<Field, 'card' | 'form'>, string> = {
  material: 'Choose what will go in the dumpster.',
  debris: 'Describe what will go in the dumpster in a few words.',
  size: 'Choose a dumpster size.',
  days: 'Choose how many days you need the dumpster (1 to 365).',
  date: 'Choose a delivery date on the calendar.',
  placement: 'Choose where the dumpster will sit: on a driveway or private property, or on the street.',
  address: 'Enter the street address where we should deliver.',
  city: 'Enter the city.',
  state: 'Enter the state.',
  zip: 'Enter the ZIP code of the delivery address, like 78701.',
  promo: 'This promo code is not valid.',
  name: 'Enter your full name.',
  email: 'Enter an e-mail address like name@example.com: your receipt goes there.',
  phone: 'Enter a phone number with area code, so the driver can reach you.',
  companyName: 'Enter your company name.',
  terms: 'Please accept the rental terms to continue.',
  ack: 'Please confirm the load contains only this material.',
};

/** Delivery day plus the rental days: the pickup the server computes by default. */
export function pickupDate(date: string, days: number): string {
  if (!DATE.test(date)) return '';
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** How the dumpster answers live in the page's URL (the spec's /book parameters) and which stay private. */
export const dumpsterCodec = {
  fromParams: answersFromParams,
  toParams: answersToParams,
  privateFields: PRIVATE_FIELDS,
};
