import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Queryable } from '../client';
import { webhookEndpoints } from '../schema';

/** The companies' webhook endpoints: the office's list and changes, the worker's failure count and switch. */

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

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

/** A company's endpoint, or undefined when the id is another company's (or no endpoint's). */
export async function findCompanyEndpoint(db: Queryable, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.id, id)));
  return row;
}

export async function findEndpoint(db: Queryable, id: string): Promise<EndpointRow | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

/** Switches an endpoint back on, its failures and backoff forgotten; true when it was off. */
export async function enableEndpoint(db: Queryable, companyId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(webhookEndpoints)
    .set({ enabled: true, disabledAt: null, consecutiveFailures: 0, retryAt: null })
    .where(
      and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.id, id), eq(webhookEndpoints.enabled, false)),
    )
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** A delivery reached the endpoint: its failures in a row and its backoff are over. */
export async function endpointSucceeded(db: Queryable, id: string): Promise<void> {
  await db.update(webhookEndpoints).set({ consecutiveFailures: 0, retryAt: null }).where(eq(webhookEndpoints.id, id));
}

/**
 * Counts a failed attempt and puts the endpoint's whole queue off until its backoff ends (`waits[n-1]` seconds
 * after its nth failure in a row, the last wait repeating: events/backoff.ts), in one statement; returns its
 * failures in a row and when it is next tried.
 */
export async function endpointFailed(
  db: Queryable,
  id: string,
  now: Date,
  waits: readonly number[],
): Promise<{ failures: number; retryAt: Date }> {
  const failures = sql`${webhookEndpoints.consecutiveFailures} + 1`;
  const wait = sql`(${`{${waits.join(',')}}`}::int[])[least(${failures}, ${waits.length})]`;
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      consecutiveFailures: failures,
      retryAt: sql`${now.toISOString()}::timestamptz + make_interval(secs => ${wait})`,
    })
    .where(eq(webhookEndpoints.id, id))
    .returning({ failures: webhookEndpoints.consecutiveFailures, retryAt: webhookEndpoints.retryAt });
  return { failures: row?.failures ?? 0, retryAt: row?.retryAt ?? now };
}

/** Switches an endpoint off; true when this call did it (so the company is told once). */
export async function disableEndpoint(db: Queryable, id: string): Promise<boolean> {
  const rows = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledAt: sql`now()`, retryAt: null })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.enabled, true)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** Switched off, or failing since its last success. */
export const isTroubled = (companyId: string) =>
  and(
    eq(webhookEndpoints.companyId, companyId),
    or(eq(webhookEndpoints.enabled, false), sql`${webhookEndpoints.consecutiveFailures} > 0`),
  );

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
    .where(isTroubled(companyId))
    .orderBy(asc(webhookEndpoints.createdAt));
}
