import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { companyId } from './companies';
import { junkJobs } from './junk';
import { orders } from './orders';

/**
 * The rental after the booking (docs/decisions/my-booking.md): the customer's private "My booking" links and
 * the changes made to an order after it was booked.
 */

/**
 * A customer's "My booking" link to one order. Only the SHA-256 fingerprint of its token is kept; the token
 * itself is in the confirmation message and in the first confirm's answer. It works until 30 days after the
 * can is back (the order's back_on), unless revoked (the office sends a fresh one).
 */
export const rentalLinks = pgTable(
  'rental_links',
  {
    id: id(),
    companyId: companyId(),
    /** The booking it opens: an order, or a junk job. */
    orderId: uuid('order_id').references(() => orders.id),
    junkJobId: uuid('junk_job_id').references(() => junkJobs.id),
    tokenHash: text('token_hash').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('rental_links_token').on(t.tokenHash), index('rental_links_order').on(t.companyId, t.orderId)],
);

export type ChangeKind = 'extend' | 'end_early' | 'move_delivery' | 'swap' | 'move_window';
export type ChangeStatus = 'pending' | 'requires_payment' | 'applied' | 'refused' | 'failed';

/**
 * One change to an order (extend, end early, move the delivery), priced by the server. A paid change is
 * written `pending` before its card is charged and becomes `applied` in the transaction that changes the
 * order; one open change per order at a time (the partial unique index), so two clicks or two tabs make one
 * charge. Amounts in cents.
 */
export const orderChanges = pgTable(
  'order_changes',
  {
    id: id(),
    companyId: companyId(),
    /** What changed: an order, or a junk job (whose window moved). */
    orderId: uuid('order_id').references(() => orders.id),
    junkJobId: uuid('junk_job_id').references(() => junkJobs.id),
    kind: text('kind').$type<ChangeKind>().notNull(),
    status: text('status').$type<ChangeStatus>().notNull(),
    /** The order's days before and after ({ delivery_date, pickup_date, rental_days }), a job's { job_date, time_window }. */
    before: jsonb('before').notNull(),
    after: jsonb('after').notNull(),
    /** A swap's day: the full can comes back (and takes its turnaround), an empty one is set in its place. */
    swapDate: date('swap_date'),
    /** What the change costs: { days, extra_days, tax, total, processing_fee, gross_total, tax_percent_milli }. */
    amounts: jsonb('amounts').notNull(),
    grossTotalCents: integer('gross_total_cents').notNull(),
    currency: text('currency').notNull(),
    paymentIntentId: text('payment_intent_id'),
    clientSecret: text('client_secret'),
    /** The caller's Idempotency-Key: a repeat answers this change. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** Who made it: 'customer' (the link), 'api' (a server key), or 'office:<member id>'. */
    actor: text('actor').notNull(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('order_changes_idempotency').on(t.companyId, t.orderId, t.idempotencyKey),
    uniqueIndex('order_changes_open').on(t.orderId).where(sql`status in ('pending', 'requires_payment')`),
    index('order_changes_order').on(t.companyId, t.orderId, t.createdAt),
    // The fleet's counts and the dispatch board read applied swaps by day (db/repositories/fleet.ts).
    index('order_changes_swaps').on(t.companyId, t.swapDate).where(sql`kind = 'swap' and status = 'applied'`),
  ],
);
