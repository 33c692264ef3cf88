import { and, count, desc, eq, gte, inArray, lt, max, min, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../client';
import { customers, junkJobs, orders } from '../schema';
import { matchesSearch } from './search';

/**
 * The customers table: found or made by e-mail when a booking or a converted lead names one, the office's
 * pages of them, and what the Data API shows. A customer is shown once one of its orders or jobs is (not demo
 * data, not under fraud review), or while it has none at all (a converted lead): one whose every booking is
 * held for review stays out until one is released. Each condition below is an index's predicate
 * (db/schema/orders.ts, junk.ts), so the checks are index probes.
 */

export type CustomerRow = typeof customers.$inferSelect;

/** The company's customer with this e-mail (case-insensitive), created when new. */
export async function findOrCreateCustomer(
  db: Queryable,
  values: Omit<typeof customers.$inferInsert, 'id' | 'createdAt'>,
): Promise<string> {
  const email = values.email.toLowerCase();
  const [created] = await db
    .insert(customers)
    .values({ ...values, email })
    .onConflictDoNothing()
    .returning({ id: customers.id });
  if (created) return created.id;
  const [existing] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.companyId, values.companyId), eq(customers.email, email)));
  return (existing as { id: string }).id;
}

/** Up to `limit` customers of the company whose phone has these digits (punctuation and + ignored). */
export async function customersWithPhone(
  db: Queryable,
  companyId: string,
  digits: string,
  limit: number,
): Promise<{ id: string }[]> {
  return db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.phoneDigits, digits)))
    .limit(limit);
}

export async function findCustomer(db: Queryable, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.id, id)));
  return row;
}

/** A page of the company's customers (all of them: the office sees held bookings' customers too). */
export async function customersPage(
  db: Queryable,
  companyId: string,
  q: string | undefined,
  offset: number,
  limit: number,
) {
  const where: SQL[] = [eq(customers.companyId, companyId)];
  if (q) where.push(matchesSearch(q, [sql`${customers.name}`, sql`${customers.email}`], sql`${customers.phoneDigits}`));
  return db
    .select({
      customer: customers,
      // Qualified by hand: in a one-table select drizzle writes columns unqualified, and inside the
      // subquery "id" would be the order's own.
      orders: sql<number>`(select count(*)::int from orders o where o.company_id = ${companyId} and o.customer_id = "customers"."id")`,
      jobs: sql<number>`(select count(*)::int from junk_jobs j where j.company_id = ${companyId} and j.customer_id = "customers"."id")`,
    })
    .from(customers)
    .where(and(...where))
    .orderBy(desc(customers.createdAt), desc(customers.id))
    .offset(offset)
    .limit(limit);
}

const listedOrder = sql`not ${orders.isDemo} and ${orders.status} <> 'pending_risk_review'`;
const unlistedOrder = sql`${orders.isDemo} or ${orders.status} = 'pending_risk_review'`;
const listedJob = sql`${junkJobs.status} <> 'pending_risk_review'`;
const heldJob = sql`${junkJobs.status} = 'pending_risk_review'`;

// `offset 0` keeps each check a probe of its row's customer: otherwise the planner may read every job of the
// company into a hash first, which costs a long history on each page when a page needs a hundred probes.
function ordersOf(companyId: string, customerId: SQL, condition: SQL) {
  return sql`exists (select 1 from ${orders} where ${orders.companyId} = ${companyId} and ${orders.customerId} = ${customerId} and (${condition}) offset 0)`;
}
function jobsOf(companyId: string, customerId: SQL, condition: SQL) {
  return sql`exists (select 1 from ${junkJobs} where ${junkJobs.companyId} = ${companyId} and ${junkJobs.customerId} = ${customerId} and (${condition}) offset 0)`;
}

/** Whether the customer with this id (an SQL expression) is one the Data API shows. */
export function customerShown(companyId: string, customerId: SQL): SQL {
  return sql`(${ordersOf(companyId, customerId, listedOrder)} or ${jobsOf(companyId, customerId, listedJob)}
    or not (${ordersOf(companyId, customerId, unlistedOrder)} or ${jobsOf(companyId, customerId, heldJob)}))`;
}

/** Whether the customer has an order or job the Data API shows, made at or after an instant. */
export function bookedSince(companyId: string, customerId: SQL, since: SQL): SQL {
  return sql`(${ordersOf(companyId, customerId, sql`${listedOrder} and ${orders.createdAt} >= ${since}`)}
    or ${jobsOf(companyId, customerId, sql`${listedJob} and ${junkJobs.createdAt} >= ${since}`)})`;
}

export type CustomerFilter = {
  q?: string;
  updatedSince?: Date;
  /** created_at bounds: from included, to excluded. */
  createdFrom?: Date;
  createdBefore?: Date;
};

/** A page of the customers shown, newest first: `limit` rows after skipping `offset`. */
export async function listCustomersPage(
  db: Queryable,
  companyId: string,
  filter: CustomerFilter,
  offset: number,
  limit: number,
): Promise<CustomerRow[]> {
  const where: SQL[] = [eq(customers.companyId, companyId), customerShown(companyId, sql`${customers.id}`)];
  if (filter.q) {
    where.push(
      matchesSearch(filter.q, [sql`${customers.name}`, sql`${customers.email}`], sql`${customers.phoneDigits}`),
    );
  }
  if (filter.updatedSince) where.push(gte(customers.updatedAt, filter.updatedSince));
  if (filter.createdFrom) where.push(gte(customers.createdAt, filter.createdFrom));
  if (filter.createdBefore) where.push(lt(customers.createdAt, filter.createdBefore));
  return db
    .select()
    .from(customers)
    .where(and(...where))
    .orderBy(desc(customers.createdAt), desc(customers.id))
    .offset(offset)
    .limit(limit);
}

/** One customer the Data API shows, in this company only. */
export async function findShownCustomer(db: Queryable, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(customers)
    .where(
      and(eq(customers.companyId, companyId), eq(customers.id, id), customerShown(companyId, sql`${customers.id}`)),
    );
  return row;
}

export type Bookings = { orders: number; jobs: number; first: Date | null; last: Date | null };

/**
 * The shown orders and jobs of some customers: how many, the first and the latest (two grouped index reads),
 * as a lookup by customer id.
 */
export async function bookingsOf(db: Queryable, companyId: string, ids: string[]): Promise<(id: string) => Bookings> {
  const result = new Map<string, Bookings>(ids.map((id) => [id, { orders: 0, jobs: 0, first: null, last: null }]));
  const lookup = (id: string) => result.get(id) ?? { orders: 0, jobs: 0, first: null, last: null };
  if (!ids.length) return lookup;
  const [orderRows, jobRows] = await Promise.all([
    db
      .select({ id: orders.customerId, n: count(), first: min(orders.createdAt), last: max(orders.createdAt) })
      .from(orders)
      .where(and(eq(orders.companyId, companyId), inArray(orders.customerId, ids), listedOrder))
      .groupBy(orders.customerId),
    db
      .select({ id: junkJobs.customerId, n: count(), first: min(junkJobs.createdAt), last: max(junkJobs.createdAt) })
      .from(junkJobs)
      .where(and(eq(junkJobs.companyId, companyId), inArray(junkJobs.customerId, ids), listedJob))
      .groupBy(junkJobs.customerId),
  ]);
  const earlier = (a: Date | null, b: Date | null) => (!a || (b && b < a) ? b : a);
  const later = (a: Date | null, b: Date | null) => (!a || (b && b > a) ? b : a);
  for (const [rows, kind] of [
    [orderRows, 'orders'],
    [jobRows, 'jobs'],
  ] as const) {
    for (const row of rows) {
      const b = result.get(row.id) as Bookings;
      b[kind] = Number(row.n);
      b.first = earlier(b.first, toDate(row.first));
      b.last = later(b.last, toDate(row.last));
    }
  }
  return lookup;
}

/** min() and max() of a timestamp come back as the driver gives them (a Date, or text from PGlite's socket). */
const toDate = (v: Date | string | null): Date | null => (v === null ? null : new Date(v));
