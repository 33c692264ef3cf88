import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../client';
import { outbox, webhookAttempts } from '../schema';
import { OUTBOX_CHANNEL } from './outbox';

/**
 * The console's delivery log: one row per attempt to deliver a webhook (the worker's and the ones a console
 * user starts). Never the secret and never the body: what was sent is the outbox row's payload.
 */
export type AttemptValues = Omit<typeof webhookAttempts.$inferInsert, 'id' | 'createdAt'>;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

export async function insertAttempt(db: Queryable, values: AttemptValues): Promise<void> {
  await db.insert(webhookAttempts).values(values);
}

/** One delivery (an outbox row) of a company's endpoint. */
export async function findDelivery(db: Queryable, companyId: string, endpointId: string, id: number) {
  const [row] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.companyId, companyId), eq(outbox.endpointId, endpointId), eq(outbox.id, id)));
  return row;
}

/** A page of an endpoint's deliveries, newest first, one more than asked (so the caller knows of a next page). */
export async function listDeliveries(
  db: Queryable,
  companyId: string,
  endpointId: string,
  page: number,
  perPage: number,
) {
  return db
    .select()
    .from(outbox)
    .where(and(eq(outbox.companyId, companyId), eq(outbox.endpointId, endpointId)))
    .orderBy(desc(outbox.id))
    .limit(perPage + 1)
    .offset((page - 1) * perPage);
}

/** The attempts of some deliveries of a company, oldest first. */
export async function listAttempts(db: Queryable, companyId: string, outboxIds: number[]): Promise<AttemptRow[]> {
  if (!outboxIds.length) return [];
  return db
    .select()
    .from(webhookAttempts)
    .where(and(eq(webhookAttempts.companyId, companyId), inArray(webhookAttempts.outboxId, outboxIds)))
    .orderBy(webhookAttempts.createdAt, webhookAttempts.attempt);
}

/** A delivery made now by hand (a test event): written as finished, so the worker never picks it up. */
export async function insertManualDelivery(
  db: Queryable,
  values: { companyId: string; endpointId: string; topic: string; payload: Record<string, unknown> },
): Promise<typeof outbox.$inferSelect> {
  const [row] = await db
    .insert(outbox)
    .values({ ...values, channel: 'webhook', status: 'failed' })
    .returning();
  return row as typeof outbox.$inferSelect;
}

/**
 * Claims a delivery for a manual attempt: counts the attempt if the delivery has still been attempted
 * `seen` times, so two clicks on "resend" (or a resend racing another) send once; undefined when it moved on.
 */
export async function claimManualAttempt(db: Queryable, companyId: string, id: number, seen: number) {
  const [row] = await db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1` })
    .where(and(eq(outbox.companyId, companyId), eq(outbox.id, id), eq(outbox.attempts, seen)))
    .returning();
  return row;
}

/**
 * What a manual attempt did to its delivery: delivered when it succeeded (a pending retry is then not sent
 * again); a failure keeps the delivery's status and schedule and only notes the error.
 */
export async function finishManualAttempt(
  db: Queryable,
  id: number,
  outcome: { ok: boolean; error: string | null; now: Date },
): Promise<typeof outbox.$inferSelect> {
  const [row] = await db
    .update(outbox)
    .set(
      outcome.ok
        ? { status: 'delivered' as const, deliveredAt: outcome.now, lastError: null }
        : { lastError: outcome.error?.slice(0, 500) ?? null },
    )
    .where(eq(outbox.id, id))
    .returning();
  return row as typeof outbox.$inferSelect;
}

/** Not a test event: a delivery whose first logged attempt was not made by hand (or that has none yet). */
const notTest = sql`coalesce((select ${webhookAttempts.manual} from ${webhookAttempts} where ${webhookAttempts.outboxId} = ${outbox.id} order by ${webhookAttempts.createdAt} limit 1), false) = false`;

/**
 * Puts an endpoint's held deliveries, or (`since`) its undelivered ones (failed or held, created since then,
 * test events aside) back in the queue, due at once with fresh attempts. A row already pending or delivered
 * is not touched, so a second call (a double click) finds nothing more to send. Answers how many.
 */
export async function requeueDeliveries(
  db: Queryable,
  companyId: string,
  endpointId: string,
  which: { held: true } | { since: Date },
  now: Date,
): Promise<number> {
  const rows = await db
    .update(outbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now })
    .where(
      and(
        eq(outbox.companyId, companyId),
        eq(outbox.endpointId, endpointId),
        'held' in which
          ? eq(outbox.status, 'held')
          : and(inArray(outbox.status, ['failed', 'held']), gte(outbox.createdAt, which.since), notTest),
      ),
    )
    .returning({ id: outbox.id });
  if (rows.length) await db.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
  return rows.length;
}

/** Per endpoint of a company: its held deliveries, and its undelivered ones (failed or held) created since `since`. */
export async function undeliveredCounts(db: Queryable, companyId: string, since: Date) {
  const rows = await db
    .select({
      endpointId: outbox.endpointId,
      held: sql<number>`count(*) filter (where ${outbox.status} = 'held')::int`,
      undelivered: sql<number>`count(*) filter (where ${outbox.createdAt} >= ${since.toISOString()}::timestamptz and ${notTest})::int`,
    })
    .from(outbox)
    .where(
      and(eq(outbox.companyId, companyId), eq(outbox.channel, 'webhook'), inArray(outbox.status, ['failed', 'held'])),
    )
    .groupBy(outbox.endpointId);
  return new Map(
    rows.map((r) => [r.endpointId as string, { held: Number(r.held), undelivered: Number(r.undelivered) }]),
  );
}
