import { and, asc, between, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../client';
import { customers, orderChanges, orders, rentalLinks } from '../schema';

/** "My booking" links and the changes made to orders after booking (docs/decisions/my-booking.md). */

export type OrderChangeRow = typeof orderChanges.$inferSelect;

export async function insertRentalLink(
  db: Queryable,
  values: { companyId: string; orderId: string; tokenHash: string },
): Promise<void> {
  await db.insert(rentalLinks).values(values);
}

/** The order a link's fingerprint opens, with its customer's contact, unless the link was revoked. */
export async function orderOfLink(db: Queryable, tokenHash: string) {
  const [row] = await db
    .select({ link: rentalLinks, order: orders, customer: customers })
    .from(rentalLinks)
    .innerJoin(orders, and(eq(orders.id, rentalLinks.orderId), eq(orders.companyId, rentalLinks.companyId)))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(eq(rentalLinks.tokenHash, tokenHash), isNull(rentalLinks.revokedAt)));
  return row;
}

/** Revokes every live link of an order (the office, before it sends a fresh one); how many were live. */
export async function revokeRentalLinks(db: Queryable, companyId: string, orderId: string, at: Date) {
  const rows = await db
    .update(rentalLinks)
    .set({ revokedAt: at })
    .where(and(eq(rentalLinks.companyId, companyId), eq(rentalLinks.orderId, orderId), isNull(rentalLinks.revokedAt)))
    .returning({ id: rentalLinks.id });
  return rows.length;
}

/**
 * Writes a change, or answers undefined when the order already has an open one or this key was used (two at
 * once: one goes).
 */
export async function insertOrderChange(
  db: Queryable,
  values: typeof orderChanges.$inferInsert,
): Promise<OrderChangeRow | undefined> {
  const [row] = await db
    .insert(orderChanges)
    .values(values)
    // Either index: the same Idempotency-Key twice at once, or another open change of the order.
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function findOrderChange(db: Queryable, companyId: string, orderId: string, id: string) {
  const [row] = await db
    .select()
    .from(orderChanges)
    .where(and(eq(orderChanges.companyId, companyId), eq(orderChanges.orderId, orderId), eq(orderChanges.id, id)));
  return row;
}

export async function findChangeByKey(db: Queryable, companyId: string, orderId: string, key: string) {
  const [row] = await db
    .select()
    .from(orderChanges)
    .where(
      and(
        eq(orderChanges.companyId, companyId),
        eq(orderChanges.orderId, orderId),
        eq(orderChanges.idempotencyKey, key),
      ),
    );
  return row;
}

/** The order's open change (pending or waiting for a card), if any. */
export async function openChangeOf(db: Queryable, companyId: string, orderId: string) {
  const [row] = await db
    .select()
    .from(orderChanges)
    .where(
      and(
        eq(orderChanges.companyId, companyId),
        eq(orderChanges.orderId, orderId),
        sql`${orderChanges.status} in ('pending', 'requires_payment')`,
      ),
    );
  return row;
}

/** Moves a change from one status to another if it is still in the first; undefined when it was not. */
export async function setChangeStatus(
  db: Queryable,
  change: Pick<OrderChangeRow, 'companyId' | 'id'>,
  from: OrderChangeRow['status'][],
  set: Partial<Pick<OrderChangeRow, 'status' | 'paymentIntentId' | 'clientSecret' | 'lastError' | 'appliedAt'>>,
): Promise<OrderChangeRow | undefined> {
  const [row] = await db
    .update(orderChanges)
    .set(set)
    .where(
      and(
        eq(orderChanges.companyId, change.companyId),
        eq(orderChanges.id, change.id),
        sql`${orderChanges.status} in ${from}`,
      ),
    )
    .returning();
  return row;
}

/** An order's changes, newest first. */
export async function changesOfOrder(db: Queryable, companyId: string, orderId: string) {
  return db
    .select()
    .from(orderChanges)
    .where(and(eq(orderChanges.companyId, companyId), eq(orderChanges.orderId, orderId)))
    .orderBy(desc(orderChanges.createdAt))
    .limit(100);
}

/** Sets an order's days (a change applied), if it is still in a status `statuses` allows. */
export async function setOrderDays(
  db: Queryable,
  companyId: string,
  orderId: string,
  days: { deliveryDate: string; pickupDate: string; rentalDays: number },
  at: Date,
) {
  const [row] = await db
    .update(orders)
    .set({ ...days, updatedAt: at })
    .where(and(eq(orders.companyId, companyId), eq(orders.id, orderId)))
    .returning();
  return row;
}

/** The applied swaps of a day (company-local), with their order and customer: the dispatch board's swaps. */
export async function swapsOfDay(db: Queryable, companyId: string, date: string) {
  return db
    .select({ order: orders, name: customers.name, phone: customers.phone })
    .from(orderChanges)
    .innerJoin(orders, eq(orders.id, orderChanges.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(
      and(
        eq(orderChanges.companyId, companyId),
        eq(orderChanges.kind, 'swap'),
        eq(orderChanges.status, 'applied'),
        eq(orderChanges.swapDate, date),
        ne(orders.status, 'canceled'),
      ),
    )
    .orderBy(asc(orders.orderNumber))
    .limit(500);
}

/**
 * Orders whose can is still out and whose pickup falls from `from` to `to` (UTC days, a day either side of
 * every timezone's tomorrow), not yet reminded of that pickup day; on their partial index.
 */
export async function pickupsToRemind(db: Queryable, range: { from: string; to: string }, limit: number) {
  return db
    .select({ order: orders, customer: customers })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(
      and(
        between(orders.pickupDate, range.from, range.to),
        sql`${orders.status} in ('confirmed', 'scheduled', 'out_for_delivery', 'delivered', 'waiting_pickup')`,
        sql`${orders.pickupRemindedFor} is distinct from ${orders.pickupDate}`,
      ),
    )
    .limit(limit);
}

/** Marks an order reminded of its pickup day, once: of two workers, one gets the row back. */
export async function markPickupReminded(db: Queryable, companyId: string, orderId: string, pickupDate: string) {
  const [row] = await db
    .update(orders)
    .set({ pickupRemindedFor: pickupDate })
    .where(
      and(
        eq(orders.companyId, companyId),
        eq(orders.id, orderId),
        eq(orders.pickupDate, pickupDate),
        sql`${orders.pickupRemindedFor} is distinct from ${orders.pickupDate}`,
      ),
    )
    .returning({ id: orders.id });
  return row !== undefined;
}
