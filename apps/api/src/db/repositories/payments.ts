import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../client';
import { invoices, junkJobs, orders, payments } from '../schema';

/**
 * Invoices and payments: one invoice and one payment record per order or junk job, the capture recorded on
 * the payment, and a rejected held booking's invoice and payment.
 */

export type Subject = { kind: 'order'; id: string; number: number } | { kind: 'job'; id: string; number: number };

export async function insertInvoice(db: Queryable, values: typeof invoices.$inferInsert): Promise<string> {
  const [row] = await db.insert(invoices).values(values).returning({ id: invoices.id });
  return (row as { id: string }).id;
}

export async function invoiceOf(db: Queryable, orderId: string): Promise<string> {
  const [row] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, orderId));
  return (row as { id: string }).id;
}

export async function jobInvoiceOf(db: Queryable, jobId: string): Promise<string> {
  const [row] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.junkJobId, jobId));
  return (row as { id: string }).id;
}

export async function insertPayment(db: Queryable, values: typeof payments.$inferInsert): Promise<void> {
  await db.insert(payments).values(values);
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

/** The payment record of an order or job (one per booking), through its invoice. */
export async function paymentOf(db: Queryable, companyId: string, subject: Subject) {
  const made = subject.kind === 'order' ? eq(invoices.orderId, subject.id) : eq(invoices.junkJobId, subject.id);
  const [row] = await db
    .select({ payment: payments, invoiceStatus: invoices.status })
    .from(invoices)
    .leftJoin(payments, eq(payments.invoiceId, invoices.id))
    .where(and(eq(invoices.companyId, companyId), made));
  return row;
}

/**
 * A rejected held booking: canceled (if still held: of two concurrent decisions one wins), its invoice
 * void and its authorized payment canceled. payment_status stays unpaid: nothing was charged.
 */
export async function rejectHeld(db: Queryable, companyId: string, subject: Subject, at: Date) {
  const table = subject.kind === 'order' ? orders : junkJobs;
  const [row] = await db
    .update(table)
    .set({ status: 'canceled', updatedAt: at })
    .where(and(eq(table.companyId, companyId), eq(table.id, subject.id), eq(table.status, 'pending_risk_review')))
    .returning({ id: table.id });
  if (!row) return false;
  const made = subject.kind === 'order' ? eq(invoices.orderId, subject.id) : eq(invoices.junkJobId, subject.id);
  const [invoice] = await db
    .update(invoices)
    .set({ status: 'void' })
    .where(and(eq(invoices.companyId, companyId), made))
    .returning({ id: invoices.id });
  if (invoice) {
    await db
      .update(payments)
      .set({ status: 'canceled' })
      .where(
        and(eq(payments.companyId, companyId), eq(payments.invoiceId, invoice.id), eq(payments.status, 'authorized')),
      );
  }
  return true;
}
