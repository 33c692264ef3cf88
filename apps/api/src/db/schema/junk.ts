import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { companyId } from './companies';
import { customers } from './customers';

/** Junk removal jobs and their photos. */

/** Jobs the Data API may show: nothing under fraud review (omitted until released, as orders). */
const LISTED = sql`status <> 'pending_risk_review'`;

export const junkJobs = pgTable(
  'junk_jobs',
  {
    id: id(),
    companyId: companyId(),
    jobNumber: integer('job_number').notNull(),
    /** confirmed, or pending_risk_review until the company approves it. */
    status: text('status').notNull(),
    paymentStatus: text('payment_status').notNull().default('unpaid'),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    loadFraction: text('load_fraction').notNull(),
    loadLabel: text('load_label').notNull().default(''),
    jobDate: date('job_date').notNull(),
    windowStart: text('window_start').notNull(),
    windowEnd: text('window_end').notNull(),
    address: jsonb('address').notNull(),
    /** What the customer says is to be hauled, and where it is. */
    notes: text('notes'),
    /** The frozen quote, in cents. */
    quote: jsonb('quote').notNull(),
    totalCents: integer('total_cents').notNull(),
    processingFeeCents: integer('processing_fee_cents').notNull().default(0),
    grossTotalCents: integer('gross_total_cents').notNull().default(0),
    promoCode: text('promo_code'),
    riskReview: boolean('risk_review').notNull().default(false),
    attribution: jsonb('attribution').$type<Record<string, string>>(),
    currency: text('currency').notNull(),
    bookingChannel: text('booking_channel').notNull(),
    sessionId: text('session_id'),
    photosUntil: timestamp('photos_until', { withTimezone: true }),
    createdAt: createdAt(),
    /** Set by every status change. */
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('junk_jobs_company_number').on(t.companyId, t.jobNumber),
    index('junk_jobs_company_slot').on(t.companyId, t.jobDate, t.windowStart),
    index('junk_jobs_company_created').on(t.companyId, t.createdAt),
    // The Data API's lists (newest first, by status, changed since) and a customer's jobs.
    index('junk_jobs_listed').on(t.companyId, t.createdAt, t.jobNumber).where(LISTED),
    index('junk_jobs_listed_status').on(t.companyId, t.status, t.createdAt, t.jobNumber).where(LISTED),
    index('junk_jobs_listed_updated').on(t.companyId, t.updatedAt).where(LISTED),
    index('junk_jobs_customer_listed').on(t.companyId, t.customerId, t.createdAt).where(LISTED),
    // The office's search: the jobs of the customers whose name, e-mail or phone matched.
    index('junk_jobs_customer').on(t.companyId, t.customerId),
    index('junk_jobs_customer_held').on(t.companyId, t.customerId).where(sql`status = 'pending_risk_review'`),
  ],
);

export const junkPhotos = pgTable(
  'junk_photos',
  {
    id: id(),
    companyId: companyId(),
    junkJobId: uuid('junk_job_id')
      .notNull()
      .references(() => junkJobs.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  // A page of jobs counts its photos.
  (t) => [index('junk_photos_job').on(t.companyId, t.junkJobId)],
);
