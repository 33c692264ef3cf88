import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '../client';
import { bookingSessions, customers, junkJobs, leads, orders, webhookEndpoints } from '../schema';
import type { SessionRow } from './sessions';

/**
 * The console's office queues (issue 15): what needs a person (held orders and jobs, authorized sessions
 * without an order, new leads, webhook endpoints in trouble) and the dispatch day. Every query takes the
 * signed-in member's company id.
 */

const HELD = 'pending_risk_review';

/**
 * Sessions whose card is authorized (or could not be checked) but have no order: the recovery worker
 * marks them `unconfirmed` after UNCONFIRMED_NOTICE_MINUTES when it could not make the order itself.
 * A session still `intent_created` was never paid as far as we know: an estimate, not a stuck booking.
 */
const stuck = (companyId: string, before: Date) =>
  and(
    eq(bookingSessions.companyId, companyId),
    eq(bookingSessions.state, 'unconfirmed'),
    isNull(bookingSessions.orderId),
    isNull(bookingSessions.junkJobId),
    sql`${bookingSessions.paymentIntentId} is not null`,
    sql`${bookingSessions.createdAt} <= ${before.toISOString()}`,
  );

/** Switched off, or failing since its last success. */
const troubled = (companyId: string) =>
  and(
    eq(webhookEndpoints.companyId, companyId),
    or(eq(webhookEndpoints.enabled, false), sql`${webhookEndpoints.consecutiveFailures} > 0`),
  );

export async function heldOrders(db: Queryable, companyId: string) {
  return db
    .select({ order: orders, name: customers.name, email: customers.email })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(eq(orders.companyId, companyId), eq(orders.status, HELD)))
    .orderBy(asc(orders.createdAt))
    .limit(100);
}

export async function heldJobs(db: Queryable, companyId: string) {
  return db
    .select({ job: junkJobs, name: customers.name, email: customers.email })
    .from(junkJobs)
    .innerJoin(customers, eq(customers.id, junkJobs.customerId))
    .where(and(eq(junkJobs.companyId, companyId), eq(junkJobs.status, HELD)))
    .orderBy(asc(junkJobs.createdAt))
    .limit(100);
}

export async function stuckSessions(db: Queryable, companyId: string, before: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(bookingSessions)
    .where(stuck(companyId, before))
    .orderBy(asc(bookingSessions.createdAt))
    .limit(100);
}

export async function newLeads(db: Queryable, companyId: string, limit: number) {
  return db
    .select()
    .from(leads)
    .where(and(eq(leads.companyId, companyId), eq(leads.status, 'new')))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(limit);
}

export async function troubledEndpoints(db: Queryable, companyId: string) {
  return db
    .select({
      id: webhookEndpoints.id,
      api: webhookEndpoints.api,
      url: webhookEndpoints.url,
      enabled: webhookEndpoints.enabled,
      consecutiveFailures: webhookEndpoints.consecutiveFailures,
      disabledAt: webhookEndpoints.disabledAt,
    })
    .from(webhookEndpoints)
    .where(troubled(companyId))
    .orderBy(asc(webhookEndpoints.createdAt));
}

/** The navigation's badges: one round trip of counts, each on an indexed or small set. */
export async function queueCounts(db: Queryable, companyId: string, before: Date) {
  const count = (table: unknown, where: unknown) => sql<number>`(select count(*)::int from ${table} where ${where})`;
  const [row] = await db
    .select({
      orders: count(orders, and(eq(orders.companyId, companyId), eq(orders.status, HELD))),
      jobs: count(junkJobs, and(eq(junkJobs.companyId, companyId), eq(junkJobs.status, HELD))),
      sessions: count(bookingSessions, stuck(companyId, before)),
      endpoints: count(webhookEndpoints, troubled(companyId)),
      leads: count(leads, and(eq(leads.companyId, companyId), eq(leads.status, 'new'))),
    })
    .from(sql`(select 1) as one`);
  return row as { orders: number; jobs: number; sessions: number; endpoints: number; leads: number };
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

/**
 * The office's decision lease on a held order's session (approve or reject): one decision at a time, and
 * a lease left by a crashed process runs out by itself (as the confirm lease, sessions.ts leaseSession).
 */
export async function leaseHeldSession(db: Queryable, companyId: string, sessionId: string, seconds = 60) {
  const [row] = await db
    .update(bookingSessions)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(
      and(
        eq(bookingSessions.companyId, companyId),
        eq(bookingSessions.sessionId, sessionId),
        eq(bookingSessions.state, 'held'),
        sql`(${bookingSessions.lockedUntil} is null or ${bookingSessions.lockedUntil} < now())`,
      ),
    )
    .returning({ sessionId: bookingSessions.sessionId });
  return row !== undefined;
}

export async function endHeldLease(db: Queryable, companyId: string, sessionId: string) {
  await db
    .update(bookingSessions)
    .set({ lockedUntil: null })
    .where(and(eq(bookingSessions.companyId, companyId), eq(bookingSessions.sessionId, sessionId)));
}
