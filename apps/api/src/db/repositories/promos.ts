import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../client';
import { promoCodes } from '../schema';

// A promo code's uses (docs/decisions/promo-limits.md); the codes themselves are written with the
// company's config (catalog.ts).

/** A promo code's limit and uses, its row locked for the caller's transaction; undefined when unknown. */
export async function lockPromo(
  tx: Queryable,
  companyId: string,
  code: string,
): Promise<{ maxUses: number | null; timesUsed: number } | undefined> {
  const [row] = await tx
    .select({ maxUses: promoCodes.maxUses, timesUsed: promoCodes.timesUsed })
    .from(promoCodes)
    .where(and(eq(promoCodes.companyId, companyId), eq(promoCodes.code, code)))
    .for('update');
  return row;
}

/**
 * Counts one use of a promo code, never past its limit (one conditional update: concurrent redemptions on
 * any instance line up on the row). `spent` when its uses reached the limit; `unknown` when the company
 * has removed the code since (the price the customer paid stands).
 */
export async function redeemPromo(
  tx: Queryable,
  companyId: string,
  code: string,
): Promise<{ outcome: 'redeemed'; limited: boolean } | { outcome: 'spent' | 'unknown' }> {
  const [row] = await tx
    .update(promoCodes)
    .set({ timesUsed: sql`${promoCodes.timesUsed} + 1` })
    .where(
      and(
        eq(promoCodes.companyId, companyId),
        eq(promoCodes.code, code),
        sql`(${promoCodes.maxUses} is null or ${promoCodes.timesUsed} < ${promoCodes.maxUses})`,
      ),
    )
    .returning({ maxUses: promoCodes.maxUses });
  if (row) return { outcome: 'redeemed', limited: row.maxUses !== null };
  return (await lockPromo(tx, companyId, code)) ? { outcome: 'spent' } : { outcome: 'unknown' };
}
