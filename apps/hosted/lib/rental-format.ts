import type { RentalBooking, RentalChange } from '@svc/sdk';

/** An arrival window: company time, "HH:MM" on a 24-hour clock. */
export type TimeWindow = { start: string; end: string };

/** One move of a junk job (the contract's JunkRentalChange; the SDK exports only the dumpster types). */
export type JunkChange = {
  id: string;
  kind: 'move_window';
  status: 'applied';
  before: { job_date: string; time_window: TimeWindow };
  after: { job_date: string; time_window: TimeWindow };
  made_by: 'customer' | 'api' | 'office';
  created_at: string;
};

/** A junk removal job as the link opens it (the contract's JunkRentalBooking). */
export type JunkBooking = {
  service: 'junk';
  reference: string;
  job_number: number;
  company: RentalBooking['company'];
  /** confirmed, scheduled, en_route, completed, canceled or pending_risk_review */
  status: string;
  load: string;
  job_date: string;
  time_window: TimeWindow;
  address: { line1: string; line2: string | null; city: string | null; state: string | null; zip: string };
  photos: number;
  /** photos the job can still take through the link now (0 once the time is over, or none are taken online) */
  photos_remaining: number;
  /** until when (ISO date-time) photos can be added; null when they cannot */
  photos_until: string | null;
  paid: number;
  currency: 'USD' | 'CAD';
  /** until when (company time, "YYYY-MM-DD HH:00") the job can move; null once it cannot */
  move_cutoff: string | null;
  /** the days with a window that has a free seat: where the job can move now (empty when it cannot move) */
  windows: { date: string; windows: (TimeWindow & { remaining: number })[] }[];
  changes: JunkChange[];
};

/** One photo of the pile, as POST /rental/v1/job/photos lists them. */
export type JunkPhoto = { id: string; content_type: string; bytes: number; width: number; height: number };

/** The answer of POST /rental/v1/job/photos: the job's photos now, and how many more it takes until when. */
export type JunkPhotosResult = { job_number: number; photos: JunkPhoto[]; remaining: number; until: string | null };

/** What the link opens: a dumpster order or a junk removal job, told apart by `service`. */
export type AnyBooking = RentalBooking | JunkBooking;

/** The body of POST /rental/v1/job/window. */
export type JunkMoveRequest = { job_date: string; time_window_start: string; time_window_end: string };

/**
 * The "My booking" page's words and numbers (app/rental/[token]): pure, so the server render and the
 * browser's script say the same thing.
 */

/** The private link's token: rtl_ and 32 URL-safe characters. Anything else is not looked up. */
export const RENTAL_TOKEN = /^rtl_[A-Za-z0-9_-]{32}$/;

export type ChangeKind = RentalChange['kind'];

export function money(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
}

/** "Tue, Dec 1, 2026" for a YYYY-MM-DD day (a calendar day: no time zone moves it). */
export function day(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** When a change was made: the day in UTC on the server, the visitor's own day and time once the script runs. */
export function moment(iso: string, local: boolean): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    ...(local ? { hour: 'numeric', minute: '2-digit' } : { timeZone: 'UTC' }),
  }).format(date);
}

/** "14:00" → "2:00 PM". */
export function clock(hhmm: string): string {
  const m = /^(\d{1,2}):(\d{2})/.exec(hhmm);
  if (!m) return hhmm;
  const hour = Number(m[1]);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${m[2]} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** An arrival window as the booking page writes it: "8:00 AM – 10:00 AM". */
export function windowText(window: TimeWindow, dash = ' – '): string {
  return `${clock(window.start)}${dash}${clock(window.end)}`;
}

/** "2026-12-03 17:00" (company time) → "Thu, Dec 3, 2026 at 5:00 PM". */
export function cutoff(value: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})/.exec(value);
  if (!m) return value;
  return `${day(m[1] as string)} at ${clock(`${m[2]}:${m[3]}`)}`;
}

export const KIND_LABEL: Record<ChangeKind, string> = {
  extend: 'Extended',
  end_early: 'Ended early',
  move_delivery: 'Delivery moved',
  swap: 'Swap',
};

export const MADE_BY_LABEL: Record<RentalChange['made_by'], string> = {
  customer: 'you',
  api: 'the company',
  office: 'the company',
};

export const CHANGE_STATUS_LABEL: Record<RentalChange['status'], string> = {
  pending: 'In progress',
  requires_payment: 'Waiting for payment',
  applied: 'Done',
  refused: 'Refused',
  failed: 'Failed',
};

/** What one change did, in a sentence: "3 more days, pickup Sat, Dec 5, 2026"; a swap names its day. */
export function changeSummary(
  change: Pick<RentalChange, 'kind' | 'before' | 'after' | 'amounts' | 'swap_date'>,
): string {
  if (change.kind === 'swap')
    return change.swap_date
      ? `Full dumpster replaced with an empty one on ${day(change.swap_date)}`
      : 'Full dumpster replaced with an empty one';
  if (change.kind === 'extend') {
    const days = change.amounts.days;
    return `${days} more ${days === 1 ? 'day' : 'days'}, pickup ${day(change.after.pickup_date)}`;
  }
  if (change.kind === 'end_early')
    return `Pickup moved from ${day(change.before.pickup_date)} to ${day(change.after.pickup_date)}`;
  return `Delivery moved from ${day(change.before.delivery_date)} to ${day(change.after.delivery_date)}`;
}

/** The booking's way from placed to completed, as the customer reads it. */
export const PROGRESS = [
  { label: 'Booked', statuses: ['placed', 'confirmed'] },
  { label: 'Scheduled', statuses: ['scheduled', 'waiting_delivery'] },
  { label: 'Out for delivery', statuses: ['out_for_delivery'] },
  { label: 'Delivered', statuses: ['delivered'] },
  { label: 'Waiting pickup', statuses: ['waiting_pickup'] },
  { label: 'Picked up', statuses: ['picked_up', 'waiting_landfill'] },
  { label: 'Completed', statuses: ['completed'] },
] as const;

/** The index in PROGRESS of a status (-1: canceled or unknown). */
export function progressIndex(status: RentalBooking['status']): number {
  return PROGRESS.findIndex((step) => (step.statuses as readonly string[]).includes(status));
}

/** A YYYY-MM-DD day `n` days after another (UTC calendar arithmetic). */
export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + n)).toISOString().slice(0, 10);
}

/** Who to reach for anything else: the company's phone and e-mail, as links. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** A junk job's way from booked to done, as the customer reads it. */
export const JUNK_PROGRESS = [
  { label: 'Booked', status: 'confirmed' },
  { label: 'Scheduled', status: 'scheduled' },
  { label: 'Crew on the way', status: 'en_route' },
  { label: 'Completed', status: 'completed' },
] as const;

/** The index in JUNK_PROGRESS of a job's status (-1: canceled, under review or unknown). */
export function junkProgressIndex(status: string): number {
  return JUNK_PROGRESS.findIndex((step) => step.status === status);
}

/** One move of a junk job, in a sentence. */
export function junkChangeSummary(change: Pick<JunkChange, 'before' | 'after'>): string {
  const { before, after } = change;
  return `From ${day(before.job_date)}, ${windowText(before.time_window)} to ${day(after.job_date)}, ${windowText(after.time_window)}`;
}
