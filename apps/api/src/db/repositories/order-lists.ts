import { type AnyColumn, and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { type Queryable, queryPrepared } from '../client';
import { orderListCounts, orders } from '../schema';
import type { OrderRow } from './orders';

/**
 * The Data API's reads of orders: only what it may show, newest first (created_at, then order number).
 * The condition is written as the partial indexes' predicate so the planner uses them (db/schema/orders.ts).
 */
const listed = sql`not ${orders.isDemo} and ${orders.status} <> 'pending_risk_review'`;
const newestFirst = [desc(orders.createdAt), desc(orders.orderNumber)];

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

/** The columns shownJson reads. */
const shownColumns = { ...shown, quote: orders.quote };

/** An instant as JavaScript's toISOString writes it (UTC, milliseconds, Z). */
const isoInstant = (column: SQL | AnyColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** Integer cents as the API's dollars: 44094 as 440.94, 37500 as 375. */
const dollarsOf = (cents: SQL | AnyColumn) => sql`trim_scale(${cents} / 100.0)`;

/**
 * An order as the Data API's lists show it, written by PostgreSQL as JSON text: exactly what
 * presentDataOrder (messages/data.ts) makes of the same row, which test/db/order-shape.test.ts holds it
 * to. A page of 100 orders is then 100 strings to join, not 1,800 columns to decode, map and serialize:
 * that was most of the server's time on a page (issue 29; docs/decisions.md, "Pages of a long list").
 */
const shownJson = sql<string>`json_build_object(
  'order_number', ${orders.orderNumber},
  'status', ${orders.status},
  'payment_status', ${orders.paymentStatus},
  'delivery_date', ${orders.deliveryDate},
  'pickup_date', ${orders.pickupDate},
  'rental_days', ${orders.rentalDays},
  'address', json_build_object(
    'line1', ${orders.address}->'line1',
    'city', ${orders.address}->'city',
    'state', ${orders.address}->'state',
    'zip', ${orders.address}->'zip'
  ),
  'size', ${orders.sizeLabel},
  'debris_type', coalesce(${orders.debrisType}, ${orders.materialLabel}),
  'total_price', ${dollarsOf(orders.totalCents)},
  'base_price', ${dollarsOf(sql`(${orders.quote}->>'base')::numeric`)},
  'landfill_cost', ${dollarsOf(orders.landfillCostCents)},
  'net_weight_tons', ${orders.netWeightTons},
  'currency', ${orders.currency},
  'customer_ref', ${orders.customerId},
  'created_at', ${isoInstant(orders.createdAt)},
  'completed_at', ${isoInstant(orders.completedAt)}
)::text`;

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
  // The page's rows are found with their plain columns and only they are written as JSON: PostgreSQL
  // evaluates the select list of every row OFFSET skips.
  const page = async (conditions: SQL[], skip: number): Promise<string[]> => {
    const found = db
      .select(shownColumns)
      .from(orders)
      .where(and(...conditions))
      .orderBy(...newestFirst)
      .offset(skip)
      .limit(limit)
      .as('orders');
    const rows = await db
      .select({ json: shownJson })
      .from(found)
      .orderBy(...newestFirst);
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
 * A page in one statement: daysOfPage, then the page between them (shownJson of each row), and
 * whether the list ends on it (no lower bound). What the days say bounds the index scan of
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
    ${daysOfPage(companyId, status, offset, limit)}
    select ${shownJson} as json, (select last is null from days) as ends from (
      select ${sql.join(Object.values(shownColumns), sql`, `)} from ${orders}
      where ${and(...where)}
        and ${orders.createdAt} < (select (first + 1)::timestamp at time zone 'UTC' from days)
        and ${orders.createdAt} >= coalesce((select last::timestamp at time zone 'UTC' from days), '-infinity')
      order by ${orders.createdAt} desc, ${orders.orderNumber} desc
      offset (select ${offset} - newer from days) limit ${limit}
    ) as ${orders}
    order by ${orders.createdAt} desc, ${orders.orderNumber} desc`,
  );
  return { rows: rows.map((row) => row.json), ends: rows[0]?.ends === true };
}

/**
 * `with … days`: the UTC days holding the offset-th listable order (newest first) and the last one the page
 * may need (offset + limit - 1: none when the list ends before), and how many listed orders are newer than
 * the first (`first`, `last`, `newer`; one row, nulls past the list's end).
 */
const daysOfPage = (companyId: string, status: string, offset: number, limit: number) => sql`
    with counts as (
      select ${orderListCounts.day} as day, ${orderListCounts.listed} as listed,
             sum(${orderListCounts.listed}) over (order by ${orderListCounts.day} desc) as through
      from ${orderListCounts}
      where ${orderListCounts.companyId} = ${companyId} and ${orderListCounts.status} = ${status}
    ), days as (
      select max(day) filter (where through > ${offset}) as first,
             min(through - listed) filter (where through > ${offset}) as newer,
             max(day) filter (where through > ${offset + limit - 1}) as last
      from counts
    )`;

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
