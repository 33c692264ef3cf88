import { and, desc, eq, gte, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { containsPattern, type OfficeSearch } from '../../domain/search';
import type { Queryable } from '../client';
import { customers, junkJobs, orders } from '../schema';

/**
 * Orders and junk jobs as the office lists, searches and exports them: every booking of the company (held
 * ones too), newest first. The search goes through the trigram indexes of drizzle/0010_office.sql, whose
 * expressions are written here letter for letter (docs/decisions/office-lists.md).
 */

export type BookingKind = 'order' | 'job';

export type BookingFilter = {
  status?: string;
  paymentStatus?: string;
  channel?: string;
  /** Service days (delivery or job date), both included. */
  serviceFrom?: string;
  serviceTo?: string;
  /** created_at bounds: from included, before excluded. */
  createdFrom?: Date;
  createdBefore?: Date;
  search?: OfficeSearch;
};

/**
 * Where the last row of a batch was: the next batch starts after it (the export's keyset). `createdAt` is
 * the database's own text of the instant, to the microsecond: a Date keeps milliseconds, and a booking made
 * in the same millisecond as the last one of a batch would be skipped.
 */
export type After = { createdAt: string; number: number };

const TABLES = {
  order: {
    table: orders,
    id: orders.id,
    companyId: orders.companyId,
    customerId: orders.customerId,
    number: orders.orderNumber,
    serviceDate: orders.deliveryDate,
    address: orders.address,
    createdAt: orders.createdAt,
    status: orders.status,
    paymentStatus: orders.paymentStatus,
    channel: orders.bookingChannel,
  },
  job: {
    table: junkJobs,
    id: junkJobs.id,
    companyId: junkJobs.companyId,
    customerId: junkJobs.customerId,
    number: junkJobs.jobNumber,
    serviceDate: junkJobs.jobDate,
    address: junkJobs.address,
    createdAt: junkJobs.createdAt,
    status: junkJobs.status,
    paymentStatus: junkJobs.paymentStatus,
    channel: junkJobs.bookingChannel,
  },
} as const;

type Columns = (typeof TABLES)[BookingKind];

/** The indexed texts (customers_search, orders_street_search, junk_jobs_street_search). */
const customerText = sql`lower(${customers.name} || E'\\n' || ${customers.email} || E'\\n' || ${customers.phoneDigits})`;
const streetText = (c: Columns) => sql`lower(coalesce(${c.address} ->> 'line1', ''))`;

/** A booking matches by its number, its street, or its customer's name, e-mail or phone digits. */
function matches(c: Columns, companyId: string, search: OfficeSearch): SQL {
  const patterns = [search.text, search.digits].filter((p): p is string => Boolean(p)).map(containsPattern);
  const clauses: SQL[] = [];
  if (search.text) {
    const ofCustomer = or(...patterns.map((p) => sql`${customerText} like ${p}`));
    clauses.push(
      sql`${c.customerId} = any(array(select ${customers.id} from ${customers} where ${customers.companyId} = ${companyId} and (${ofCustomer})))`,
      sql`${streetText(c)} like ${containsPattern(search.text)}`,
    );
  }
  if (search.number !== null) clauses.push(eq(c.number, search.number));
  return or(...clauses) as SQL;
}

function conditions(c: Columns, companyId: string, filter: BookingFilter, after?: After): SQL[] {
  const where: SQL[] = [eq(c.companyId, companyId)];
  if (filter.status) where.push(eq(c.status, filter.status));
  if (filter.paymentStatus) where.push(eq(c.paymentStatus, filter.paymentStatus));
  if (filter.channel) where.push(eq(c.channel, filter.channel));
  if (filter.serviceFrom) where.push(gte(c.serviceDate, filter.serviceFrom));
  if (filter.serviceTo) where.push(lte(c.serviceDate, filter.serviceTo));
  if (filter.createdFrom) where.push(gte(c.createdAt, filter.createdFrom));
  if (filter.createdBefore) where.push(lt(c.createdAt, filter.createdBefore));
  if (filter.search) where.push(matches(c, companyId, filter.search));
  if (after) where.push(sql`(${c.createdAt}, ${c.number}) < (${after.createdAt}::timestamptz, ${after.number})`);
  return where;
}

const customerColumns = { name: customers.name, email: customers.email, phone: customers.phone };
const cursorOf = (c: Columns) => sql<string>`${c.createdAt}::text`;

function select<K extends BookingKind>(db: Queryable, kind: K) {
  if (kind === 'order') {
    return db
      .select({ booking: orders, customer: customerColumns, cursor: cursorOf(TABLES.order) })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId));
  }
  return db
    .select({ booking: junkJobs, customer: customerColumns, cursor: cursorOf(TABLES.job) })
    .from(junkJobs)
    .innerJoin(customers, eq(customers.id, junkJobs.customerId));
}

export type BookingLine<K extends BookingKind> = {
  booking: K extends 'order' ? typeof orders.$inferSelect : typeof junkJobs.$inferSelect;
  customer: { name: string; email: string; phone: string };
  /** created_at to the microsecond, as the export's next batch starts after it. */
  cursor: string;
};

/** `limit` bookings after skipping `offset` (a page), or after a row (the export's next batch). */
export async function bookingsPage<K extends BookingKind>(
  db: Queryable,
  kind: K,
  companyId: string,
  filter: BookingFilter,
  window: { offset?: number; limit: number; after?: After },
): Promise<BookingLine<K>[]> {
  const c = TABLES[kind];
  const query = select(db, kind)
    .where(and(...conditions(c, companyId, filter, window.after)))
    .orderBy(desc(c.createdAt), desc(c.number))
    .limit(window.limit);
  const rows = await (window.offset ? query.offset(window.offset) : query);
  return rows as BookingLine<K>[];
}
