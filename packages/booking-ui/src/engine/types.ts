import type { ConfirmOutcome, Intent } from '@svc/sdk';

export type { CompanyEmbed } from '@svc/sdk';

/** svc:booking:complete's detail: an order was confirmed, or received and held for review. */
export type BookingComplete = { order_number: number; amount: number };
/** svc:booking:unconfirmed's detail: the card is authorized, the order not made yet. Never a conversion. */
export type BookingUnconfirmed = { reference: string };

export type Channel = 'link' | 'widget';

/**
 * A payment in progress: kept in sessionStorage so a reload or a 3-D Secure return resumes it. `answers`
 * are the form's own; `sizeLabel` names what is booked (a dumpster size, a junk load).
 */
export type Pending<A> = { intent: Intent; answers: A; sizeLabel: string };
/** A finished booking, shown again after a reload instead of inviting a second order. */
export type Done = { outcome: ConfirmOutcome; email: string; amount: number; currency: string };

/** Where a booking stands: the form, the card, the confirm, the outcome. */
export type Phase<A> =
  | { kind: 'form' }
  | { kind: 'payment'; pending: Pending<A> }
  | { kind: 'confirming'; pending: Pending<A> }
  | { kind: 'done'; done: Done };
