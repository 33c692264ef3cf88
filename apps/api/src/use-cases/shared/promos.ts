import type { Db } from '../../db/client';
import { publishChange } from '../../db/repositories/platform';
import { lockPromo, redeemPromo } from '../../db/repositories/promos';
import { countPromoHolds } from '../../db/repositories/sessions';
import { DomainError } from '../../domain/errors';
import { PROMO_MESSAGES } from '../../domain/promo';

/**
 * A limited promo code is never redeemed more times than its limit, on any instance, under any concurrency
 * (docs/decisions.md, "Promo limits"). A new session holds one use for as long as it holds its window's
 * seat: it is counted with the uses already made under the promo's row lock, so of any number of concurrent
 * intents for the last use exactly one gets it. The use is redeemed when the order or job is made; a
 * payment finished after its hold lapsed and the last use went to someone else makes nothing, and its
 * authorization is released (use-cases/shared/settle.ts).
 */
export type PromoLimit = { code: string; maxUses: number; timesUsed: number };

/**
 * Locks a limited promo's row for the intent's transaction (before any other lock: confirm takes them in
 * the same order); null for no code, an unknown one or one without a limit.
 */
export async function lockPromoLimit(tx: Db, companyId: string, code: string | null): Promise<PromoLimit | null> {
  if (!code) return null;
  const promo = await lockPromo(tx, companyId, code);
  return promo && promo.maxUses !== null ? { code, maxUses: promo.maxUses, timesUsed: promo.timesUsed } : null;
}

/** Refuses a new session the promo's last use when its uses and the holds of other sessions reach the limit. */
export async function refuseSpentPromo(tx: Db, companyId: string, promo: PromoLimit | null, now: Date): Promise<void> {
  if (!promo) return;
  const held = await countPromoHolds(tx, companyId, promo.code, now);
  if (promo.timesUsed + held >= promo.maxUses) {
    throw new DomainError('promo_invalid', PROMO_MESSAGES.usage_limit_reached, {
      field: 'promo_code',
      details: { reason: 'usage_limit_reached' },
    });
  }
}

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
