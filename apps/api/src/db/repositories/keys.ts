import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../client';
import { apiKeys, companies } from '../schema';

export type KeyRow = typeof apiKeys.$inferSelect;
export type KeyKind = KeyRow['kind'];

export async function insertKey(db: Queryable, values: typeof apiKeys.$inferInsert): Promise<KeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row as KeyRow;
}

export async function listKeys(db: Queryable, companyId: string): Promise<KeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.companyId, companyId))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
}

/** A company's keys of one kind that work now: not revoked, not expired. */
const activeKeys = (companyId: string, kind: KeyKind) =>
  and(
    eq(apiKeys.companyId, companyId),
    eq(apiKeys.kind, kind),
    isNull(apiKeys.revokedAt),
    sql`(${apiKeys.expiresAt} is null or ${apiKeys.expiresAt} > now())`,
  );

/** Active (unrevoked, unexpired) keys of one kind (the caller holds the company's lock). */
export async function countActiveKeys(db: Queryable, companyId: string, kind: KeyKind): Promise<number> {
  const rows = await db.select({ id: apiKeys.id }).from(apiKeys).where(activeKeys(companyId, kind));
  return rows.length;
}

export async function revokeKey(
  db: Queryable,
  companyId: string,
  keyId: string,
  kind?: KeyKind,
): Promise<KeyRow | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(and(eq(apiKeys.companyId, companyId), eq(apiKeys.id, keyId), kind ? eq(apiKeys.kind, kind) : undefined))
    .returning();
  return row;
}

/** The key behind a fingerprint with its company's id, for authentication. */
export async function findKeyByFingerprint(db: Queryable, fingerprint: string): Promise<KeyRow | undefined> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.fingerprint, fingerprint));
  return row;
}

/** Every allowed domain of every active publishable key of active companies: for CORS preflights. */
export async function allAllowedDomains(db: Queryable): Promise<string[]> {
  const rows = await db
    .select({ domains: apiKeys.allowedDomains })
    .from(apiKeys)
    .innerJoin(companies, eq(companies.id, apiKeys.companyId))
    .where(and(eq(apiKeys.kind, 'publishable'), isNull(apiKeys.revokedAt), eq(companies.active, true)));
  return [...new Set(rows.flatMap((r) => r.domains))];
}

/**
 * A company's active publishable keys with the domains each allows, newest first: the embed lookup picks the
 * one a page may use (docs/decisions.md, "How our pages find a company's key").
 */
export async function activePublishableKeys(
  db: Queryable,
  companyId: string,
): Promise<{ key: string; allowedDomains: string[] }[]> {
  const rows = await db
    .select({ key: apiKeys.publishableKey, allowedDomains: apiKeys.allowedDomains })
    .from(apiKeys)
    .where(activeKeys(companyId, 'publishable'))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.flatMap((r) => (r.key ? [{ key: r.key, allowedDomains: r.allowedDomains }] : []));
}
