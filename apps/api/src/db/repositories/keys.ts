import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../client';
import { preparedStatement } from '../prepared';
import { apiKeys, companies } from '../schema';
import type { CompanyRow } from './catalog';

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
const activeKeys = (companyId: string | typeof companies.id, kind: KeyKind) =>
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

/** What our pages' company lookup needs (GET /embed/v1/companies/{slug}): the company and its usable keys. */
export type EmbedSource = Pick<
  CompanyRow,
  'slug' | 'name' | 'branding' | 'active' | 'bookingOnline' | 'paymentsReady'
> & {
  /** Active publishable keys, newest first. */
  keys: { key: string; allowedDomains: string[] }[];
};

/**
 * The company behind a slug with its active publishable keys, newest first, in one statement built once:
 * every hosted page and every widget load asks it first, never from a cache (docs/decisions/company-key-lookup.md).
 */
const embedBySlug = preparedStatement<EmbedSource, { slug: string }>(sql`
  select ${companies.slug} as "slug", ${companies.name} as "name", ${companies.branding} as "branding",
    ${companies.active} as "active", ${companies.bookingOnline} as "bookingOnline",
    ${companies.paymentsReady} as "paymentsReady",
    coalesce((
      select json_agg(json_build_object('key', ${apiKeys.publishableKey}, 'allowedDomains', ${apiKeys.allowedDomains})
        order by ${apiKeys.createdAt} desc, ${apiKeys.id} desc)
      from ${apiKeys}
      where ${and(activeKeys(companies.id, 'publishable'), isNotNull(apiKeys.publishableKey))}
    ), '[]'::json) as "keys"
  from ${companies} where ${companies.slug} = ${sql.placeholder('slug')}`);

export async function findEmbedBySlug(db: Queryable, slug: string): Promise<EmbedSource | undefined> {
  const [row] = await embedBySlug(db, { slug });
  return row;
}
