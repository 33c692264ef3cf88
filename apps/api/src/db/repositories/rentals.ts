import { and, asc, between, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../client';
import { customers, junkJobs, orderChanges, orders, payments, rentalLinks } from '../schema';

/** "My booking" links and the changes made to orders after booking (docs/decisions/my-booking.md). */

export type OrderChangeRow = typeof orderChanges.$inferSelect;

export async function insertRentalLink(
  db: Queryable,
  values: { companyId: string; tokenHash: string } & ({ orderId: string } | { junkJobId: string }),
): Promise<void> {
  await db.insert(rentalLinks).values(values);
}

/** The booking a link's fingerprint opens (an order or a junk job) with its customer, unless the link was revoked. */
export async function bookingOfLink(db: Queryable, tokenHash: string) {
  const [link] = await db
    .select()
    .from(rentalLinks)
    .where(and(eq(rentalLinks.tokenHash, tokenHash), isNull(rentalLinks.revokedAt)));
  if (!link) return undefined;
  if (link.orderId) {
    const [row] = await db
      .select({ order: orders, customer: customers })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(and(eq(orders.companyId, link.companyId), eq(orders.id, link.orderId)));
    return row && { kind: 'order' as const, ...row };
  }
  const [row] = await db
    .select({ job: junkJobs, customer: customers })
    .from(junkJobs)
    .innerJoin(customers, eq(customers.id, junkJobs.customerId))
    .where(and(eq(junkJobs.companyId, link.companyId), eq(junkJobs.id, link.junkJobId as string)));
  return row && { kind: 'job' as const, ...row };
}

/** Moves a job to another day and window if it is still where it was (of two moves at once, one goes). */
export async function setJobWindow(
  db: Queryable,
  job: { companyId: string; id: string; jobDate: string; windowStart: string },
  to: { jobDate: string; windowStart: string; windowEnd: string },
  at: Date,
) {
  const [row] = await db
    .update(junkJobs)
    .set({ ...to, updatedAt: at })
    .where(
      and(
        eq(junkJobs.companyId, job.companyId),
        eq(junkJobs.id, job.id),
        eq(junkJobs.jobDate, job.jobDate),
        eq(junkJobs.windowStart, job.windowStart),
      ),
    )
    .returning();
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

/** An applied swap by its change's id (a dispatch stop): with its order. */
export async function findSwap(db: Queryable, companyId: string, changeId: string) {
  const [row] = await db
    .select({ change: orderChanges, order: orders })
    .from(orderChanges)
    .innerJoin(orders, eq(orders.id, orderChanges.orderId))
    .where(
      and(
        eq(orderChanges.companyId, companyId),
        eq(orderChanges.id, changeId),
        eq(orderChanges.kind, 'swap'),
        eq(orderChanges.status, 'applied'),
      ),
    );
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

/** The changes of an order or a junk job, newest first. */
export async function changesOf(
  db: Queryable,
  companyId: string,
  booking: { orderId: string } | { junkJobId: string },
) {
  const of =
    'orderId' in booking ? eq(orderChanges.orderId, booking.orderId) : eq(orderChanges.junkJobId, booking.junkJobId);
  return db
    .select()
    .from(orderChanges)
    .where(and(eq(orderChanges.companyId, companyId), of))
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
    .select({ order: orders, name: customers.name, phone: customers.phone, changeId: orderChanges.id })
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

/** Changes applied more than 30 seconds ago whose payment is still only authorized (a capture that failed). */
export async function uncapturedChanges(db: Queryable, limit: number) {
  return db
    .select({ change: orderChanges })
    .from(orderChanges)
    .innerJoin(payments, eq(payments.paymentIntentId, orderChanges.paymentIntentId))
    .where(
      and(
        eq(orderChanges.status, 'applied'),
        eq(payments.status, 'authorized'),
        sql`${orderChanges.appliedAt} < now() - interval '30 seconds'`,
      ),
    )
    .limit(limit);
}
