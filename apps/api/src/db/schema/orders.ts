import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
import type { SessionState } from '../../domain/session-state';
import { sizes } from './catalog';
import { createdAt, id, updatedAt } from './columns';
import { companyId } from './companies';
import { customers } from './customers';
import { junkJobs } from './junk';

/** Customers, orders, invoices, payments, booking sessions and dispatch entries. */

/** Orders the Data API may show: no demo data, nothing under fraud review (spec: omitted until released). */
const LISTED = sql`not is_demo and status <> 'pending_risk_review'`;
const UNLISTED = sql`is_demo or status = 'pending_risk_review'`;

export const orders = pgTable(
  'orders',
  {
    id: id(),
    companyId: companyId(),
    orderNumber: integer('order_number').notNull(),
    status: text('status').notNull(),
    paymentStatus: text('payment_status').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    sizeId: uuid('size_id')
      .notNull()
      .references(() => sizes.id),
    sizeLabel: text('size_label').notNull(),
    material: text('material'),
    materialLabel: text('material_label'),
    debrisType: text('debris_type'),
    rentalDays: integer('rental_days').notNull(),
    deliveryDate: date('delivery_date').notNull(),
    pickupDate: date('pickup_date').notNull(),
    /** The day its can came back, when that was before pickup_date (a pickup moved earlier: docs/decisions/fleet.md). */
    returnedOn: date('returned_on'),
    /** The day its can is back: returned_on, else pickup_date (kept by the database; the fleet's counts go by it: fleet_days). */
    backOn: date('back_on').generatedAlwaysAs(sql`coalesce(returned_on, pickup_date)`),
    address: jsonb('address').notNull(),
    placementLat: doublePrecision('placement_lat'),
    placementLng: doublePrecision('placement_lng'),
    bookingChannel: text('booking_channel').$type<'api' | 'link' | 'widget'>().notNull(),
    /** The frozen quote, in cents. */
    quote: jsonb('quote').notNull(),
    totalCents: integer('total_cents').notNull(),
    processingFeeCents: integer('processing_fee_cents').notNull(),
    grossTotalCents: integer('gross_total_cents').notNull(),
    currency: text('currency').notNull(),
    promoCode: text('promo_code'),
    netWeightTons: doublePrecision('net_weight_tons'),
    landfillCostCents: integer('landfill_cost_cents'),
    riskReview: boolean('risk_review').notNull().default(false),
    sessionId: text('session_id'),
    /** utm_* and referrer of the page the booking came from (IntentRequest.attribution). */
    attribution: jsonb('attribution').$type<Record<string, string>>(),
    isDemo: boolean('is_demo').notNull().default(false),
    /** The processor's customer and the card saved at booking for the company's later charges (a change). */
    processorCustomer: text('processor_customer'),
    savedCard: text('saved_card'),
    /** The pickup day the customer was last reminded of ("your rental ends tomorrow"): a moved pickup is told again. */
    pickupRemindedFor: date('pickup_reminded_for'),
    createdAt: createdAt(),
    /** Set by every status change. */
    updatedAt: updatedAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * The order as the Data API's lists show it, as JSON text: written by the database on every insert and
     * update (drizzle/0011_order_list_json.sql), read by a list page (db/repositories/order-lists.ts).
     */
    listJson: text('list_json'),
  },
  (t) => [
    uniqueIndex('orders_company_number').on(t.companyId, t.orderNumber),
    index('orders_company_created').on(t.companyId, t.createdAt),
    // The Data API's lists: only what it may show (never demo data, never an order under fraud review).
    index('orders_listed').on(t.companyId, t.createdAt, t.orderNumber).where(LISTED),
    index('orders_listed_status').on(t.companyId, t.status, t.createdAt, t.orderNumber).where(LISTED),
    // A customer's orders as the Data API counts them, and whether all of them are hidden.
    index('orders_customer_listed').on(t.companyId, t.customerId, t.createdAt).where(LISTED),
    index('orders_customer_unlisted').on(t.companyId, t.customerId).where(UNLISTED),
    // The office's search: the orders of the customers whose name, e-mail or phone matched (drizzle/0010_office.sql).
    index('orders_customer').on(t.companyId, t.customerId),
    // The pickups the reminder worker has yet to tell of (use-cases/rentals/reminders.ts): it shrinks as they go out.
    index('orders_pickup_reminders')
      .on(t.pickupDate)
      .where(
        sql`status in ('confirmed', 'scheduled', 'out_for_delivery', 'delivered', 'waiting_pickup') and pickup_reminded_for is distinct from pickup_date`,
      ),
  ],
);

/**
 * How many listable orders each company has per status ('*': any) and UTC day of creation, kept by a
 * trigger on orders (drizzle/0004_data_api.sql). It lets a Data API page deep in a long list start at its
 * day instead of skipping a million rows (docs/decisions/order-pages.md).
 */
export const orderListCounts = pgTable(
  'order_list_counts',
  {
    companyId: companyId(),
    status: text('status').notNull(),
    day: date('day').notNull(),
    listed: integer('listed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.status, t.day] })],
);

/**
 * order_list_counts summed by UTC month, kept by the same trigger (drizzle/0012_order_list_months.sql): a
 * deep page finds its month among a few dozen rows, then its day among that month's.
 */
export const orderListMonths = pgTable(
  'order_list_months',
  {
    companyId: companyId(),
    status: text('status').notNull(),
    /** The month's first day. */
    month: date('month').notNull(),
    listed: integer('listed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.status, t.month] })],
);

/**
 * The cans of each size out per day, kept by triggers on orders and order_changes
 * (drizzle/0017_fleet_days.sql): the fleet's counts (db/repositories/fleet.ts) read a row a day per size
 * instead of the rentals (docs/decisions/fleet.md). Every order that is not canceled counts in `cans_out` from
 * its delivery day through its back day (back_on) and in `cans_back` on its back day; an applied swap counts
 * in both on its day. The turnaround after a back day is the config's, added when read (domain/fleet.ts `fleetDaysOf`).
 */
export const fleetDays = pgTable(
  'fleet_days',
  {
    companyId: companyId(),
    /** The order's size (no reference: a count, kept by the database like order_list_counts). */
    sizeId: uuid('size_id').notNull(),
    day: date('day').notNull(),
    /** Cans with customers that day: rentals from their delivery day through the day their can is back. */
    cansOut: integer('cans_out').notNull(),
    /** Cans back that day (their turnaround starts the next day). */
    cansBack: integer('cans_back').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.sizeId, t.day] })],
);

/**
 * The bookings of each company per day (its own timezone's), kind, channel and UTM source, kept by triggers
 * on orders and junk_jobs (drizzle/0010_office.sql): the console's dashboard reads 30 or 90 rows a series
 * instead of rescanning every order (docs/decisions/office-lists.md).
 */
export const bookingDays = pgTable(
  'booking_days',
  {
    companyId: companyId(),
    day: date('day').notNull(),
    kind: text('kind').$type<'order' | 'job'>().notNull(),
    channel: text('channel').notNull(),
    /** utm_source as booked ('' when none), at most 100 characters. */
    source: text('source').notNull(),
    bookings: integer('bookings').notNull(),
    /** Of those, how many were held for review when booked. */
    held: integer('held').notNull(),
    /** Their gross totals (what the customer was charged, card fee included). */
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.kind, t.channel, t.source] })],
);

export const invoices = pgTable('invoices', {
  id: id(),
  companyId: companyId(),
  orderId: uuid('order_id').references(() => orders.id),
  junkJobId: uuid('junk_job_id').references(() => junkJobs.id),
  totalCents: integer('total_cents').notNull(),
  status: text('status').$type<'open' | 'paid' | 'void'>().notNull(),
  createdAt: createdAt(),
});

export const payments = pgTable(
  'payments',
  {
    id: id(),
    companyId: companyId(),
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    processor: text('processor').notNull(),
    paymentIntentId: text('payment_intent_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<'authorized' | 'captured' | 'canceled'>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payments_intent').on(t.paymentIntentId)],
);

/** One booking attempt, keyed by the caller's (or our) session_id within the company. */
export const bookingSessions = pgTable(
  'booking_sessions',
  {
    companyId: companyId(),
    sessionId: text('session_id').notNull(),
    kind: text('kind').$type<'dumpster' | 'junk'>().notNull(),
    state: text('state').$type<SessionState>().notNull(),
    requestHash: text('request_hash').notNull(),
    request: jsonb('request').notNull(),
    quote: jsonb('quote').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    paymentIntentId: text('payment_intent_id'),
    /** Handed back on an idempotent replay of POST /intents; it only lets a browser confirm this payment. */
    clientSecret: text('client_secret'),
    bookingChannel: text('booking_channel').$type<'api' | 'link' | 'widget'>().notNull().default('api'),
    /** The kind of key that opened it: only the same kind may replace it (null: opened before this was kept). */
    keyKind: text('key_kind').$type<'publishable' | 'server'>(),
    orderId: uuid('order_id').references(() => orders.id),
    junkJobId: uuid('junk_job_id').references(() => junkJobs.id),
    material: jsonb('material'),
    /**
     * What the booking takes once it is made (docs/decisions/unpaid-intents-hold-nothing.md): a junk session's
     * window, a dumpster session's rental, the promo code whose use it redeems. A session holds none of them.
     */
    slotDate: date('slot_date'),
    slotStart: text('slot_start'),
    promoCode: text('promo_code'),
    sizeId: uuid('size_id'),
    deliveryDate: date('delivery_date'),
    pickupDate: date('pickup_date'),
    /** The processor's customer the card is saved to, when the company saves cards (docs/decisions/my-booking.md). */
    processorCustomer: text('processor_customer'),
    lastError: text('last_error'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    notifiedUnconfirmedAt: timestamp('notified_unconfirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.sessionId] }),
    index('booking_sessions_state').on(t.state),
    // The Data API's estimates: sessions that never became an order or job (docs/decisions/estimates.md).
    index('booking_sessions_estimates')
      .on(t.companyId, t.createdAt, t.sessionId)
      .where(sql`state in ('intent_created', 'failed')`),
  ],
);

export const dispatchEntries = pgTable('dispatch_entries', {
  id: id(),
  companyId: companyId(),
  orderId: uuid('order_id').references(() => orders.id),
  junkJobId: uuid('junk_job_id').references(() => junkJobs.id),
  date: date('date').notNull(),
  kind: text('kind').$type<'delivery' | 'pickup' | 'junk'>().notNull(),
  createdAt: createdAt(),
});
