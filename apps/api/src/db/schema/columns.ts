import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Columns every table of ours is made of: ids, timestamps (the owning company's column is in companies.ts). */
export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
