import { and, count, eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { Rentals } from '../../domain/fleet';
import type { Queryable } from '../client';
import { bookingSessions, orders } from '../schema';
import { holdingSessions } from './sessions';

/** The day an order's can comes back: its pickup date, or the day it was picked up when that was earlier. */
const backOn = sql<string>`coalesce(${orders.returnedOn}, ${orders.pickupDate})`;

/**
 * The rentals of one size whose can may be out between `from` and `to`: orders that are not canceled and
 * dumpster sessions holding a can (docs/decisions.md, "The fleet"), grouped by their days. `since` is the
 * first back day that still matters (`from` minus the turnaround). Both reads use their partial index
 * (`orders_fleet`, `booking_sessions_fleet_holds`), so the cost follows the rentals in the range, not the
 * company's history.
 */
export async function rentalsOfSize(
  db: Queryable,
  companyId: string,
  sizeId: string,
  range: { since: string; to: string },
  now: Date,
): Promise<Rentals> {
  const [booked, held] = await Promise.all([
    db
      .select({ from: orders.deliveryDate, to: backOn, n: count() })
      .from(orders)
      .where(
        and(
          eq(orders.companyId, companyId),
          eq(orders.sizeId, sizeId),
          sql`${backOn} >= ${range.since}`,
          lte(orders.deliveryDate, range.to),
          ne(orders.status, 'canceled'),
        ),
      )
      .groupBy(orders.deliveryDate, backOn),
    db
      .select({ from: bookingSessions.deliveryDate, to: bookingSessions.pickupDate, n: count() })
      .from(bookingSessions)
      .where(
        and(
          holdingSessions(companyId, now),
          eq(bookingSessions.sizeId, sizeId),
          gte(bookingSessions.pickupDate, range.since),
          lte(bookingSessions.deliveryDate, range.to),
        ),
      )
      .groupBy(bookingSessions.deliveryDate, bookingSessions.pickupDate),
  ]);
  return [...booked, ...held].map((r) => ({ from: r.from as string, to: r.to as string, n: Number(r.n) }));
}
