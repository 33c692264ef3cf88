import type { Queryable } from '../../db/client';
import { findOrderPermit, setCoveredThrough } from '../../db/repositories/permits';
import { extensionPermitFee, type PermitChangeAmounts, withPermitExtension } from '../../domain/permits';
import type { ChangeAmounts, ChangeRequest, RentalDays } from '../../domain/rental-changes';
import type { Rental } from '../rentals/rental';

/**
 * An extension of a street rental past what its permit's fees cover (docs/decisions/street-permits.md): the
 * city's extension fee is added to the change's price, which the customer sees before paying; applied, the
 * coverage moves on and, when the company applies, the office's extend_permit task shows (its recorded permit
 * now ends before the pickup). Any other change, or an order without a permit: the plan as it was.
 */
export async function withPermitPart<P extends { after: RentalDays; amounts: ChangeAmounts }>(
  db: Queryable,
  { catalog, order }: Rental,
  request: ChangeRequest,
  plan: P,
): Promise<P> {
  if (request.kind !== 'extend') return plan;
  const row = await findOrderPermit(db, catalog.company.id, order.id);
  const terms = row?.terms;
  if (!row || !terms) return plan;
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
