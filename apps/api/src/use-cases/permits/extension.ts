import type { Queryable } from '../../db/client';
import { findOrderPermit, lockOrderPermit, setCoveredThrough, setPermitDays } from '../../db/repositories/permits';
import {
  checkMovedStreetDelivery,
  extensionPermitFee,
  type PermitChangeAmounts,
  permitAfterMove,
  withPermitExtension,
} from '../../domain/permits';
import type { ChangeAmounts, ChangeRequest, RentalDays } from '../../domain/rental-changes';
import { ChangeRefused } from '../rentals/change-errors';
import type { Rental } from '../rentals/rental';

/**
 * A change's street permit part (docs/decisions/street-permits.md). An extension past what the permit's fees
 * cover: the city's extension fee is added to the change's price, which the customer sees before paying;
 * applied, the coverage moves on and, when the company applies, the office's extend_permit task shows (its
 * recorded permit now ends before the pickup). A moved delivery: the new day keeps the city's lead days, or
 * stays inside the permit already recorded. Any other change, or an order without a permit: the plan as it was.
 */
export async function withPermitPart<P extends { after: RentalDays; amounts: ChangeAmounts }>(
  db: Queryable,
  { catalog, order }: Rental,
  request: ChangeRequest,
  plan: P,
  today: string,
): Promise<P> {
  if (request.kind !== 'extend' && request.kind !== 'move_delivery') return plan;
  const row = await findOrderPermit(db, catalog.company.id, order.id);
  const terms = row?.terms;
  if (!row || !terms) return plan;
  if (request.kind === 'move_delivery') {
    const recorded = row.number === null ? null : { startsOn: row.startsOn, endsOn: row.endsOn };
    checkMovedStreetDelivery(terms, recorded, today, plan.after);
    return plan;
  }
  const ext = extensionPermitFee(terms, row.coveredThrough, plan.after.pickup_date);
  if (ext.periods === 0) return plan;
  const amounts = withPermitExtension(plan.amounts, { ...ext, taxable: terms.taxable }, catalog.company.cardFee);
  return { ...plan, amounts };
}

/** In the change's transaction: the coverage its permit part paid for. */
export async function permitExtended(tx: Queryable, companyId: string, orderId: string, amounts: unknown) {
  const paid = amounts as PermitChangeAmounts;
  if (paid.permitCoveredThrough === undefined) return;
  await setCoveredThrough(tx, companyId, orderId, paid.permitCoveredThrough);
}

/**
 * In the change's transaction, after a delivery moved: a permit not yet recorded is applied for by the new
 * day less the lead days, and what its fees cover moves with the rental. A recorded one keeps its dates: a
 * permit recorded since the move was planned that does not cover the new days refuses it (ChangeRefused).
 */
export async function permitFollowsDelivery(
  tx: Queryable,
  companyId: string,
  orderId: string,
  move: { from: string; to: string; after: RentalDays; today: string },
) {
  if (move.from === move.to) return;
  const row = await lockOrderPermit(tx, companyId, orderId);
  if (!row?.terms) return;
  if (row.number === null) {
    await setPermitDays(tx, companyId, orderId, permitAfterMove(row.terms, row.coveredThrough, move));
    return;
  }
  try {
    checkMovedStreetDelivery(row.terms, { startsOn: row.startsOn, endsOn: row.endsOn }, move.today, move.after);
  } catch (err) {
    throw new ChangeRefused((err as Error).message);
  }
}
