import { date, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { companyId } from './companies';
import { customers } from './customers';

/** Junk removal jobs and their photos. */
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
