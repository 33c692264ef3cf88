import { loadCatalog } from '../../db/repositories/catalog';
import { findOrder } from '../../db/repositories/orders';
import { enqueueWebhooks } from '../../db/repositories/outbox';
import { capturePayment } from '../../db/repositories/payments';
import { type OrderChangeRow, uncapturedChanges } from '../../db/repositories/rentals';
import { presentPaymentReceived } from '../../messages/data-events';
import { accountOf } from '../shared/payments';
import type { ChangeDeps, Rental } from './rental';

/** The capture, recorded with payment.received; a failed capture leaves the authorization for a retry. */
export async function captureChange(
  deps: ChangeDeps,
  { catalog, order }: Rental,
  change: OrderChangeRow,
  intent: { id: string },
) {
  const { company } = catalog;
  const processor = deps.processorFor(company);
  try {
    const captured = await (processor as NonNullable<typeof processor>).capture(intent.id, accountOf(company));
    if (captured.amountCents !== change.grossTotalCents) return false;
    return await deps.db.transaction(async (tx) => {
      const payment = await capturePayment(tx, company.id, intent.id);
      if (!payment) return false;
      if (!order.isDemo) {
        const data = presentPaymentReceived({ kind: 'dumpster', row: order }, payment, deps.now());
        await enqueueWebhooks(tx, company.id, 'data', 'payment.received', data);
      }
      return true;
    });
  } catch {
    // The change stands and its authorization is kept: the recovery pass captures it (captureLateChanges).
    return false;
  }
}

/**
 * The recovery worker's pass over changes applied whose capture failed after their commit (the processor did
 * not answer): captured now, with payment.received, once (the payment row's update decides who records it).
 */
export async function captureLateChanges(deps: ChangeDeps): Promise<number> {
  let captured = 0;
  for (const late of await uncapturedChanges(deps.db, 20)) {
    const catalog = await loadCatalog(deps.db, late.change.companyId);
    const order = late.change.orderId && (await findOrder(deps.db, late.change.companyId, late.change.orderId));
    if (!catalog || !order || !late.change.paymentIntentId) continue;
    if (await captureChange(deps, { catalog, order }, late.change, { id: late.change.paymentIntentId })) captured++;
  }
  return captured;
}
