import type { Promo } from './catalog';

export type PromoRefusal = 'not_found' | 'not_started' | 'expired' | 'usage_limit_reached';

export type PromoResult =
  | ({ ok: true; code: string } & Pick<Promo, 'type' | 'percentMilli' | 'amountCents'>)
  | { ok: false; code: string; reason: PromoRefusal };

/** Evaluates a promo code on a given company-local date. Codes are case-insensitive. */
export function evaluatePromo(promos: Map<string, Promo>, rawCode: string, today: string): PromoResult {
  const code = rawCode.trim().toUpperCase();
  const promo = promos.get(code);
  if (!promo) return { ok: false, code, reason: 'not_found' };
  if (promo.validFrom && today < promo.validFrom) return { ok: false, code, reason: 'not_started' };
  if (promo.validTo && today > promo.validTo) return { ok: false, code, reason: 'expired' };
  if (promo.maxUses !== null && promo.timesUsed >= promo.maxUses) {
    return { ok: false, code, reason: 'usage_limit_reached' };
  }
  return { ok: true, code, type: promo.type, percentMilli: promo.percentMilli, amountCents: promo.amountCents };
}

export const PROMO_MESSAGES: Record<PromoRefusal, string> = {
  not_found: 'This promo code does not exist.',
  not_started: 'This promo code is not valid yet.',
  expired: 'This promo code has expired.',
  usage_limit_reached: 'This promo code has been used the maximum number of times.',
};
