import { and, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../client';
import { companies, customers, dispatchEntries, invoices, orders, payments } from '../schema';

export type OrderRow = typeof orders.$inferSelect;

/** The company's customer with this e-mail (case-insensitive), created when new. */
export async function findOrCreateCustomer(
  db: Queryable,
  values: Omit<typeof customers.$inferInsert, 'id' | 'createdAt'>,
): Promise<string> {
  const email = values.email.toLowerCase();
  const [created] = await db
    .insert(customers)
    .values({ ...values, email })
    .onConflictDoNothing()
    .returning({ id: customers.id });
  if (created) return created.id;
  const [existing] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.companyId, values.companyId), eq(customers.email, email)));
  return (existing as { id: string }).id;
}

/** Up to `limit` customers of the company whose phone has these digits (punctuation and + ignored). */
export async function customersWithPhone(
  db: Queryable,
  companyId: string,
  digits: string,
  limit: number,
): Promise<{ id: string }[]> {
  return db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.phoneDigits, digits)))
    .limit(limit);
}

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

export async function insertInvoice(db: Queryable, values: typeof invoices.$inferInsert): Promise<string> {
  const [row] = await db.insert(invoices).values(values).returning({ id: invoices.id });
  return (row as { id: string }).id;
}

export async function insertPayment(db: Queryable, values: typeof payments.$inferInsert): Promise<void> {
  await db.insert(payments).values(values);
}

export async function insertDispatch(db: Queryable, values: (typeof dispatchEntries.$inferInsert)[]): Promise<void> {
  await db.insert(dispatchEntries).values(values);
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

export async function invoiceOf(db: Queryable, orderId: string): Promise<string> {
  const [row] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, orderId));
  return (row as { id: string }).id;
}

/**
 * Records a capture on the payment of this intent: authorized becomes captured. Returns what was captured
 * (as the payment was recorded), or undefined when the capture was recorded already: of two concurrent
 * recorders (confirm and the recovery worker), one sees the payment authorized.
 */
export async function capturePayment(
  db: Queryable,
  companyId: string,
  paymentIntentId: string,
): Promise<{ amountCents: number; currency: string } | undefined> {
  const [row] = await db
    .update(payments)
    .set({ status: 'captured' })
    .where(
      and(
        eq(payments.companyId, companyId),
        eq(payments.paymentIntentId, paymentIntentId),
        eq(payments.status, 'authorized'),
      ),
    )
    .returning({ amountCents: payments.amountCents, currency: payments.currency });
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
