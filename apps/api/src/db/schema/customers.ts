import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
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
    type: text('type').$type<'residential' | 'contractor'>().notNull().default('residential'),
    companyName: text('company_name'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('customers_company_email').on(t.companyId, t.email)],
);
