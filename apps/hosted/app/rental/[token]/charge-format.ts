import type { RentalBooking } from '@svc/sdk';
import { money } from '../../../lib/rental-format';

/**
 * The words and numbers of "Charges after your rental" (charges-section.tsx): pure, so the server render and
 * the browser's script say the same thing.
 */

/** One charge the field added after the booking: an overage from the scale or a wasted trip. */
export type RentalCharge = RentalBooking['charges'][number];

/** Why a driver could not complete a stop, as the customer reads it. */
export const FAILURE_LABEL: Record<NonNullable<RentalCharge['failure']>, string> = {
  blocked: 'blocked',
  not_there: 'not there',
  overfilled: 'overfilled',
  prohibited_items: 'prohibited items',
};

/** The statuses before the can reaches the customer: a stop that failed then can only be the delivery. */
const BEFORE_DELIVERY = new Set(['placed', 'confirmed', 'scheduled', 'waiting_delivery', 'out_for_delivery']);

/** "5.40 tons", "1.00 ton". */
export function tons(value: number): string {
  return `${value.toFixed(2)} ${value === 1 ? 'ton' : 'tons'}`;
}

/** The charge's title: "Overweight: 3.40 tons over" or "Return trip fee". */
export function chargeTitle(charge: RentalCharge): string {
  if (charge.kind === 'wasted_trip') return 'Return trip fee';
  return charge.ticket ? `Overweight: ${tons(charge.ticket.over_tons)} over` : 'Overweight';
}

/** A wasted trip in a sentence: "the driver could not complete the delivery (blocked)". */
export function wastedTripText(charge: RentalCharge, status: RentalBooking['status']): string {
  const stop = BEFORE_DELIVERY.has(status) ? 'the delivery' : 'the visit';
  return `The driver could not complete ${stop}${charge.failure ? ` (${FAILURE_LABEL[charge.failure]})` : ''}.`;
}

/** The overage's own line: "3.40 tons over × $65.00/ton", or the flat fee; null without a ticket. */
export function overageLine(charge: RentalCharge): string | null {
  const { ticket } = charge;
  if (!ticket) return null;
  if (ticket.rate === null) return `${tons(ticket.over_tons)} over`;
  if (ticket.mode === 'flat') return `Overweight fee (over ${tons(ticket.allowance_tons)})`;
  return `${tons(ticket.over_tons)} over × ${money(ticket.rate, charge.currency)}/ton`;
}

/** Whether the company set another amount than the ticket's rule gives (its note says why). */
export function adjusted(charge: RentalCharge): boolean {
  const { ticket } = charge;
  if (!ticket || ticket.rate === null || charge.kind !== 'overage') return false;
  const rule = ticket.mode === 'flat' ? ticket.rate : Math.round(ticket.over_tons * ticket.rate * 100) / 100;
  return ticket.over_tons > 0 && Math.abs(rule - charge.amount) >= 0.005;
}

/**
 * The company's time zone, when the API gives it (the notice e-mail writes its times in it); null: the
 * contract's RentalCompany has none yet, and the page writes the visitor's own time.
 */
export function companyZone(booking: RentalBooking): string | null {
  const zone = (booking.company as { timezone?: unknown }).timezone;
  return typeof zone === 'string' && zone ? zone : null;
}

/**
 * A moment of a charge ("Tue, Dec 1, 3:00 PM"): in the company's time zone when known (the same on the
 * server and in the browser); else the day in UTC on the server, the visitor's own day and time once the
 * page's script runs (the customer is where the company works).
 */
export function when(iso: string, zone: string | null, local: boolean): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const time = zone || local ? { hour: 'numeric', minute: '2-digit' } : { timeZone: 'UTC' };
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(time as Intl.DateTimeFormatOptions),
    ...(zone ? { timeZone: zone } : {}),
  }).format(date);
}

/** Where the charge stands, in a sentence (a declined one's is its pay panel's). */
export function stateText(charge: RentalCharge, booking: RentalBooking, local: boolean): string {
  const total = money(charge.gross_total, charge.currency);
  const company = booking.company.name;
  const at = (iso: string) => when(iso, companyZone(booking), local);
  switch (charge.status) {
    case 'noticed':
      return `Charged to your card on file on ${at(charge.charge_after)}.`;
    case 'held':
      return `On hold: ${company} is looking at it. Nothing is charged until they release it.`;
    case 'charging':
      return `Being charged to your card on file now (${total}).`;
    case 'charged':
      return `Charged to your card on file${charge.charged_at ? ` on ${at(charge.charged_at)}` : ''}.`;
    case 'declined':
      return `Payment failed: pay ${total} now.`;
    case 'paid':
      return `Paid${charge.charged_at ? ` on ${at(charge.charged_at)}` : ''}.`;
    case 'waived':
      return `Waived by ${company}: there is nothing to pay.`;
  }
}

/** A short word for the charge's status, as a badge beside its title. */
export const STATUS_BADGE: Record<RentalCharge['status'], string> = {
  noticed: 'Upcoming',
  held: 'On hold',
  charging: 'Charging',
  charged: 'Charged',
  declined: 'Payment failed',
  paid: 'Paid',
  waived: 'Waived',
};
