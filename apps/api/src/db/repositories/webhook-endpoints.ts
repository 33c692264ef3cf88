import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../client';
import { webhookEndpoints } from '../schema';

/** A company's webhook endpoints, as the office manages them (delivery state lives in outbox.ts). */
export async function countEnabledEndpoints(
  db: Queryable,
  companyId: string,
  api: 'booking' | 'data',
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(webhookEndpoints)
    .where(
      and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.api, api), eq(webhookEndpoints.enabled, true)),
    );
  return row?.count ?? 0;
}

export async function insertEndpoint(db: Queryable, values: typeof webhookEndpoints.$inferInsert): Promise<string> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning({ id: webhookEndpoints.id });
  return (row as { id: string }).id;
}

export async function listEndpoints(db: Queryable, companyId: string) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.companyId, companyId))
    .orderBy(webhookEndpoints.createdAt);
}

export async function deleteEndpoint(db: Queryable, companyId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}
