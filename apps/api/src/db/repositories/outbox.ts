import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../client';
import { companies, outbox, webhookEndpoints } from '../schema';
import type { Subject } from './payments';

/**
 * The transactional outbox: rows written in the same transaction as the change that causes them, and
 * delivered afterwards by workers (FOR UPDATE SKIP LOCKED), so no event is lost and none is sent for a
 * change that rolled back. Each insert NOTIFYs the workers (delivered on commit, so never for a change that
 * rolled back), which otherwise wait for their next due row (runtime/workers.ts).
 */

/** The LISTEN/NOTIFY channel on which the outbox workers hear of new rows. */
export const OUTBOX_CHANNEL = 'svc_outbox';
const wakeWorkers = (db: Queryable) => db.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);

/** The Data API's webhooks go out only while the platform approves the company's access and its switch is on. */
const dataApiOpen = (companyId: string) =>
  sql`exists (select 1 from ${companies} where ${companies.id} = ${companyId} and ${companies.dataApiAccess} = 'approved' and ${companies.dataApiEnabled})`;

/**
 * Days a switched-off endpoint keeps its events (events/backoff.ts): the ones waiting when it was switched off
 * and the ones produced in the HOLD_DAYS after are written `held`; later ones are not written for it, so an
 * endpoint left off for good stops growing the outbox (docs/decisions/webhook-endpoint-backoff.md).
 */
export const HOLD_DAYS = 7;

/**
 * One row per subscribed endpoint of the company's API: pending for an endpoint that is on (sent once its
 * backoff, if it is in one, ends: claimDue), held for one switched off in the last HOLD_DAYS days; answers
 * the rows written.
 */
export async function enqueueWebhooks(
  db: Queryable,
  companyId: string,
  api: 'booking' | 'data',
  event: string,
  body: Record<string, unknown>,
): Promise<number> {
  const endpoints = await db
    .select({ id: webhookEndpoints.id, enabled: webhookEndpoints.enabled })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.companyId, companyId),
        eq(webhookEndpoints.api, api),
        or(
          eq(webhookEndpoints.enabled, true),
          sql`${webhookEndpoints.disabledAt} > now() - make_interval(days => ${HOLD_DAYS})`,
        ),
        sql`${webhookEndpoints.events} @> ${JSON.stringify([event])}::jsonb`,
        api === 'data' ? dataApiOpen(companyId) : undefined,
      ),
    );
  if (endpoints.length) {
    await db.insert(outbox).values(
      endpoints.map((e) => ({
        companyId,
        channel: 'webhook' as const,
        topic: event,
        endpointId: e.id,
        payload: body,
        status: e.enabled ? ('pending' as const) : ('held' as const),
      })),
    );
    if (endpoints.some((e) => e.enabled)) await wakeWorkers(db);
  }
  return endpoints.length;
}

export type Message = { channel: 'email' | 'sms'; topic: string; to: string; subject?: string; text: string };

export async function enqueueMessages(db: Queryable, companyId: string, messages: Message[]): Promise<void> {
  if (!messages.length) return;
  await db
    .insert(outbox)
    .values(messages.map(({ channel, topic, ...payload }) => ({ companyId, channel, topic, payload })));
  await wakeWorkers(db);
}

/**
 * A webhook is due when its own next attempt and its endpoint's backoff both are; a row of an endpoint that
 * is off waits (it is held by the switch-off, events/deliver.ts).
 */
const endpointReady = (now: Date) =>
  sql`(${outbox.endpointId} is null or exists (select 1 from ${webhookEndpoints} where ${webhookEndpoints.id} = ${outbox.endpointId} and ${webhookEndpoints.enabled} and (${webhookEndpoints.retryAt} is null or ${webhookEndpoints.retryAt} <= ${now.toISOString()}::timestamptz)))`;

/** When the next pending row falls due (a retry, an endpoint's backoff, a lease that lapses), or null when none waits. */
export async function nextOutboxDue(db: Queryable): Promise<Date | null> {
  const [row] = await db
    .select({ due: sql<Date | string | null>`min(greatest(${outbox.nextAttemptAt}, ${webhookEndpoints.retryAt}))` })
    .from(outbox)
    .leftJoin(webhookEndpoints, eq(webhookEndpoints.id, outbox.endpointId))
    .where(and(eq(outbox.status, 'pending'), sql`${webhookEndpoints.enabled} is not false`));
  return row?.due ? new Date(row.due) : null;
}

export async function listOutbox(db: Queryable, companyId: string) {
  return db.select().from(outbox).where(eq(outbox.companyId, companyId)).orderBy(outbox.id);
}

export type OutboxRow = typeof outbox.$inferSelect;

/**
 * Claims up to `limit` due rows for this worker: locked rows are skipped, so any number of instances can
 * share the work, and claimed rows are leased for a minute, so a worker that dies mid-delivery only
 * delays them. Webhooks of an endpoint in its backoff or switched off are not due.
 */
export async function claimDue(db: Db, now: Date, limit: number, leaseSeconds = 60): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(outbox)
      .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now), endpointReady(now)))
      .orderBy(asc(outbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    const until = new Date(now.getTime() + leaseSeconds * 1000);
    // An endpoint's queue is tried by one worker at a time until its first answer: the claim leases the
    // endpoint too (its retry_at, which the answer clears or turns into its backoff). A worker that finds it
    // leased by another leaves its rows, so several instances still make one attempt per backoff.
    const endpointIds = [...new Set(due.flatMap((r) => (r.endpointId ? [r.endpointId] : [])))];
    const leased = endpointIds.length
      ? await tx
          .update(webhookEndpoints)
          .set({ retryAt: until })
          .where(
            and(
              inArray(webhookEndpoints.id, endpointIds),
              or(isNull(webhookEndpoints.retryAt), lte(webhookEndpoints.retryAt, now)),
            ),
          )
          .returning({ id: webhookEndpoints.id })
      : [];
    const mine = new Set(leased.map((e) => e.id));
    const rows = due.filter((r) => !r.endpointId || mine.has(r.endpointId));
    if (rows.length) {
      await tx
        .update(outbox)
        .set({ nextAttemptAt: until })
        .where(
          inArray(
            outbox.id,
            rows.map((r) => r.id),
          ),
        );
    }
    return rows;
  });
}

export async function finishOutboxRow(
  db: Queryable,
  id: number,
  set: Partial<Pick<OutboxRow, 'status' | 'attempts' | 'nextAttemptAt' | 'lastError' | 'deliveredAt'>>,
): Promise<void> {
  await db.update(outbox).set(set).where(eq(outbox.id, id));
}

/**
 * Gives claimed rows back without an attempt (their endpoint failed earlier in the pass): due again at `at`
 * (the endpoint's backoff), their attempts untouched; a row the switch-off held stays held.
 */
export async function releaseOutboxRows(db: Queryable, ids: number[], at: Date): Promise<void> {
  if (!ids.length) return;
  await db
    .update(outbox)
    .set({ nextAttemptAt: at })
    .where(and(inArray(outbox.id, ids), eq(outbox.status, 'pending')));
}

/** A switched-off endpoint keeps what waits for it: its pending webhooks become held. */
export async function holdEndpointRows(db: Queryable, endpointId: string): Promise<number> {
  const rows = await db
    .update(outbox)
    .set({ status: 'held' })
    .where(and(eq(outbox.endpointId, endpointId), eq(outbox.status, 'pending')))
    .returning({ id: outbox.id });
  return rows.length;
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

/**
 * The operator's view of the outbox (metrics only, every company at once): rows waiting per channel and the
 * age in seconds of the oldest. Webhooks are split by API, since each has its own receivers.
 */
export async function outboxBacklog(
  db: Queryable,
): Promise<{ channel: string; pending: number; oldestSeconds: number }[]> {
  const rows = await db
    .select({
      channel: sql<string>`case when ${outbox.channel} = 'webhook' then 'webhook_' || coalesce(${webhookEndpoints.api}, 'booking') else ${outbox.channel} end`,
      pending: sql<number>`count(*)::int`,
      oldestSeconds: sql<number>`coalesce(extract(epoch from now() - min(${outbox.createdAt})), 0)::float8`,
    })
    .from(outbox)
    .leftJoin(webhookEndpoints, eq(webhookEndpoints.id, outbox.endpointId))
    .where(eq(outbox.status, 'pending'))
    .groupBy(sql`1`);
  return rows.map((r) => ({ channel: r.channel, pending: Number(r.pending), oldestSeconds: Number(r.oldestSeconds) }));
}
