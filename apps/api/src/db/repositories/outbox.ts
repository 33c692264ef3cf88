import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../client';
import { outbox, webhookEndpoints } from '../schema';

/**
 * The transactional outbox: rows written in the same transaction as the change that causes them, and
 * delivered afterwards by workers (FOR UPDATE SKIP LOCKED), so no event is lost and none is sent for a
 * change that rolled back.
 */
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
  }
  return endpoints.length;
}

export type Message = { channel: 'email' | 'sms'; topic: string; to: string; subject?: string; text: string };

export async function enqueueMessages(db: Queryable, companyId: string, messages: Message[]): Promise<void> {
  if (!messages.length) return;
  await db
    .insert(outbox)
    .values(messages.map(({ channel, topic, ...payload }) => ({ companyId, channel, topic, payload })));
}

export async function listOutbox(db: Queryable, companyId: string) {
  return db.select().from(outbox).where(eq(outbox.companyId, companyId)).orderBy(outbox.id);
}
