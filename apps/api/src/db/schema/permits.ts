import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PermitTerms } from '../../domain/permits';
import { createdAt, updatedAt } from './columns';
import { companyId } from './companies';
import { orders } from './orders';

/**
 * An order booked for the street (docs/decisions/street-permits.md): the rule's terms frozen at booking
 * (null when the street there needs no permit), what the fees paid cover, and the permit the office recorded
 * or an owner's override. An order without a row sits on private property (every order before issue 57).
 */
export const orderPermits = pgTable(
  'order_permits',
  {
    companyId: companyId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The terms as quoted, in cents; null: the street needs no permit there. */
    terms: jsonb('terms').$type<PermitTerms>(),
    /** The office applies by this day (delivery less the lead days). */
    applyBy: date('apply_by'),
    /** The last rental day the fees paid cover; null: no expiry (or no permit). */
    coveredThrough: date('covered_through'),
    number: text('number'),
    startsOn: date('starts_on'),
    endsOn: date('ends_on'),
    scanKey: text('scan_key'),
    scanType: text('scan_type'),
    scanWidth: integer('scan_width'),
    scanHeight: integer('scan_height'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }),
    recordedBy: text('recorded_by'),
    overrideReason: text('override_reason'),
    overrideBy: text('override_by'),
    overrideAt: timestamp('override_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.orderId] }),
    index('order_permits_apply_by').on(t.companyId, t.applyBy),
  ],
);
