import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LeadStatus } from '../../domain/leads';
import { createdAt, id, updatedAt } from './columns';
import { companyId } from './companies';
import { customers } from './customers';

/** Leads: people who asked, pushed in through the Data API (or entered by the office), worked by the office. */
export const leads = pgTable(
  'leads',
  {
    id: id(),
    companyId: companyId(),
    name: text('name').notNull(),
    phone: text('phone'),
    /** Digits, with a leading + kept when sent: what duplicates are matched on. */
    phoneNormalized: text('phone_normalized'),
    email: text('email'),
    /** Lower case: e-mail is compared case-insensitively. */
    emailNormalized: text('email_normalized'),
    address: text('address'),
    sizeLabel: text('size_label'),
    note: text('note'),
    status: text('status').$type<LeadStatus>().notNull().default('new'),
    /** Where it came from: api (POST /v1/leads) or office. */
    source: text('source').$type<'api' | 'office'>().notNull().default('api'),
    /** The customer a converted lead became (made or found by e-mail). */
    customerId: uuid('customer_id').references(() => customers.id),
    /** The caller's Idempotency-Key, and a hash of the body it came with. */
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('leads_company_created').on(t.companyId, t.createdAt),
    index('leads_company_updated').on(t.companyId, t.updatedAt),
    index('leads_company_phone').on(t.companyId, t.phoneNormalized, t.createdAt),
    index('leads_company_email').on(t.companyId, t.emailNormalized, t.createdAt),
    uniqueIndex('leads_company_idempotency')
      .on(t.companyId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);

export const estimates = pgTable('estimates', {
  id: id(),
  companyId: companyId(),
  customerId: uuid('customer_id').references(() => customers.id),
  totalCents: integer('total_cents').notNull(),
  status: text('status').notNull(),
  createdAt: createdAt(),
});
