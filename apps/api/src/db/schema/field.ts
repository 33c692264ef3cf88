import { sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { companyId } from './companies';
import { consoleUsers } from './console';
import { junkJobs } from './junk';
import { orders } from './orders';

/**
 * The driver's day (docs/decisions/drivers-day.md): the office's routes, what drivers do at each stop, their
 * photos and weigh tickets, and the charges that come of them (an overage from the scale, a wasted trip).
 */

/** What a driver does at a stop: set the can, take it back, swap it, or a junk job's visit. */
export type StopKind = 'delivery' | 'pickup' | 'swap' | 'junk';
/** A stop's state in the field: waiting for its driver, the driver on the way, done, or not done (with a reason). */
export type StopState = 'assigned' | 'on_the_way' | 'done' | 'failed';

/**
 * A stop given to a driver on a day, in the office's order. Its key names what it is for (`delivery:<order>`,
 * `pickup:<order>`, `swap:<change>`, `junk:<job>`), so one stop is on at most one route a day.
 */
export const routeStops = pgTable(
  'route_stops',
  {
    id: id(),
    companyId: companyId(),
    day: date('day').notNull(),
    stopKey: text('stop_key').notNull(),
    kind: text('kind').$type<StopKind>().notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    junkJobId: uuid('junk_job_id').references(() => junkJobs.id),
    driverId: text('driver_id')
      .notNull()
      .references(() => consoleUsers.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    state: text('state').$type<StopState>().notNull().default('assigned'),
    stateAt: timestamp('state_at', { withTimezone: true }),
    /** Why a stop was not done: blocked, not_there, overfilled, prohibited_items. */
    failure: text('failure'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('route_stops_key').on(t.companyId, t.day, t.stopKey),
    index('route_stops_driver').on(t.companyId, t.driverId, t.day, t.position),
  ],
);

/**
 * One action sent from the field, by the id its phone gave it: a repeat (the phone back online sending its
 * queue again, a double tap) finds the row and answers what the first one did. Written in the transaction
 * of the action.
 */
export const fieldActions = pgTable(
  'field_actions',
  {
    companyId: companyId(),
    id: uuid('id').notNull(),
    driverId: text('driver_id').notNull(),
    stopKey: text('stop_key').notNull(),
    action: text('action').notNull(),
    /** When the driver did it (the phone's clock, kept as said), and when it arrived. */
    doneAt: timestamp('done_at', { withTimezone: true }).notNull(),
    result: jsonb('result'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);

/** A photo from the field (a placement, a weigh ticket, a stop's proof), by the id its phone gave it. */
export const fieldPhotos = pgTable(
  'field_photos',
  {
    companyId: companyId(),
    id: uuid('id').notNull(),
    stopKey: text('stop_key').notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    junkJobId: uuid('junk_job_id').references(() => junkJobs.id),
    driverId: text('driver_id').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), index('field_photos_order').on(t.companyId, t.orderId)],
);

/** A weigh ticket from the landfill: one per pickup or swap stop (the load it weighed). */
export const weighTickets = pgTable(
  'weigh_tickets',
  {
    id: id(),
    companyId: companyId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    stopKey: text('stop_key').notNull(),
    netWeightTons: doublePrecision('net_weight_tons').notNull(),
    landfillCostCents: integer('landfill_cost_cents').notNull(),
    photoId: uuid('photo_id'),
    driverId: text('driver_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('weigh_tickets_stop').on(t.companyId, t.stopKey),
    index('weigh_tickets_day').on(t.companyId, t.createdAt),
  ],
);

export type FieldChargeKind = 'overage' | 'wasted_trip';
/**
 * noticed (the customer told; charged at charge_after) → charging → charged; held by the office (no charge
 * until released); declined (owed: the customer pays through the link → paid); waived. Adjusted amounts
 * keep the state.
 */
export type FieldChargeStatus = 'noticed' | 'held' | 'charging' | 'charged' | 'declined' | 'paid' | 'waived';

/**
 * What the field makes a customer owe after the booking: the overage a weigh ticket shows, a wasted trip.
 * One per ticket and one per failed stop (unique), so a ticket sent again is charged once; the charge's
 * processor idempotency key is `field-charge:<id>`. Amounts in cents.
 */
export const fieldCharges = pgTable(
  'field_charges',
  {
    id: id(),
    companyId: companyId(),
    orderId: uuid('order_id').references(() => orders.id),
    junkJobId: uuid('junk_job_id').references(() => junkJobs.id),
    kind: text('kind').$type<FieldChargeKind>().notNull(),
    /** What it is for: the weigh ticket, or the failed stop's key. */
    ticketId: uuid('ticket_id').references(() => weighTickets.id),
    stopKey: text('stop_key').notNull(),
    status: text('status').$type<FieldChargeStatus>().notNull(),
    /** The rule's figures ({ tons, allowance_tons, over_tons, rate, mode, … }) and the money (cents). */
    amounts: jsonb('amounts').notNull(),
    grossTotalCents: integer('gross_total_cents').notNull(),
    currency: text('currency').notNull(),
    chargeAfter: timestamp('charge_after', { withTimezone: true }).notNull(),
    paymentIntentId: text('payment_intent_id'),
    clientSecret: text('client_secret'),
    /** The office's adjustment or waiver, with its reason and who. */
    note: text('note'),
    noteBy: text('note_by'),
    lastError: text('last_error'),
    chargedAt: timestamp('charged_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('field_charges_for').on(t.companyId, t.kind, t.stopKey),
    index('field_charges_order').on(t.companyId, t.orderId),
    // The charge worker's queue: due notices, and charges whose answer was lost.
    index('field_charges_due').on(t.chargeAfter).where(sql`status in ('noticed', 'charging')`),
  ],
);
