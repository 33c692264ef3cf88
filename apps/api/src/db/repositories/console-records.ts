import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../client';
import { consoleAudit, consoleUsers, customers, invoices, junkJobs, orders, outbox, payments } from '../schema';
import { matchesSearch } from './data-search';

/**
 * The console's records (issue 15): an order's or job's page (customer, payment, what was sent about it,
 * what the office did to it), the audit rows, the rejection's writes and the customers. Every query takes
 * the signed-in member's company id.
 */

export type Subject = { kind: 'order'; id: string; number: number } | { kind: 'job'; id: string; number: number };
const subjectText = (s: Subject) => `${s.kind}:${s.number}`;

export async function findCustomer(db: Queryable, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.id, id)));
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
 * What the outbox holds about this order or job: webhooks (both APIs' bodies carry order_number or
 * job_number) and the e-mails and texts that name it ("order #1042", as present/messages.ts words them).
 */
export async function outboxAbout(db: Queryable, companyId: string, subject: Subject) {
  const key = subject.kind === 'order' ? 'order_number' : 'job_number';
  const named = `${subject.kind} #${subject.number}([^0-9]|$)`;
  return db
    .select()
    .from(outbox)
    .where(
      and(
        eq(outbox.companyId, companyId),
        or(
          and(eq(outbox.channel, 'webhook'), sql`${outbox.payload}->>${key} = ${String(subject.number)}`),
          and(
            inArray(outbox.channel, ['email', 'sms']),
            sql`(coalesce(${outbox.payload}->>'subject', '') || ' ' || coalesce(${outbox.payload}->>'text', '')) ~* ${named}`,
          ),
        ),
      ),
    )
    .orderBy(asc(outbox.id))
    .limit(200);
}

export async function auditOf(db: Queryable, companyId: string, subject: string) {
  return db
    .select({
      action: consoleAudit.action,
      detail: consoleAudit.detail,
      createdAt: consoleAudit.createdAt,
      userName: consoleUsers.name,
      userEmail: consoleUsers.email,
    })
    .from(consoleAudit)
    .leftJoin(consoleUsers, eq(consoleUsers.id, consoleAudit.userId))
    .where(and(eq(consoleAudit.companyId, companyId), eq(consoleAudit.subject, subject)))
    .orderBy(asc(consoleAudit.createdAt))
    .limit(200);
}

export async function insertAudit(
  db: Queryable,
  row: { companyId: string; userId: string; action: string; subject: string; detail?: string | null; at: Date },
) {
  await db.insert(consoleAudit).values({
    companyId: row.companyId,
    userId: row.userId,
    action: row.action,
    subject: row.subject,
    detail: row.detail ?? null,
    createdAt: row.at,
  });
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

/** A page of the company's customers (all of them: the office sees held bookings' customers too). */
export async function customersPage(
  db: Queryable,
  companyId: string,
  q: string | undefined,
  offset: number,
  limit: number,
) {
  const where: SQL[] = [eq(customers.companyId, companyId)];
  if (q) where.push(matchesSearch(q, [sql`${customers.name}`, sql`${customers.email}`], sql`${customers.phoneDigits}`));
  return db
    .select({
      customer: customers,
      // Qualified by hand: in a one-table select drizzle writes columns unqualified, and inside the
      // subquery "id" would be the order's own.
      orders: sql<number>`(select count(*)::int from orders o where o.company_id = ${companyId} and o.customer_id = "customers"."id")`,
      jobs: sql<number>`(select count(*)::int from junk_jobs j where j.company_id = ${companyId} and j.customer_id = "customers"."id")`,
    })
    .from(customers)
    .where(and(...where))
    .orderBy(desc(customers.createdAt), desc(customers.id))
    .offset(offset)
    .limit(limit);
}

export async function ordersOfCustomer(db: Queryable, companyId: string, customerId: string) {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.customerId, customerId)))
    .orderBy(desc(orders.orderNumber))
    .limit(200);
}

export async function jobsOfCustomer(db: Queryable, companyId: string, customerId: string) {
  return db
    .select()
    .from(junkJobs)
    .where(and(eq(junkJobs.companyId, companyId), eq(junkJobs.customerId, customerId)))
    .orderBy(desc(junkJobs.jobNumber))
    .limit(200);
}

export { subjectText };
