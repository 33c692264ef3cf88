import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { type Queryable, queryPrepared } from '../client';
import { orderListCounts, orderListMonths, orders } from '../schema';
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
 * scan starts there (docs/decisions.md, "Pages of a long list"). It also says the day of the page's last
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
  const where: SQL[] = [eq(orders.companyId, companyId), listed];
  if (filter.status) where.push(eq(orders.status, filter.status));
  if (filter.createdFrom) where.push(gte(orders.createdAt, filter.createdFrom));
  if (filter.createdBefore) where.push(lt(orders.createdAt, filter.createdBefore));
  // A prepared statement too: planning it took PostgreSQL about as long as reading the page.
  const page = async (conditions: SQL[], skip: number): Promise<string[]> => {
    const rows = await queryPrepared<{ json: string }>(
      db,
      sql`select ${orders.listJson} as json from ${orders} where ${and(...conditions)}
      order by ${newestFirst} offset ${skip} limit ${limit}`,
    );
    return rows.map((row) => row.json);
  };
  if (filter.createdFrom || filter.createdBefore || (offset === 0 && !filter.status)) return page(where, offset);
  // One round trip: on this VM a statement's wake-up of PostgreSQL cost more than the page's JSON.
  const whole = await pageThroughDays(db, companyId, filter.status ?? '*', where, offset, limit);
  // Whole, or the list's last page (read with no lower bound); otherwise the two reads below decide.
  if (whole.rows.length === limit || whole.ends) return whole.rows;
  const days = await boundsOfPage(db, companyId, filter.status ?? '*', offset, limit);
  if (!days) return [];
  const skip = offset - days.newer;
  const bounded = [...where, lt(orders.createdAt, days.before)];
  if (!days.from) return page(bounded, skip);
  const rows = await page([...bounded, gte(orders.createdAt, days.from)], skip);
  // Short only when an order left those days between the two reads (a status change, a hold): the lower
  // bound must not end the list early, so the page is read again without it.
  return rows.length < limit ? page(bounded, skip) : rows;
}

/**
 * A page in one statement: daysOfPage, then the page between them (each row's list_json), and
 * whether the list ends on it (no lower bound). The rows the offset skips within its day are counted in
 * the index alone (`start`: an index-only scan of created_at and order_number), and only the page's own
 * rows are read from the table: skipping them through the table read every skipped order's row. The
 * page's range is also written as plain bounds on created_at, so the planner reads a status's own index. What the days say bounds the index scan of
 * orders_listed(_status) as its parameters. One snapshot: the counts and the orders always agree here.
 */
async function pageThroughDays(
  db: Queryable,
  companyId: string,
  status: string,
  where: SQL[],
  offset: number,
  limit: number,
): Promise<{ rows: string[]; ends: boolean }> {
  const rows = await queryPrepared<{ json: string; ends: boolean }>(
    db,
    sql`
    ${daysOfPage(companyId, status, offset, limit)}, bounded as (
      select (select (first + 1)::timestamp at time zone 'UTC' from days) as before,
             coalesce((select last::timestamp at time zone 'UTC' from days), '-infinity') as since
    ), start as (
      select ${orders.createdAt} as created_at, ${orders.orderNumber} as order_number from ${orders}
      where ${and(...where)}
        and ${orders.createdAt} < (select before from bounded) and ${orders.createdAt} >= (select since from bounded)
      order by ${newestFirst}
      offset (select ${offset} - newer from days) limit 1
    )
    select ${orders.listJson} as json, (select last is null from days) as ends from ${orders}
    where ${and(...where)}
      and (${orders.createdAt}, ${orders.orderNumber}) <= (select created_at, order_number from start)
      and ${orders.createdAt} <= (select created_at from start) and ${orders.createdAt} >= (select since from bounded)
    order by ${newestFirst}
    limit ${limit}`,
  );
  return { rows: rows.map((row) => row.json), ends: rows[0]?.ends === true };
}

/**
 * `with … days`: the UTC days holding the offset-th listable order (newest first) and the last one the page
 * may need (offset + limit - 1: none when the list ends before), and how many listed orders are newer than
 * the first (`first`, `last`, `newer`; one row, nulls past the list's end). The months come first, from
 * order_list_months (a few dozen rows), then the days of only those one or two months, each month's running
 * count starting from the orders newer than it: summing every day of three years cost 0.6 ms a page.
 */
const daysOfPage = (companyId: string, status: string, offset: number, limit: number) => {
  const last = offset + limit - 1;
  const daysOf = (month: SQL, newer: SQL, only: SQL) => sql`
      select c.day, c.listed, ${newer} + sum(c.listed) over (order by c.day desc) as through
      from ${orderListCounts} c, at
      where c.company_id = ${companyId} and c.status = ${status}
        and c.day >= ${month} and c.day < (${month} + interval '1 month')::date and ${only}`;
  return sql`
    with months as (
      select ${orderListMonths.month} as month, ${orderListMonths.listed} as listed,
             sum(${orderListMonths.listed}) over (order by ${orderListMonths.month} desc) as through
      from ${orderListMonths}
      where ${orderListMonths.companyId} = ${companyId} and ${orderListMonths.status} = ${status}
    ), at as (
      select max(month) filter (where through > ${offset}) as first_month,
             min(through - listed) filter (where through > ${offset}) as first_newer,
             max(month) filter (where through > ${last}) as last_month,
             min(through - listed) filter (where through > ${last}) as last_newer
      from months
    ), counts as (
      ${daysOf(sql`at.first_month`, sql`at.first_newer`, sql`true`)}
      union all
      ${daysOf(sql`at.last_month`, sql`at.last_newer`, sql`at.last_month < at.first_month`)}
    ), days as (
      select max(day) filter (where through > ${offset}) as first,
             min(through - listed) filter (where through > ${offset}) as newer,
             max(day) filter (where through > ${last}) as last
      from counts
    )`;
};

/** daysOfPage read on its own, as scan bounds: before the first day's end, from the last day's start. */
async function boundsOfPage(
  db: Queryable,
  companyId: string,
  status: string,
  offset: number,
  limit: number,
): Promise<{ before: Date; from: Date | null; newer: number } | null> {
  const [row] = await queryPrepared<{ first: string | null; last: string | null; newer: number | null }>(
    db,
    sql`${daysOfPage(companyId, status, offset, limit)}
    select first::text as first, last::text as last, newer::int as newer from days`,
  );
  if (!row?.first) return null;
  const before = new Date(`${row.first}T00:00:00Z`);
  before.setUTCDate(before.getUTCDate() + 1);
  return { before, from: row.last ? new Date(`${row.last}T00:00:00Z`) : null, newer: Number(row.newer) };
}

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
