import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import { HELD_FOR_REVIEW } from '../../domain/order-status';
import type { Queryable } from '../client';
import { companies, customers, invoices, orders, payments } from '../schema';

/**
 * Orders: the writes of a booking and the office's moves, and the office's reads. The Data API's pages are
 * in order-lists.ts.
 */

export type OrderRow = typeof orders.$inferSelect;

/** The next order number of a company; the row lock serializes concurrent orders. */
export async function takeOrderNumber(db: Queryable, companyId: string): Promise<number> {
  const [row] = await db
    .update(companies)
    .set({ nextOrderNumber: sql`${companies.nextOrderNumber} + 1` })
    .where(eq(companies.id, companyId))
    .returning({ next: companies.nextOrderNumber });
  return (row as { next: number }).next - 1;
}

export async function insertOrder(db: Queryable, values: typeof orders.$inferInsert): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  return row as OrderRow;
}

export async function findOrder(db: Queryable, companyId: string, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.id, orderId)));
  return row;
}

export async function findOrderByNumber(
  db: Queryable,
  companyId: string,
  orderNumber: number,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.orderNumber, orderNumber)));
  return row;
}

/** After its capture is recorded: the order's invoice and the order are paid (an unpaid order only). */
export async function markOrderPaid(
  db: Queryable,
  companyId: string,
  orderId: string,
  at: Date,
): Promise<OrderRow | undefined> {
  await db
    .update(invoices)
    .set({ status: 'paid' })
    .where(and(eq(invoices.companyId, companyId), eq(invoices.orderId, orderId)));
  const [row] = await db
    .update(orders)
    .set({ paymentStatus: 'paid', updatedAt: at })
    .where(and(eq(orders.companyId, companyId), eq(orders.id, orderId), eq(orders.paymentStatus, 'unpaid')))
    .returning();
  return row;
}

/**
 * Moves an order from one status to another if it is still in the first (of two concurrent moves, one
 * wins); updated_at is the move's time, and completed_at is set when given.
 */
export async function setOrderStatus(
  db: Queryable,
  companyId: string,
  orderId: string,
  move: { from: string; to: string; at: Date; completedAt?: Date; returnedOn?: string },
): Promise<OrderRow | undefined> {
  const { completedAt, returnedOn } = move;
  const [row] = await db
    .update(orders)
    .set({
      status: move.to,
      updatedAt: move.at,
      ...(completedAt ? { completedAt } : {}),
      ...(returnedOn ? { returnedOn } : {}),
    })
    .where(and(eq(orders.companyId, companyId), eq(orders.id, orderId), eq(orders.status, move.from)))
    .returning();
  return row;
}

/** Confirmed orders whose card was authorized but never captured (a capture failed after the commit). */
export async function uncapturedOrders(db: Queryable, limit: number) {
  return db
    .select({ orderId: orders.id, companyId: orders.companyId, paymentIntentId: payments.paymentIntentId })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(
      and(
        eq(payments.status, 'authorized'),
        // Held orders are captured by their release; a canceled one is never charged (the office canceled it
        // while its capture was pending: the authorization lapses at the processor).
        sql`${orders.status} not in ('pending_risk_review', 'canceled')`,
        sql`${orders.createdAt} < now() - interval '30 seconds'`,
      ),
    )
    .limit(limit);
}

/** The latest orders of a company with their customer's e-mail, newest first. */
export async function latestOrders(db: Queryable, companyId: string, limit: number) {
  return db
    .select({ order: orders, email: customers.email })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.companyId, companyId))
    .orderBy(desc(orders.orderNumber))
    .limit(limit);
}

export async function heldOrders(db: Queryable, companyId: string) {
  return db
    .select({ order: orders, name: customers.name, email: customers.email })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(eq(orders.companyId, companyId), eq(orders.status, HELD_FOR_REVIEW)))
    .orderBy(asc(orders.createdAt))
    .limit(100);
}

/** Orders delivered or picked up on `date` (company-local), deliveries first, then by number. */
export async function ordersOfDay(db: Queryable, companyId: string, date: string) {
  return db
    .select({ order: orders, name: customers.name, phone: customers.phone })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(eq(orders.companyId, companyId), or(eq(orders.deliveryDate, date), eq(orders.pickupDate, date))))
    .orderBy(asc(orders.orderNumber))
    .limit(500);
}

export async function ordersOfCustomer(db: Queryable, companyId: string, customerId: string) {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.customerId, customerId)))
    .orderBy(desc(orders.orderNumber))
    .limit(200);
}
