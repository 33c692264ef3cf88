import type { Queryable } from '../../db/client';
import { insertOrderPermit } from '../../db/repositories/permits';
import { applyBy, coveredThrough, type StreetQuote } from '../../domain/permits';

/**
 * In the fulfilment's transaction: an order booked for the street keeps the permit's terms as quoted, the day
 * the office applies by and what the fees paid cover (docs/decisions/street-permits.md). Private: nothing.
 */
export async function bookStreet(
  tx: Queryable,
  order: { companyId: string; id: string; deliveryDate: string },
  quote: StreetQuote,
): Promise<void> {
  if (quote.placement !== 'street') return;
  const permit = quote.permit ?? null;
  await insertOrderPermit(tx, {
    companyId: order.companyId,
    orderId: order.id,
    terms: permit,
    applyBy: permit ? applyBy(permit, order.deliveryDate) : null,
    coveredThrough: permit ? coveredThrough(permit, order.deliveryDate) : null,
  });
}
