import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { bumpCacheEpoch } from '../db/repositories/platform';
import { CHANGES_CHANNEL } from '../runtime/registry';

/**
 * Tells every running instance that companies, keys or platform settings changed, inside the writer's
 * transaction: the epoch bump and the NOTIFY both take effect on commit, never before.
 */
export async function publishChange(tx: Tx): Promise<void> {
  await bumpCacheEpoch(tx);
  await tx.execute(sql`select pg_notify(${CHANGES_CHANNEL}, '')`);
}
