/**
 * One schema for the whole product (Booking API, junk removal, Data API, webhooks), shared by PGlite
 * and PostgreSQL. Money columns are integer cents (*_cents); percentages integer milli-percent.
 * Every business table carries company_id: every query is scoped to the key's company.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
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

const id = () => uuid('id').primaryKey().defaultRandom();
const companyId = () =>
  uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export type PaymentLimitsRow = {
  intents_per_ip_per_hour: number;
  intents_per_hour: number;
  failed_payments_per_session: number;
};

export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

export const companies = pgTable('companies', {
  id: id(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
  timezone: text('timezone').notNull(),
  currency: text('currency').$type<'USD' | 'CAD'>().notNull(),
  country: text('country').$type<'US' | 'CA'>().notNull(),
  contact: jsonb('contact').notNull(),
  address: jsonb('address').notNull(),
  branding: jsonb('branding').notNull(),
  bookingOnline: boolean('booking_online').notNull().default(false),
  paymentsReady: boolean('payments_ready').notNull().default(false),
  cardFeeHandling: text('card_fee_handling').$type<'customer_pays' | 'company_absorbs'>().notNull(),
  cardFeePercentMilli: integer('card_fee_percent_milli').notNull().default(0),
  cardFeeFixedCents: integer('card_fee_fixed_cents').notNull().default(0),
  nonWorkingWeekdays: jsonb('non_working_weekdays').$type<number[]>().notNull(),
  minNoticeDays: integer('min_notice_days').notNull().default(1),
  maxAdvanceDays: integer('max_advance_days').notNull().default(90),
  serviceAreaZips: jsonb('service_area_zips').$type<string[]>().notNull(),
  materialsEnabled: boolean('materials_enabled').notNull().default(false),
  materialsRequired: boolean('materials_required').notNull().default(false),
  materialsNote: text('materials_note').notNull().default(''),
  bookingConfirmedUrl: text('booking_confirmed_url'),
  /** Caps on payment intents and failed card attempts (company config booking.payment_limits). */
  paymentLimits: jsonb('payment_limits').$type<PaymentLimitsRow>(),
  processorKind: text('processor_kind').$type<'sandbox' | 'stripe'>().notNull().default('sandbox'),
  processorAccount: text('processor_account'),
  /** Data API access gate: none -> requested -> approved | revoked. */
  dataApiAccess: text('data_api_access').notNull().default('none'),
  plan: text('plan').notNull().default('free'),
  nextOrderNumber: integer('next_order_number').notNull().default(1001),
  nextJobNumber: integer('next_job_number').notNull().default(1001),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const closedDates = pgTable(
  'closed_dates',
  {
    id: id(),
    companyId: companyId(),
    date: date('date').notNull(),
    kind: text('kind').$type<'holiday' | 'blackout'>().notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [uniqueIndex('closed_dates_company_date').on(t.companyId, t.date)],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    companyId: companyId(),
    kind: text('kind').$type<'publishable' | 'server' | 'data'>().notNull(),
    /** SHA-256 hex of the whole key: the only form a secret key is stored in. */
    fingerprint: text('fingerprint').notNull().unique(),
    /** Shown in listings: the prefix and the last four characters. */
    display: text('display').notNull(),
    /** Publishable keys are public by design and kept whole (see docs/decisions.md). */
    publishableKey: text('publishable_key'),
    allowedDomains: jsonb('allowed_domains').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    label: text('label').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('api_keys_company').on(t.companyId)],
);

export const sizes = pgTable(
  'sizes',
  {
    id: id(),
    companyId: companyId(),
    key: text('key').notNull(),
    label: text('label').notNull(),
    yards: doublePrecision('yards').notNull(),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url'),
    includedTons: doublePrecision('included_tons').notNull(),
    overagePerTonCents: integer('overage_per_ton_cents'),
    priceD3Cents: integer('price_d3_cents'),
    priceD7Cents: integer('price_d7_cents'),
    priceD10Cents: integer('price_d10_cents'),
    priceD14Cents: integer('price_d14_cents'),
    priceD30Cents: integer('price_d30_cents'),
    extraDayCents: integer('extra_day_cents').notNull(),
    taxEnabled: boolean('tax_enabled').notNull().default(false),
    taxPercentMilli: integer('tax_percent_milli').notNull().default(0),
    fuelFeeEnabled: boolean('fuel_fee_enabled').notNull().default(false),
    fuelFeeCents: integer('fuel_fee_cents').notNull().default(0),
    isDefault: boolean('is_default').notNull().default(false),
    isPopular: boolean('is_popular').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sizes_company_key').on(t.companyId, t.key)],
);

export const materials = pgTable(
  'materials',
  {
    id: id(),
    companyId: companyId(),
    slug: text('slug').notNull(),
    label: text('label').notNull(),
    explanation: text('explanation'),
    requiresAck: boolean('requires_ack').notNull().default(false),
    isCatchAll: boolean('is_catch_all').notNull().default(false),
    isHeavy: boolean('is_heavy').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    sizePolicy: text('size_policy').$type<'all' | 'listed'>().notNull().default('all'),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('materials_company_slug').on(t.companyId, t.slug)],
);

export const materialSizes = pgTable(
  'material_sizes',
  {
    materialId: uuid('material_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'cascade' }),
    sizeId: uuid('size_id')
      .notNull()
      .references(() => sizes.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents'),
    maxWeightTons: doublePrecision('max_weight_tons'),
    overageMode: text('overage_mode').$type<'inherit' | 'flat' | 'per_ton'>().notNull().default('inherit'),
    overagePerTonCents: integer('overage_per_ton_cents'),
  },
  (t) => [primaryKey({ columns: [t.materialId, t.sizeId] })],
);

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: id(),
    companyId: companyId(),
    code: text('code').notNull(),
    discountType: text('discount_type').$type<'percent' | 'amount'>().notNull(),
    percentMilli: integer('percent_milli').notNull().default(0),
    amountCents: integer('amount_cents').notNull().default(0),
    validFrom: date('valid_from'),
    validTo: date('valid_to'),
    maxUses: integer('max_uses'),
    timesUsed: integer('times_used').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('promo_codes_company_code').on(t.companyId, t.code)],
);

/** A company's commercial (invoiced) customers: they may not book by card online (account_customer). */
export const commercialAccounts = pgTable(
  'commercial_accounts',
  {
    id: id(),
    companyId: companyId(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('commercial_accounts_company_email').on(t.companyId, t.email)],
);

export const customers = pgTable(
  'customers',
  {
    id: id(),
    companyId: companyId(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    type: text('type').$type<'residential' | 'contractor'>().notNull().default('residential'),
    companyName: text('company_name'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('customers_company_email').on(t.companyId, t.email)],
);

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
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_company_number').on(t.companyId, t.orderNumber),
    index('orders_company_created').on(t.companyId, t.createdAt),
  ],
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
    state: text('state').$type<'intent_created' | 'confirmed' | 'held' | 'unconfirmed' | 'failed'>().notNull(),
    requestHash: text('request_hash').notNull(),
    request: jsonb('request').notNull(),
    quote: jsonb('quote').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    paymentIntentId: text('payment_intent_id'),
    /** Handed back on an idempotent replay of POST /intents; it only lets a browser confirm this payment. */
    clientSecret: text('client_secret'),
    bookingChannel: text('booking_channel').$type<'api' | 'link' | 'widget'>().notNull().default('api'),
    orderId: uuid('order_id').references(() => orders.id),
    junkJobId: uuid('junk_job_id').references(() => junkJobs.id),
    material: jsonb('material'),
    lastError: text('last_error'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    notifiedUnconfirmedAt: timestamp('notified_unconfirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.sessionId] }), index('booking_sessions_state').on(t.state)],
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

export const junkJobs = pgTable(
  'junk_jobs',
  {
    id: id(),
    companyId: companyId(),
    jobNumber: integer('job_number').notNull(),
    status: text('status').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    loadFraction: text('load_fraction').notNull(),
    jobDate: date('job_date').notNull(),
    windowStart: text('window_start').notNull(),
    windowEnd: text('window_end').notNull(),
    address: jsonb('address').notNull(),
    quote: jsonb('quote').notNull(),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull(),
    bookingChannel: text('booking_channel').notNull(),
    sessionId: text('session_id'),
    photosUntil: timestamp('photos_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('junk_jobs_company_number').on(t.companyId, t.jobNumber)],
);

export const junkPhotos = pgTable('junk_photos', {
  id: id(),
  companyId: companyId(),
  junkJobId: uuid('junk_job_id')
    .notNull()
    .references(() => junkJobs.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  byteSize: integer('byte_size').notNull(),
  storageKey: text('storage_key').notNull(),
  createdAt: createdAt(),
});

export const leads = pgTable(
  'leads',
  {
    id: id(),
    companyId: companyId(),
    name: text('name').notNull(),
    phone: text('phone'),
    phoneNormalized: text('phone_normalized'),
    email: text('email'),
    address: text('address'),
    sizeLabel: text('size_label'),
    note: text('note'),
    status: text('status').$type<'new' | 'contacted' | 'converted' | 'discarded'>().notNull().default('new'),
    createdAt: createdAt(),
  },
  (t) => [index('leads_company_created').on(t.companyId, t.createdAt)],
);

export const estimates = pgTable('estimates', {
  id: id(),
  companyId: companyId(),
  customerId: uuid('customer_id').references(() => customers.id),
  totalCents: integer('total_cents').notNull(),
  status: text('status').notNull(),
  createdAt: createdAt(),
});

export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: id(),
  companyId: companyId(),
  api: text('api').$type<'booking' | 'data'>().notNull(),
  url: text('url').notNull(),
  /** Needed to sign deliveries, so kept; shown to the company once. */
  secret: text('secret').notNull(),
  events: jsonb('events').$type<string[]>().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** The transactional outbox: written in the same transaction as the change that causes it. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyId(),
    channel: text('channel').$type<'webhook' | 'email' | 'sms'>().notNull(),
    topic: text('topic').notNull(),
    endpointId: uuid('endpoint_id').references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').notNull(),
    status: text('status').$type<'pending' | 'delivered' | 'failed' | 'kept'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [index('outbox_due').on(t.status, t.nextAttemptAt)],
);

/**
 * The sandbox processor's own records: what Stripe keeps on its side for a PaymentIntent. Kept in our
 * database only because the sandbox runs inside the platform; nothing else reads it.
 */
export const sandboxPaymentIntents = pgTable(
  'sandbox_payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    account: text('account'),
    status: text('status')
      .$type<'requires_payment_method' | 'requires_action' | 'requires_capture' | 'succeeded' | 'canceled'>()
      .notNull(),
    riskLevel: text('risk_level').$type<'normal' | 'elevated'>(),
    declineCode: text('decline_code'),
    cardLast4: text('card_last4'),
    /** Declined attempts so far; at maxFailedAttempts the intent is canceled (card testing). */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    maxFailedAttempts: integer('max_failed_attempts'),
    metadata: jsonb('metadata').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sandbox_payment_intents_idempotency').on(t.idempotencyKey)],
);
