import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { companyId } from './companies';

/** A company's customers, one per e-mail. */
export const customers = pgTable(
  'customers',
  {
    id: id(),
    companyId: companyId(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    /** The phone's digits, kept by the database: what the Data API's q matches a phone number on. */
    phoneDigits: text('phone_digits').notNull().generatedAlwaysAs(sql`regexp_replace(phone, '[^0-9]', '', 'g')`),
    type: text('type').$type<'residential' | 'contractor'>().notNull().default('residential'),
    companyName: text('company_name'),
    createdAt: createdAt(),
    /**
     * The last change to the customer as the Data API shows it: its own fields, or one of its orders or jobs
     * made, deleted, held or released. Kept by triggers (drizzle/0005_data_reads.sql), so every writer keeps it.
     */
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_company_email').on(t.companyId, t.email),
    // The Data API's list (newest first) and its incremental sync (updated_since).
    index('customers_company_created').on(t.companyId, t.createdAt, t.id),
    index('customers_company_updated').on(t.companyId, t.updatedAt),
  ],
);
