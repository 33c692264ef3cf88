import { and, asc, count, desc, eq, gte, inArray, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import { HELD_FOR_REVIEW } from '../../domain/order-status';
import type { Queryable } from '../client';
import { companies, customers, invoices, junkJobs, junkPhotos, payments } from '../schema';

/**
 * Junk removal jobs and their photos: the windows' seats, the writes of a booking and the office's moves,
 * the office's reads and the Data API's.
 */

export type JunkJobRow = typeof junkJobs.$inferSelect;

/**
 * Seats taken per day and window start between two dates: the jobs booked (any status but canceled). A
 * session holds no seat (docs/decisions/unpaid-intents-hold-nothing.md).
 */
export async function seatsTaken(
  db: Queryable,
  companyId: string,
  from: string,
  to: string,
): Promise<Map<string, number>> {
  const jobs = await db
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
    .groupBy(junkJobs.jobDate, junkJobs.windowStart);
  return new Map(jobs.map((row) => [`${row.date} ${row.start}`, Number(row.n)]));
}

/** Seats taken in one window of a day. */
export async function seatsTakenInWindow(
  db: Queryable,
  companyId: string,
  slot: { date: string; start: string },
): Promise<number> {
  return (await seatsTaken(db, companyId, slot.date, slot.date)).get(`${slot.date} ${slot.start}`) ?? 0;
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

export async function heldJobs(db: Queryable, companyId: string) {
  return db
    .select({ job: junkJobs, name: customers.name, email: customers.email })
    .from(junkJobs)
    .innerJoin(customers, eq(customers.id, junkJobs.customerId))
    .where(and(eq(junkJobs.companyId, companyId), eq(junkJobs.status, HELD_FOR_REVIEW)))
    .orderBy(asc(junkJobs.createdAt))
    .limit(100);
}

/** Junk jobs on `date`, by arrival window. */
export async function jobsOfDay(db: Queryable, companyId: string, date: string) {
  return db
    .select({ job: junkJobs, name: customers.name, phone: customers.phone })
    .from(junkJobs)
    .innerJoin(customers, eq(customers.id, junkJobs.customerId))
    .where(and(eq(junkJobs.companyId, companyId), eq(junkJobs.jobDate, date)))
    .orderBy(asc(junkJobs.windowStart), asc(junkJobs.jobNumber))
    .limit(500);
}

export async function jobsOfCustomer(db: Queryable, companyId: string, customerId: string) {
  return db
    .select()
    .from(junkJobs)
    .where(and(eq(junkJobs.companyId, companyId), eq(junkJobs.customerId, customerId)))
    .orderBy(desc(junkJobs.jobNumber))
    .limit(200);
}

/**
 * The Data API's reads of junk removal jobs: nothing under fraud review, newest first (created_at, then job
 * number). The condition is the partial indexes' predicate (db/schema/junk.ts), so the planner uses them.
 */
const listed = sql`${junkJobs.status} <> 'pending_risk_review'`;

export type JobFilter = {
  status?: string;
  updatedSince?: Date;
  /** created_at bounds: from included, to excluded. */
  createdFrom?: Date;
  createdBefore?: Date;
};

export async function listJobsPage(
  db: Queryable,
  companyId: string,
  filter: JobFilter,
  offset: number,
  limit: number,
): Promise<JunkJobRow[]> {
  const where: SQL[] = [eq(junkJobs.companyId, companyId), listed];
  if (filter.status) where.push(eq(junkJobs.status, filter.status));
  if (filter.updatedSince) where.push(gte(junkJobs.updatedAt, filter.updatedSince));
  if (filter.createdFrom) where.push(gte(junkJobs.createdAt, filter.createdFrom));
  if (filter.createdBefore) where.push(lt(junkJobs.createdAt, filter.createdBefore));
  return db
    .select()
    .from(junkJobs)
    .where(and(...where))
    .orderBy(desc(junkJobs.createdAt), desc(junkJobs.jobNumber))
    .offset(offset)
    .limit(limit);
}

/** One listable job by its number, in this company only. */
export async function findListedJob(db: Queryable, companyId: string, jobNumber: number) {
  const [row] = await db
    .select()
    .from(junkJobs)
    .where(and(eq(junkJobs.companyId, companyId), eq(junkJobs.jobNumber, jobNumber), listed));
  return row;
}

/** Locks a job's row for the caller's transaction: serializes photo uploads against the per-job cap. */
export async function lockJob(tx: Queryable, companyId: string, jobId: string): Promise<void> {
  await tx
    .select({ id: junkJobs.id })
    .from(junkJobs)
    .where(and(eq(junkJobs.companyId, companyId), eq(junkJobs.id, jobId)))
    .for('update');
}

export async function countPhotos(db: Queryable, companyId: string, jobId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(junkPhotos)
    .where(and(eq(junkPhotos.companyId, companyId), eq(junkPhotos.junkJobId, jobId)));
  return Number(row?.n ?? 0);
}

/** How many photos each of these jobs has. */
export async function photoCounts(db: Queryable, companyId: string, jobIds: string[]): Promise<Map<string, number>> {
  if (!jobIds.length) return new Map();
  const rows = await db
    .select({ id: junkPhotos.junkJobId, n: count() })
    .from(junkPhotos)
    .where(and(eq(junkPhotos.companyId, companyId), inArray(junkPhotos.junkJobId, jobIds)))
    .groupBy(junkPhotos.junkJobId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
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
