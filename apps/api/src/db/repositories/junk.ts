import { and, count, desc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../client';
import { bookingSessions, companies, customers, invoices, junkJobs, junkPhotos, payments } from '../schema';
import { holdingSessions } from './sessions';

export type JunkJobRow = typeof junkJobs.$inferSelect;

/** Sessions that hold a seat: a junk intent without its job yet, not failed, inside its hold. */
const holding = (companyId: string, now: Date) =>
  and(holdingSessions(companyId, now), eq(bookingSessions.kind, 'junk'));

/** Seats taken per day and window start between two dates: jobs booked plus intents holding a seat. */
export async function seatsTaken(
  db: Queryable,
  companyId: string,
  from: string,
  to: string,
  now: Date,
): Promise<Map<string, number>> {
  const [jobs, holds] = await Promise.all([
    db
      .select({ date: junkJobs.jobDate, start: junkJobs.windowStart, n: count() })
      .from(junkJobs)
      .where(
        and(
          eq(junkJobs.companyId, companyId),
          gte(junkJobs.jobDate, from),
          lte(junkJobs.jobDate, to),
          ne(junkJobs.status, 'canceled'),
        ),
      )
      .groupBy(junkJobs.jobDate, junkJobs.windowStart),
    db
      .select({ date: bookingSessions.slotDate, start: bookingSessions.slotStart, n: count() })
      .from(bookingSessions)
      .where(and(holding(companyId, now), gte(bookingSessions.slotDate, from), lte(bookingSessions.slotDate, to)))
      .groupBy(bookingSessions.slotDate, bookingSessions.slotStart),
  ]);
  const taken = new Map<string, number>();
  for (const row of [...jobs, ...holds]) {
    const key = `${row.date} ${row.start}`;
    taken.set(key, (taken.get(key) ?? 0) + Number(row.n));
  }
  return taken;
}

/** Seats taken in one window of a day. */
export async function seatsTakenInWindow(
  db: Queryable,
  companyId: string,
  slot: { date: string; start: string },
  now: Date,
): Promise<number> {
  return (await seatsTaken(db, companyId, slot.date, slot.date, now)).get(`${slot.date} ${slot.start}`) ?? 0;
}

/** The next job number of a company; the row lock serializes concurrent jobs. */
export async function takeJobNumber(db: Queryable, companyId: string): Promise<number> {
  const [row] = await db
    .update(companies)
    .set({ nextJobNumber: sql`${companies.nextJobNumber} + 1` })
    .where(eq(companies.id, companyId))
    .returning({ next: companies.nextJobNumber });
  return (row as { next: number }).next - 1;
}

export async function insertJob(db: Queryable, values: typeof junkJobs.$inferInsert): Promise<JunkJobRow> {
  const [row] = await db.insert(junkJobs).values(values).returning();
  return row as JunkJobRow;
}

export async function findJob(db: Queryable, companyId: string, jobId: string): Promise<JunkJobRow | undefined> {
  const [row] = await db
    .select()
    .from(junkJobs)
    .where(and(eq(junkJobs.companyId, companyId), eq(junkJobs.id, jobId)));
  return row;
}

export async function findJobByNumber(
  db: Queryable,
  companyId: string,
  jobNumber: number,
): Promise<JunkJobRow | undefined> {
  const [row] = await db
    .select()
    .from(junkJobs)
    .where(and(eq(junkJobs.companyId, companyId), eq(junkJobs.jobNumber, jobNumber)));
  return row;
}

export async function jobInvoiceOf(db: Queryable, jobId: string): Promise<string> {
  const [row] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.junkJobId, jobId));
  return (row as { id: string }).id;
}

/** After its capture is recorded (orders.ts, capturePayment): the job's invoice and the job are paid. */
export async function markJobPaid(
  db: Queryable,
  companyId: string,
  jobId: string,
  at: Date,
): Promise<JunkJobRow | undefined> {
  await db
    .update(invoices)
    .set({ status: 'paid' })
    .where(and(eq(invoices.companyId, companyId), eq(invoices.junkJobId, jobId)));
  const [row] = await db
    .update(junkJobs)
    .set({ paymentStatus: 'paid', updatedAt: at })
    .where(and(eq(junkJobs.companyId, companyId), eq(junkJobs.id, jobId), eq(junkJobs.paymentStatus, 'unpaid')))
    .returning();
  return row;
}

/** Moves a job from one status to another if it is still in the first; updated_at is the move's time. */
export async function setJobStatus(
  db: Queryable,
  companyId: string,
  jobId: string,
  move: { from: string; to: string; at: Date },
): Promise<JunkJobRow | undefined> {
  const [row] = await db
    .update(junkJobs)
    .set({ status: move.to, updatedAt: move.at })
    .where(and(eq(junkJobs.companyId, companyId), eq(junkJobs.id, jobId), eq(junkJobs.status, move.from)))
    .returning();
  return row;
}

/** Confirmed jobs whose card was authorized but never captured (a capture failed after the commit). */
export async function uncapturedJobs(db: Queryable, limit: number) {
  return db
    .select({ jobId: junkJobs.id, companyId: junkJobs.companyId, paymentIntentId: payments.paymentIntentId })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .innerJoin(junkJobs, eq(junkJobs.id, invoices.junkJobId))
    .where(
      and(
        eq(payments.status, 'authorized'),
        // As for orders: a held job is captured by its release, a canceled one never.
        sql`${junkJobs.status} not in ('pending_risk_review', 'canceled')`,
        sql`${junkJobs.createdAt} < now() - interval '30 seconds'`,
      ),
    )
    .limit(limit);
}

/** The latest jobs of a company with their customer's e-mail, newest first. */
export async function latestJobs(db: Queryable, companyId: string, limit: number) {
  return db
    .select({
      job: junkJobs,
      email: customers.email,
      photos: sql<number>`(select count(*) from ${junkPhotos} where ${junkPhotos.junkJobId} = ${junkJobs.id})`.mapWith(
        Number,
      ),
    })
    .from(junkJobs)
    .innerJoin(customers, eq(customers.id, junkJobs.customerId))
    .where(eq(junkJobs.companyId, companyId))
    .orderBy(desc(junkJobs.jobNumber))
    .limit(limit);
}

export async function countPhotos(db: Queryable, companyId: string, jobId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(junkPhotos)
    .where(and(eq(junkPhotos.companyId, companyId), eq(junkPhotos.junkJobId, jobId)));
  return Number(row?.n ?? 0);
}

export async function insertPhotos(db: Queryable, values: (typeof junkPhotos.$inferInsert)[]) {
  return db.insert(junkPhotos).values(values).returning();
}

export async function listPhotos(db: Queryable, companyId: string, jobId: string) {
  return db
    .select()
    .from(junkPhotos)
    .where(and(eq(junkPhotos.companyId, companyId), eq(junkPhotos.junkJobId, jobId)))
    .orderBy(junkPhotos.createdAt);
}

/** Locks a job's row for the caller's transaction: serializes photo uploads against the per-job cap. */
export async function lockJob(tx: Queryable, companyId: string, jobId: string): Promise<void> {
  await tx
    .select({ id: junkJobs.id })
    .from(junkJobs)
    .where(and(eq(junkJobs.companyId, companyId), eq(junkJobs.id, jobId)))
    .for('update');
}
