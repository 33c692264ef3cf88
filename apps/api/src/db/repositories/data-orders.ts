import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../client';
import { orderListCounts, orders } from '../schema';
import type { OrderRow } from './orders';

/**
 * The Data API's reads of orders: only what it may show, newest first (created_at, then order number).
 * The condition is written as the partial indexes' predicate so the planner uses them (db/schema/orders.ts).
 */
const listed = sql`not ${orders.isDemo} and ${orders.status} <> 'pending_risk_review'`;
const newestFirst = [desc(orders.createdAt), desc(orders.orderNumber)];

export type OrderFilter = {
  status?: string;
  /** created_at bounds: from included, to excluded. */
  createdFrom?: Date;
  createdBefore?: Date;
};

/**
 * A page of listable orders: `limit` rows after skipping `offset`. Without a date range a deep page does
 * not skip its offset row by row: order_list_counts (kept by a trigger) says which UTC day the offset falls
 * in and how many newer orders precede that day, so the scan starts there (docs/decisions.md, "Pages of a
 * long list"). With a date range, the range's own index bounds the skip.
 */
export async function listOrdersPage(
  db: Queryable,
  companyId: string,
  filter: OrderFilter,
  offset: number,
  limit: number,
): Promise<OrderRow[]> {
  const where: SQL[] = [eq(orders.companyId, companyId), listed];
  if (filter.status) where.push(eq(orders.status, filter.status));
  if (filter.createdFrom) where.push(gte(orders.createdAt, filter.createdFrom));
  if (filter.createdBefore) where.push(lt(orders.createdAt, filter.createdBefore));
  let skip = offset;
  if (!filter.createdFrom && !filter.createdBefore && offset > 0) {
    const start = await dayOfOffset(db, companyId, filter.status ?? '*', offset);
    if (!start) return [];
    where.push(lt(orders.createdAt, start.before));
    skip = offset - start.newer;
  }
  return db
    .select()
    .from(orders)
    .where(and(...where))
    .orderBy(...newestFirst)
    .offset(skip)
    .limit(limit);
}

/** The UTC day holding the offset-th listable order (newest first), and how many listed orders are newer. */
async function dayOfOffset(
  db: Queryable,
  companyId: string,
  status: string,
  offset: number,
): Promise<{ before: Date; newer: number } | null> {
  const through = sql<number>`sum(${orderListCounts.listed}) over (order by ${orderListCounts.day} desc)`;
  const days = db
    .select({ day: orderListCounts.day, listed: orderListCounts.listed, through: through.as('through') })
    .from(orderListCounts)
    .where(and(eq(orderListCounts.companyId, companyId), eq(orderListCounts.status, status)))
    .as('days');
  const [row] = await db
    .select({ day: days.day, newer: sql<string>`${days.through} - ${days.listed}` })
    .from(days)
    .where(sql`${days.through} > ${offset}`)
    .orderBy(desc(days.day))
    .limit(1);
  if (!row) return null;
  const before = new Date(`${row.day}T00:00:00Z`);
  before.setUTCDate(before.getUTCDate() + 1);
  return { before, newer: Number(row.newer) };
}

/** One listable order by its number, in this company only. */
export async function findListedOrder(db: Queryable, companyId: string, orderNumber: number) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.orderNumber, orderNumber), listed));
  return row;
}
