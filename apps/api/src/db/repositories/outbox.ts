import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
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

export async function enqueueWebhooks(
  db: Queryable,
  companyId: string,
  api: 'booking' | 'data',
  event: string,
  body: Record<string, unknown>,
): Promise<number> {
  const endpoints = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.companyId, companyId),
        eq(webhookEndpoints.api, api),
        eq(webhookEndpoints.enabled, true),
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
      })),
    );
    await wakeWorkers(db);
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

/** When the next pending row falls due (a retry, or a lease that lapses), or null when none waits. */
export async function nextOutboxDue(db: Queryable): Promise<Date | null> {
  const [row] = await db
    .select({ due: sql<Date | string | null>`min(${outbox.nextAttemptAt})` })
    .from(outbox)
    .where(eq(outbox.status, 'pending'));
  return row?.due ? new Date(row.due) : null;
}

export async function listOutbox(db: Queryable, companyId: string) {
  return db.select().from(outbox).where(eq(outbox.companyId, companyId)).orderBy(outbox.id);
}

export type OutboxRow = typeof outbox.$inferSelect;

/**
 * Claims up to `limit` due rows for this worker: locked rows are skipped, so any number of instances can
 * share the work, and claimed rows are leased for a minute, so a worker that dies mid-delivery only
 * delays them.
 */
export async function claimDue(db: Db, now: Date, limit: number, leaseSeconds = 60): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(outbox)
      .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now)))
      .orderBy(asc(outbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (rows.length) {
      await tx
        .update(outbox)
        .set({ nextAttemptAt: new Date(now.getTime() + leaseSeconds * 1000) })
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
