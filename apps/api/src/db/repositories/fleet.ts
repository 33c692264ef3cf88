import { sql } from 'drizzle-orm';
import type { Rentals } from '../../domain/fleet';
import type { Queryable } from '../client';
import { orderChanges, orders } from '../schema';

/**
 * The rentals of some sizes whose can may be out between `since` and `to`, by size: orders that are not
 * canceled (docs/decisions/fleet.md; a session holds no can: docs/decisions/unpaid-intents-hold-nothing.md),
 * grouped by their days, as day numbers, and the applied swaps of those sizes (the full can a swap brings back
 * is out on its day and takes its turnaround: docs/decisions/my-booking.md). `since` is the first back day that still matters (the range's start
 * minus the turnaround). One statement on its partial index (`orders_fleet` on the day the can is back, an
 * index-only scan once the table is vacuumed), so the cost follows the rentals in the range, never a
 * company's history. (Summing the days in SQL instead, a row a day, made PostgreSQL's part five times slower:
 * bench/fleet.ts.)
 */
export async function rentalsOfSizes(
  db: Queryable,
  companyId: string,
  sizeIds: string[],
  range: { since: string; to: string },
  /** An order left out of the counts: the one a change is about (it takes its own can along). */
  except?: string,
): Promise<Map<string, Rentals>> {
  const ids = sql.join(
    sizeIds.map((id) => sql`${id}`),
    sql`, `,
  );
  // Raw rows, counted as integers: this runs on every calendar a customer opens, and the ORM's mapping of a
  // few hundred grouped rows cost more than the statement.
  const result = await db.execute(sql`
    select ${orders.sizeId} as size, ${orders.deliveryDate} - date '1970-01-01' as f,
           ${orders.backOn} - date '1970-01-01' as t, count(*)::int as n
    from ${orders}
    where ${orders.companyId} = ${companyId} and ${orders.sizeId} in (${ids}) and ${orders.backOn} >= ${range.since}
      and ${orders.deliveryDate} <= ${range.to} and ${orders.status} <> 'canceled'
      ${except ? sql`and ${orders.id} <> ${except}` : sql``}
    group by ${orders.sizeId}, ${orders.deliveryDate}, ${orders.backOn}
    union all
    select ${orders.sizeId}, ${orderChanges.swapDate} - date '1970-01-01', ${orderChanges.swapDate} - date '1970-01-01',
           count(*)::int
    from ${orderChanges} join ${orders} on ${orders.id} = ${orderChanges.orderId}
    where ${orderChanges.companyId} = ${companyId} and ${orderChanges.kind} = 'swap' and ${orderChanges.status} = 'applied'
      and ${orderChanges.swapDate} between ${range.since} and ${range.to}
      and ${orders.sizeId} in (${ids}) and ${orders.status} <> 'canceled'
    group by ${orders.sizeId}, ${orderChanges.swapDate}`);
  const bySize = new Map<string, Rentals>(sizeIds.map((id) => [id, []]));
  for (const row of (result as unknown as { rows: { size: string; f: number; t: number; n: number }[] }).rows) {
    bySize.get(row.size)?.push({ from: Number(row.f), to: Number(row.t), n: Number(row.n) });
  }
  return bySize;
}
