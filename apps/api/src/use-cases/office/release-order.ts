import type { Database } from '../../db/client';
import { loadCatalog } from '../../db/repositories/catalog';
import { findOrderByNumber, markCaptured, setOrderStatus } from '../../db/repositories/orders';
import { enqueueWebhooks } from '../../db/repositories/outbox';
import { findSession } from '../../db/repositories/sessions';
import { DomainError } from '../../domain/errors';
import { paymentMismatch } from '../../domain/payment-match';
import { presentBookingEvent } from '../../present/events';
import { companyBySlug } from '../company/find-company';
import { accountOf, type ProcessorFor } from '../shared/payments';

/** The office's refusals: the order is not in a state to be released. */
const refused = (message: string) => new DomainError('invalid_body', message, { field: 'order_number' });

const REVIEW = 'pending_risk_review';

/**
 * The office approves an order held for fraud review: the card is captured (it was only authorized),
 * the order leaves pending_risk_review, and booking.released goes out with previous_status.
 */
export async function releaseOrder(database: Database, processorFor: ProcessorFor, slug: string, orderNumber: number) {
  const company = await companyBySlug(database.db, slug);
  const catalog = await loadCatalog(database.db, company.id);
  const order = await findOrderByNumber(database.db, company.id, orderNumber);
  if (!order || !catalog) {
    throw new DomainError('not_found', `company ${slug} has no order #${orderNumber}`, { field: 'order_number' });
  }
  if (order.status !== REVIEW) throw refused(`order #${orderNumber} is ${order.status}, not held for review`);
  const session = order.sessionId ? await findSession(database.db, company.id, order.sessionId) : undefined;
  const intentId = session?.paymentIntentId;
  if (!intentId) throw refused(`order #${orderNumber} has no payment to capture`);
  const processor = processorFor(catalog.company);
  if (!processor) throw refused(`the ${catalog.company.processor.kind} processor is not configured on this platform`);
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
    throw refused(`order #${orderNumber}: the authorized payment's ${mismatch} does not match the order; not captured`);
  }
  await processor.capture(intentId, accountOf(catalog.company));
  return database.db.transaction(async (tx) => {
    const released = await setOrderStatus(tx, order.id, REVIEW, 'confirmed');
    if (!released) throw refused(`order #${orderNumber} was released by someone else`);
    await markCaptured(tx, order.id, intentId);
    const paid = { ...released, paymentStatus: 'paid' };
    await enqueueWebhooks(tx, company.id, 'booking', 'booking.released', {
      ...presentBookingEvent(paid),
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
