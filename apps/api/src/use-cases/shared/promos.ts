import type { Db } from '../../db/client';
import { publishChange } from '../../db/repositories/platform';
import { redeemPromo } from '../../db/repositories/promos';

/**
 * A limited promo code is never redeemed more times than its limit, on any instance, under any concurrency
 * (docs/decisions/promo-limits.md). No session holds a use: an intent only checks the code (the catalog's
 * count, which every redemption publishes), and the use is redeemed in the transaction that makes the order
 * or job, with one conditional update. A card confirmed after the last use went to someone else makes
 * nothing, and its authorization is released (use-cases/shared/settle.ts).
 */

/**
 * Redeems the session's promo use in the transaction that makes its order or job, before anything is
 * written: false when the limit was reached meanwhile. A limited promo's new count is published, so every
 * instance's /check and /quote see it.
 */
export async function redeemPromoUse(tx: Db, companyId: string, code: string | null): Promise<boolean> {
  if (!code) return true;
  const redeemed = await redeemPromo(tx, companyId, code);
  if (redeemed.outcome === 'spent') return false;
  if (redeemed.outcome === 'redeemed' && redeemed.limited) await publishChange(tx);
  return true;
}
