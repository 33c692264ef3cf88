import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { SessionState } from '../../domain/session-state';
import type { Queryable } from '../client';
import { bookingSessions, companies, junkJobs, orders } from '../schema';

/**
 * Booking sessions: a dumpster order's or junk job's checkout from its price to its order (the confirm
 * lease, the office's decision lease on a held one), what open ones hold, and the recovery worker's reads.
 * The Data API reads them as estimates (estimates.ts).
 */

export type SessionRow = typeof bookingSessions.$inferSelect;

export async function findSession(
  db: Queryable,
  companyId: string,
  sessionId: string,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(bookingSessions)
    .where(and(eq(bookingSessions.companyId, companyId), eq(bookingSessions.sessionId, sessionId)));
  return row;
}

/** Inserts a session; undefined when one with the same id already exists (a concurrent first call). */
export async function insertSession(
  db: Queryable,
  values: typeof bookingSessions.$inferInsert,
): Promise<SessionRow | undefined> {
  const [row] = await db.insert(bookingSessions).values(values).onConflictDoNothing().returning();
  return row;
}

/**
 * Serializes the making of bookings that take a counted unit (a junk window's seat, a size's can) for one
 * company inside the caller's transaction, with a row lock on the company: two never both take the last one.
 */
export async function lockCompanyUnits(tx: Queryable, companyId: string): Promise<void> {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
}

/**
 * Ends a session its customer replaced with another booking (`replaces_session_id`): it fails, so neither a
 * confirm nor the recovery worker can make it. Only an open session of this company that no confirm is
 * working on is ended; the row as ended, else undefined.
 */
export async function endReplacedSession(
  db: Queryable,
  companyId: string,
  sessionId: string,
  reason: string,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .update(bookingSessions)
    .set({ state: 'failed', lastError: reason, updatedAt: sql`now()` })
    .where(
      and(
        eq(bookingSessions.companyId, companyId),
        eq(bookingSessions.sessionId, sessionId),
        isNull(bookingSessions.orderId),
        isNull(bookingSessions.junkJobId),
        inArray(bookingSessions.state, ['intent_created', 'unconfirmed']),
        sql`(${bookingSessions.lockedUntil} is null or ${bookingSessions.lockedUntil} < now())`,
      ),
    )
    .returning();
  return row;
}

/**
 * Takes the session's confirm lease: only one request at a time creates an order, and a lease left by a
 * crashed process runs out by itself. Undefined when another request holds it.
 */
export async function leaseSession(
  db: Queryable,
  companyId: string,
  sessionId: string,
  seconds = 30,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .update(bookingSessions)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(leasable(companyId, sessionId, ['intent_created', 'unconfirmed']))
    .returning();
  return row;
}

/** A session of the company in one of `states` whose lease, if any, has run out. */
const leasable = (companyId: string, sessionId: string, states: SessionState[]) =>
  and(
    eq(bookingSessions.companyId, companyId),
    eq(bookingSessions.sessionId, sessionId),
    inArray(bookingSessions.state, states),
    sql`(${bookingSessions.lockedUntil} is null or ${bookingSessions.lockedUntil} < now())`,
  );

/** Records the processor's intent on a session that has none yet; undefined when another request did. */
export async function attachIntent(
  db: Queryable,
  companyId: string,
  sessionId: string,
  intent: { paymentIntentId: string; clientSecret: string; processorCustomer: string | null },
): Promise<SessionRow | undefined> {
  const [row] = await db
    .update(bookingSessions)
    .set({ ...intent, updatedAt: sql`now()` })
    .where(
      and(
        eq(bookingSessions.companyId, companyId),
        eq(bookingSessions.sessionId, sessionId),
        isNull(bookingSessions.paymentIntentId),
      ),
    )
    .returning();
  return row;
}

export async function updateSession(
  db: Queryable,
  companyId: string,
  sessionId: string,
  set: Partial<
    Pick<SessionRow, 'state' | 'orderId' | 'junkJobId' | 'lastError' | 'lockedUntil' | 'notifiedUnconfirmedAt'>
  >,
): Promise<void> {
  await db
    .update(bookingSessions)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(bookingSessions.companyId, companyId), eq(bookingSessions.sessionId, sessionId)));
}

/** A session with its order's (or junk job's) number, for GET /sessions and repeated confirms. */
export async function findSessionWithOrder(db: Queryable, companyId: string, sessionId: string) {
  const [row] = await db
    .select({ session: bookingSessions, orderNumber: orders.orderNumber, jobNumber: junkJobs.jobNumber })
    .from(bookingSessions)
    .leftJoin(orders, eq(orders.id, bookingSessions.orderId))
    .leftJoin(junkJobs, eq(junkJobs.id, bookingSessions.junkJobId))
    .where(and(eq(bookingSessions.companyId, companyId), eq(bookingSessions.sessionId, sessionId)));
  return row;
}

/**
 * Sessions the recovery worker looks at: a payment intent, no order, not leased, not looked at in the
 * last minute, opened within the last two days (the worker gives an authorization up after one day).
 */
export async function sessionsToRecover(db: Queryable, limit: number): Promise<SessionRow[]> {
  return db
    .select()
    .from(bookingSessions)
    .where(
      and(
        inArray(bookingSessions.state, ['intent_created', 'unconfirmed']),
        isNull(bookingSessions.orderId),
        sql`${bookingSessions.paymentIntentId} is not null`,
        sql`(${bookingSessions.lockedUntil} is null or ${bookingSessions.lockedUntil} < now())`,
        sql`${bookingSessions.updatedAt} < now() - interval '1 minute'`,
        sql`${bookingSessions.createdAt} > now() - interval '2 days'`,
      ),
    )
    .orderBy(asc(bookingSessions.updatedAt))
    .limit(limit);
}

/**
 * Sessions whose card is authorized (or could not be checked) but have no order: the recovery worker
 * marks them `unconfirmed` after UNCONFIRMED_NOTICE_MINUTES when it could not make the order itself.
 * A session still `intent_created` was never paid as far as we know: an estimate, not a stuck booking.
 */
export const isStuck = (companyId: string, before: Date) =>
  and(
    eq(bookingSessions.companyId, companyId),
    eq(bookingSessions.state, 'unconfirmed'),
    isNull(bookingSessions.orderId),
    isNull(bookingSessions.junkJobId),
    sql`${bookingSessions.paymentIntentId} is not null`,
    sql`${bookingSessions.createdAt} <= ${before.toISOString()}`,
  );

export async function stuckSessions(db: Queryable, companyId: string, before: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(bookingSessions)
    .where(isStuck(companyId, before))
    .orderBy(asc(bookingSessions.createdAt))
    .limit(100);
}

/**
 * The office's decision lease on a held order's session (approve or reject): one decision at a time, and
 * a lease left by a crashed process runs out by itself (as the confirm lease, sessions.ts leaseSession).
 */
export async function leaseHeldSession(db: Queryable, companyId: string, sessionId: string, seconds = 60) {
  const [row] = await db
    .update(bookingSessions)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(leasable(companyId, sessionId, ['held']))
    .returning({ sessionId: bookingSessions.sessionId });
  return row !== undefined;
}

export async function endHeldLease(db: Queryable, companyId: string, sessionId: string) {
  await db
    .update(bookingSessions)
    .set({ lockedUntil: null })
    .where(and(eq(bookingSessions.companyId, companyId), eq(bookingSessions.sessionId, sessionId)));
}
