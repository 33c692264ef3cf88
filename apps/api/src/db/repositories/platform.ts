import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../client';
import { platformSettings } from '../schema';

/** The LISTEN/NOTIFY channel on which every running instance hears of a change (db/registry.ts). */
export const CHANGES_CHANNEL = 'svc_changes';
const BOOKING_API = 'booking_api_enabled';
const CACHE_EPOCH = 'cache_epoch';

export async function bookingApiEnabled(db: Queryable): Promise<boolean> {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.key, BOOKING_API));
  return row ? row.value === true : true;
}

export async function setBookingApiEnabled(db: Queryable, enabled: boolean): Promise<void> {
  await db
    .insert(platformSettings)
    .values({ key: BOOKING_API, value: enabled })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value: enabled, updatedAt: sql`now()` } });
}

/** A counter every cached read model depends on: bumped by each change to companies, keys or settings. */
export async function bumpCacheEpoch(db: Queryable): Promise<void> {
  await db
    .insert(platformSettings)
    .values({ key: CACHE_EPOCH, value: 1 })
    .onConflictDoUpdate({
      target: platformSettings.key,
      set: { value: sql`to_jsonb((${platformSettings.value})::text::bigint + 1)`, updatedAt: sql`now()` },
    });
}

export async function readCacheEpoch(db: Queryable): Promise<number> {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.key, CACHE_EPOCH));
  return row ? Number(row.value) : 0;
}

/**
 * Tells every running instance that companies, keys or platform settings changed, inside the writer's
 * transaction: the epoch bump and the NOTIFY both take effect on commit, never before.
 */
export async function publishChange(tx: Queryable): Promise<void> {
  await bumpCacheEpoch(tx);
  await tx.execute(sql`select pg_notify(${CHANGES_CHANNEL}, '')`);
}

/**
 * What /readyz asks of the database: does it answer, and are this build's migrations applied (drizzle's
 * ledger holds at least as many as the build ships: a newer version may have applied more).
 */
export async function appliedMigrations(db: Queryable): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}
