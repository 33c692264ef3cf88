import type { ConsoleSchemas as S } from '@svc/sdk/console';
import { day, money } from '../../_office/format';

/**
 * The order after its booking as the office sees it (contract/console/rentals.ts → @svc/sdk/console): its days,
 * what was paid, its changes, and the change the office makes for a customer on the phone.
 */
export type RentalBooking = S['RentalBooking'];
export type RentalChange = S['RentalChange'];
export type ChangeQuote = S['RentalChangeQuote'];
export type ChangeRequest = S['RentalChangeRequest'];
export type ChangeKind = ChangeRequest['kind'];
export type LinkResult = S['ConsoleRentalLink'];

export const KIND_LABELS: Record<ChangeKind, string> = {
  extend: 'Extend',
  end_early: 'End early',
  move_delivery: 'Move delivery',
  swap: 'Swap',
};

/** The one field each kind takes: its name in the API's body (a refusal's `field`), label and input type. */
export const KIND_FIELDS: Record<ChangeKind, { name: string; label: string; type: 'number' | 'date' }> = {
  extend: { name: 'days', label: 'Days to add', type: 'number' },
  end_early: { name: 'pickup_date', label: 'New pickup day', type: 'date' },
  move_delivery: { name: 'delivery_date', label: 'New delivery day', type: 'date' },
  swap: { name: 'swap_date', label: 'Swap day', type: 'date' },
};

/** The API's body for a kind and what was typed in its field. */
export function changeBody(kind: ChangeKind, value: string): ChangeRequest {
  switch (kind) {
    case 'extend':
      return { kind, days: Number(value) };
    case 'end_early':
      return { kind, pickup_date: value };
    case 'move_delivery':
      return { kind, delivery_date: value };
    case 'swap':
      return { kind, swap_date: value };
  }
}

/** One Idempotency-Key per change attempted (8–100 of [A-Za-z0-9_-]): a retry or a double click reuses it. */
export function newAttemptKey(): string {
  const random =
    typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
  return `office-${random}`;
}

/** "7 → 9 days"; the same number once when a change kept the length (a moved delivery, a swap). */
export const daysMove = (before: number, after: number) =>
  before === after ? `${after} days` : `${before} → ${after} days`;

/** What was charged for a change, or "Free". */
export const charged = (amounts: RentalChange['amounts']) =>
  amounts.gross_total > 0 ? money(amounts.gross_total, amounts.currency) : 'Free';

/** The office's sentence for a change just made (after the API answered it). */
export function changeOutcome(change: RentalChange, cardSaved: boolean): { tone: 'success' | 'warning'; text: string } {
  const what = `${KIND_LABELS[change.kind]}: ${daysMove(change.before.rental_days, change.after.rental_days)}, pickup ${day(change.after.pickup_date)}.`;
  if (change.status === 'applied')
    return {
      tone: 'success',
      text:
        change.amounts.gross_total > 0
          ? `Changed. ${money(change.amounts.gross_total, change.amounts.currency)} was charged to the saved card. ${what}`
          : `Changed, at no charge. ${what}`,
    };
  if (change.status === 'requires_payment')
    return {
      tone: 'warning',
      text: cardSaved
        ? `Not changed yet: the saved card was declined or needs the customer${change.decline_code ? ` (${change.decline_code.replaceAll('_', ' ')})` : ''}. Send them their link so they can pay on their page.`
        : 'Not changed yet: no card is saved for this booking. Send the customer their link so they can pay on their page.',
    };
  return { tone: 'warning', text: `The change is ${change.status.replaceAll('_', ' ')}. ${what}` };
}
