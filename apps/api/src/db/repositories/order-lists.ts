import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../client';
import { preparedStatement } from '../prepared';
import { orders } from '../schema';
import type { OrderRow } from './orders';

/**
 * The Data API's reads of orders: only what it may show, newest first (created_at, then order number).
 * The condition is written as the partial indexes' predicate so the planner uses them (db/schema/orders.ts).
 */
const listed = sql`not ${orders.isDemo} and ${orders.status} <> 'pending_risk_review'`;
const newestFirst = sql`${orders.createdAt} desc, ${orders.orderNumber} desc`;

/**
 * What the Data API shows of an order (messages/data.ts), and of its frozen quote only the base price: a
 * page of 100 full rows cost the server a third more CPU in decoding and mapping columns no one reads.
 */
const shown = {
  orderNumber: orders.orderNumber,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  deliveryDate: orders.deliveryDate,
  pickupDate: orders.pickupDate,
  rentalDays: orders.rentalDays,
  address: orders.address,
  sizeLabel: orders.sizeLabel,
  debrisType: orders.debrisType,
  materialLabel: orders.materialLabel,
  totalCents: orders.totalCents,
  quote: sql<unknown>`jsonb_build_object('base', ${orders.quote}->'base')`,
  landfillCostCents: orders.landfillCostCents,
  netWeightTons: orders.netWeightTons,
  currency: orders.currency,
  customerId: orders.customerId,
  createdAt: orders.createdAt,
  completedAt: orders.completedAt,
};
export type ShownOrder = Pick<OrderRow, keyof typeof shown>;

export type OrderFilter = {
  status?: string;
  /** created_at bounds: from included, to excluded. */
  createdFrom?: Date;
  createdBefore?: Date;
};

/**
 * A page of listable orders, each as the Data API shows it (JSON text): `limit` rows after skipping
 * `offset`. Without a date range a deep page does not skip its offset row by row: order_list_counts (kept
 * by a trigger) says which UTC day the offset falls in and how many newer orders precede that day, so the
 * scan starts there (docs/decisions/order-pages.md). It also says the day of the page's last
 * row, which bounds the scan from below: with both bounds the planner reads a status's own index
 * (orders_listed_status) rather than walking orders_listed past thousands of newer orders of other
 * statuses (recent orders are rarely completed yet). With a date range, the range's own index bounds the
 * skip.
 */
export async function listOrdersPage(
  db: Queryable,
  companyId: string,
  filter: OrderFilter,
  offset: number,
  limit: number,
): Promise<string[]> {
  const status = filter.status ?? '*';
  if (filter.createdFrom || filter.createdBefore || (offset === 0 && !filter.status)) {
    return readPage(db, { companyId, ...filter }, offset, limit);
  }
  // One round trip: on this VM a statement's wake-up of PostgreSQL cost more than the page's JSON.
  const whole = await pageThroughDays(db, { companyId, status, offset, limit });
  // Whole, or the list's last page (read with no lower bound); otherwise the two reads below decide.
  if (whole.length === limit || whole[0]?.ends) return whole.map((row) => row.json);
  const [days] = await daysOfPage(db, { companyId, status, offset, limit });
  if (!days?.first) return [];
  const skip = offset - Number(days.newer);
  const before = new Date(`${days.first}T00:00:00Z`);
  before.setUTCDate(before.getUTCDate() + 1);
  const bounded = { companyId, status: filter.status, createdBefore: before };
  if (!days.last) return readPage(db, bounded, skip, limit);
  const rows = await readPage(db, { ...bounded, createdFrom: new Date(`${days.last}T00:00:00Z`) }, skip, limit);
  // Short only when an order left those days between the two reads (a status change, a hold): the lower
  // bound must not end the list early, so the page is read again without it.
  return rows.length < limit ? readPage(db, bounded, skip, limit) : rows;
}

type Range = OrderFilter & { companyId: string };
const pageReads = new Map<string, ReturnType<typeof preparedStatement<{ json: string }, Record<string, unknown>>>>();

/**
 * `limit` listed orders of a range after skipping `skip`, newest first, as their stored JSON: one prepared
 * statement per shape of the range (which of status, from and before it has), built on first use.
 */
async function readPage(db: Queryable, range: Range, skip: number, limit: number): Promise<string[]> {
  const shape = `${range.status ? 's' : ''}${range.createdFrom ? 'f' : ''}${range.createdBefore ? 'b' : ''}`;
  let read = pageReads.get(shape);
  if (!read) {
    const where: SQL[] = [eq(orders.companyId, sql.placeholder('companyId')), listed];
    if (range.status) where.push(eq(orders.status, sql.placeholder('status')));
    if (range.createdFrom) where.push(gte(orders.createdAt, sql.placeholder('from')));
    if (range.createdBefore) where.push(lt(orders.createdAt, sql.placeholder('before')));
    read = preparedStatement(sql`select ${orders.listJson} as json from ${orders} where ${and(...where)}
      order by ${newestFirst} offset ${sql.placeholder('skip')} limit ${sql.placeholder('limit')}`);
    pageReads.set(shape, read);
  }
  const rows = await read(db, {
    companyId: range.companyId,
    status: range.status,
    from: range.createdFrom?.toISOString(),
    before: range.createdBefore?.toISOString(),
    skip,
    limit,
  });
  return rows.map((row) => row.json);
}

type PageOf = { companyId: string; status: string; offset: number; limit: number };
const pageArguments = sql`${sql.placeholder('companyId')}, ${sql.placeholder('status')}, ${sql.placeholder('offset')}, ${sql.placeholder('limit')}`;

/**
 * A page in one round trip: order_list_page (drizzle/0013_order_list_page.sql) finds the days from the
 * counts, skips the offset inside its first day in the index alone, reads only the page's rows (each its
 * stored list_json) and says whether the list ends on it. It is a database function for one reason: there
 * its statements keep generic plans (as a prepared statement PostgreSQL planned the page anew on every
 * call, which cost as much as running it). One snapshot: the counts and the orders always agree here.
 */
const pageThroughDays = preparedStatement<{ json: string; ends: boolean }, PageOf>(
  sql`select json, ends from order_list_page(${pageArguments})`,
);

/**
 * order_list_days read on its own: the UTC day of the page's first row, how many listed orders are newer
 * than that day, and the day of its last row (null when the list ends before the page does).
 */
const daysOfPage = preparedStatement<{ first: string | null; last: string | null; newer: number | null }, PageOf>(
  sql`select first::text as first, last::text as last, newer::int as newer from order_list_days(${pageArguments})`,
);

/** One listable order by its number, in this company only. */
export async function findListedOrder(
  db: Queryable,
  companyId: string,
  orderNumber: number,
): Promise<ShownOrder | undefined> {
  const [row] = await db
    .select(shown)
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.orderNumber, orderNumber), listed));
  return row;
}
