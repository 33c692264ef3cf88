import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
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
import type { FleetSetup } from '../../domain/fleet';
import type { JunkSetup } from '../../domain/junk';
import type { PermitSetup } from '../../domain/permits';
import { createdAt, id, updatedAt } from './columns';

/** Companies, their closed dates and their API keys. */

/** The owning company of a row: every business table has it, and every query is scoped by it. */
export const companyId = () =>
  uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

export type DataApiAccess = 'none' | 'requested' | 'approved' | 'revoked';

export type PaymentLimitsRow = {
  intents_per_ip_per_hour: number;
  intents_per_hour: number;
  failed_payments_per_session: number;
  /** Absent from configs applied before they existed: the defaults then. */
  declines_per_ip_per_hour?: number;
  declines_per_hour?: number;
};

/** companies.rental_changes as stored. */
export type RentalChangesRow = {
  save_cards: boolean;
  move_cutoff_hour: number;
  /** A swap's fee per size key, in cents; a size without one is not swapped online. */
  swap_fees_cents?: Record<string, number>;
  /** The day before the pickup, the customer is told the rental ends tomorrow (with the link). */
  remind_before_pickup?: boolean;
};

/** companies.field_work as stored (company config `field_work`, docs/decisions/drivers-day.md). */
export type FieldWorkRow = {
  /** Charged when a driver could not complete a stop for the customer's reason; null: none. */
  wasted_trip_fee_cents: number | null;
  /** Hours between the customer's notice of a field charge and the charge to the saved card. */
  notice_hours: number;
};

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
  /** Junk removal (company config `junk`, money in cents); null when the company does not offer it. */
  junk: jsonb('junk').$type<JunkSetup>(),
  /** The fleet (company config `fleet`, sizes by key); null when the company counts no cans. */
  fleet: jsonb('fleet').$type<FleetSetup>(),
  /** Changes after the booking (company config `rental_changes`); null: the defaults (domain/rental-changes.ts). */
  rentalChanges: jsonb('rental_changes').$type<RentalChangesRow>(),
  /** The field's charges (company config `field_work`); null: the defaults (no wasted-trip fee, 24 hours' notice). */
  fieldWork: jsonb('field_work').$type<FieldWorkRow>(),
  /** Street placement and permits (company config `permits`, in cents); null: placement is not asked. */
  permits: jsonb('permits').$type<PermitSetup>(),
  /** Data API access, decided by the platform: none -> requested -> approved | revoked (docs/decisions/data-api.md). */
  dataApiAccess: text('data_api_access').$type<DataApiAccess>().notNull().default('none'),
  /** What the company said it will use the Data API for, when it asked. */
  dataApiUse: text('data_api_use'),
  dataApiRequestedAt: timestamp('data_api_requested_at', { withTimezone: true }),
  dataApiDecidedAt: timestamp('data_api_decided_at', { withTimezone: true }),
  /** The company's own switch: off answers 403 access_disabled while approval stands. */
  dataApiEnabled: boolean('data_api_enabled').notNull().default(true),
  plan: text('plan').$type<'free' | 'paid'>().notNull().default('free'),
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
    /** Publishable keys are public by design and kept whole (docs/decisions/keys-and-browsers.md). */
    publishableKey: text('publishable_key'),
    allowedDomains: jsonb('allowed_domains').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    label: text('label').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('api_keys_company').on(t.companyId)],
);

/**
 * The free plan's days (spec section 8), shared by every instance: a day's span is fixed when its first call
 * (a read or a lead push) opens it, from the company's local midnight (never before the previous day's end)
 * to the next, so changing the timezone later moves neither end and gives no second quota or window that
 * day. The day's 10-minute read window opens at its first read; the instant never changes once written.
 */
export const dataApiWindows = pgTable(
  'data_api_windows',
  {
    companyId: companyId(),
    /** The company's local day when it opened: how the support tools name it. */
    day: date('day').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The read window's opening; null until the day's first read. */
    openedAt: timestamp('opened_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.startsAt] })],
);
