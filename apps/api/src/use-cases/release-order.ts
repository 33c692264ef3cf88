import type { Database } from '../db/client';
import { findCompanyBySlug, loadCatalog } from '../db/repositories/catalog';
import { findOrderByNumber, markCaptured, setOrderStatus } from '../db/repositories/orders';
import { enqueueWebhooks } from '../db/repositories/outbox';
import { findSession } from '../db/repositories/sessions';
import { paymentMismatch } from '../domain/payment-match';

import { bookingEventData } from './booking-events';
import { accountOf, type ProcessorFor } from './create-intent';
import { AdminError } from './manage-keys';

const REVIEW = 'pending_risk_review';

/**
 * The office approves an order held for fraud review: the card is captured (it was only authorized),
 * the order leaves pending_risk_review, and booking.released goes out with previous_status.
 */
export async function releaseOrder(database: Database, processorFor: ProcessorFor, slug: string, orderNumber: number) {
  const company = await findCompanyBySlug(database.db, slug);
  if (!company) throw new AdminError(`no company with slug "${slug}"`);
  const catalog = await loadCatalog(database.db, company.id);
  const order = await findOrderByNumber(database.db, company.id, orderNumber);
  if (!order || !catalog) throw new AdminError(`company ${slug} has no order #${orderNumber}`);
  if (order.status !== REVIEW) throw new AdminError(`order #${orderNumber} is ${order.status}, not held for review`);
  const session = order.sessionId ? await findSession(database.db, company.id, order.sessionId) : undefined;
  const intentId = session?.paymentIntentId;
  if (!intentId) throw new AdminError(`order #${orderNumber} has no payment to capture`);
  const processor = processorFor(catalog.company);
  if (!processor)
    throw new AdminError(`the ${catalog.company.processor.kind} processor is not configured on this platform`);
  // Only the payment this order was made from, for its amount, is captured.
  const intent = await processor.retrieveIntent(intentId, accountOf(catalog.company));
  const mismatch = paymentMismatch(intent, {
    amountCents: order.grossTotalCents,
    currency: order.currency,
    companyId: company.id,
    sessionId: session?.sessionId as string,
    companySlug: company.slug,
  });
  if (mismatch) {
    throw new AdminError(
      `order #${orderNumber}: the authorized payment's ${mismatch} does not match the order; not captured`,
    );
  }
  await processor.capture(intentId, accountOf(catalog.company));
  return database.db.transaction(async (tx) => {
    const released = await setOrderStatus(tx, order.id, REVIEW, 'confirmed');
    if (!released) throw new AdminError(`order #${orderNumber} was released by someone else`);
    await markCaptured(tx, order.id, intentId);
    const paid = { ...released, paymentStatus: 'paid' };
    await enqueueWebhooks(tx, company.id, 'booking', 'booking.released', {
      ...bookingEventData(paid),
      previous_status: REVIEW,
    });
    return {
      order_number: orderNumber,
      status: paid.status,
      previous_status: REVIEW,
      payment_status: paid.paymentStatus,
    };
  });
}
