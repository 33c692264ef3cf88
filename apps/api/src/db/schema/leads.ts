import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { companyId } from './companies';
import { customers } from './customers';

/** Leads and estimates. */
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
