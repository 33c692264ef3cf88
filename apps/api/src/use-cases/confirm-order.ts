import type { z } from '@hono/zod-openapi';
import type { ConfirmBody } from '../contract/booking';
import type { Db } from '../db/client';
import {
  countPromoUse,
  findOrCreateCustomer,
  findOrder,
  insertDispatch,
  insertInvoice,
  insertOrder,
  insertPayment,
  invoiceOf,
  markCaptured,
  type OrderRow,
  takeOrderNumber,
} from '../db/repositories/orders';
import { enqueueMessages, enqueueWebhooks } from '../db/repositories/outbox';
import { findSessionWithOrder, leaseSession, type SessionRow, updateSession } from '../db/repositories/sessions';
import type { Catalog } from '../domain/catalog';
import { ApiError } from '../domain/errors';
import { paymentMismatch } from '../domain/payment-match';
import { safeError } from '../lib/safe-log';
import type { ProcessorIntent } from '../payments/processor';
import { bookingEventData, confirmationMessages } from './booking-events';
import { accountOf, type FrozenBooking, type ProcessorFor, processorCall } from './create-intent';

type Deps = { db: Db; processorFor: ProcessorFor };

/**
 * POST /confirm. Verifies the authorization with the processor, then creates the customer, the order, its
 * invoice, payment record and dispatch entries, and the outbox events, in one transaction; captures the
 * card only after that commit. Repeats answer the same order; a concurrent call gets `processing`.
 */
export async function confirmOrder(deps: Deps, catalog: Catalog, body: z.infer<typeof ConfirmBody>) {
  const { company } = catalog;
  const found = await findSessionWithOrder(deps.db, company.id, body.session_id);
  if (!found) throw new ApiError('not_found', 'No session with this id for this company.', { field: 'session_id' });
  const { session } = found;
  if (session.paymentIntentId !== body.payment_intent_id) {
    throw new ApiError('payment_intent_mismatch', 'This payment_intent_id is not the one of this session.', {
      field: 'payment_intent_id',
    });
  }
  if (session.orderId) return confirmation(deps.db, session, found.orderNumber as number, true);
  if (session.state === 'failed') {
    throw new ApiError(
      'unconfirmed',
      `This booking failed (${session.lastError ?? 'payment released'}): start a new one.`,
      {
        details: { session_state: 'failed' },
      },
    );
  }

  const leased = await leaseSession(deps.db, company.id, session.sessionId);
  if (!leased) {
    const again = await findSessionWithOrder(deps.db, company.id, session.sessionId);
    if (again?.session.orderId) return confirmation(deps.db, again.session, again.orderNumber as number, true);
    throw new ApiError('processing', 'Another request is creating this order: poll GET /sessions/{session_id}.');
  }

  const processor = deps.processorFor(company);
  if (!processor) throw new ApiError('upstream', 'The payment service of this company is not available.');
  let intent: ProcessorIntent;
  try {
    intent = await processorCall(() => processor.retrieveIntent(session.paymentIntentId as string, accountOf(company)));
  } catch (err) {
    await updateSession(deps.db, company.id, session.sessionId, {
      lockedUntil: null,
      lastError: 'processor unavailable',
    });
    throw err;
  }
  // The payment must be this session's, for its frozen amount: otherwise no order, and it is released.
  const mismatch = paymentMismatch(intent, { ...session, companySlug: company.slug });
  if (mismatch) {
    await processor.cancel(intent.id, accountOf(company)).catch(() => {});
    await updateSession(deps.db, company.id, session.sessionId, {
      state: 'failed',
      lockedUntil: null,
      lastError: `payment ${mismatch} does not match the booking: released`,
    });
    throw new ApiError(
      'payment_intent_mismatch',
      'This payment is not the one of this booking: no order was made and the authorization was released.',
      { field: 'payment_intent_id', details: { reason: mismatch } },
    );
  }
  if (intent.status !== 'requires_capture' && intent.status !== 'succeeded') {
    await updateSession(deps.db, company.id, session.sessionId, {
      lockedUntil: null,
      lastError: intent.declineCode ? `card: ${intent.declineCode}` : `payment ${intent.status}`,
      // A canceled payment (released, or too many declined cards) can never become an order.
      ...(intent.status === 'canceled' ? { state: 'failed' as const } : {}),
    });
    throw new ApiError(
      'unconfirmed',
      `The card is not authorized yet (payment ${intent.status}): confirm it in the page, then retry.`,
      {
        details: { payment_status: intent.status, decline_code: intent.declineCode },
      },
    );
  }

  // Fraud screening: an elevated risk holds the order of a United States company for manual review.
  const held = intent.riskLevel === 'elevated' && company.country === 'US';
  const order = await deps.db.transaction((tx) => createOrder(tx, catalog, session, held));

  if (!held) {
    try {
      await processor.capture(intent.id, accountOf(company));
      await markCaptured(deps.db, order.id, intent.id);
    } catch (err) {
      // The order stands and the authorization is kept; the recovery worker captures it later.
      console.error(`capture of ${intent.id} (order ${order.orderNumber}) failed: ${safeError(err)}`);
      await updateSession(deps.db, company.id, session.sessionId, { lastError: 'capture pending' });
    }
  }
  return confirmation(
    deps.db,
    { ...session, state: held ? 'held' : 'confirmed', orderId: order.id },
    order.orderNumber,
    false,
  );
}

async function createOrder(tx: Db, catalog: Catalog, session: SessionRow, held: boolean): Promise<OrderRow> {
  const { company } = catalog;
  const frozen = session.request as FrozenBooking;
  const { request, quote } = frozen;
  const customerId = await findOrCreateCustomer(tx, {
    companyId: company.id,
    name: request.customer.name,
    email: request.customer.email,
    phone: request.customer.phone,
    type: request.customer.type ?? 'residential',
    companyName: request.customer.company_name ?? null,
  });
  const order = await insertOrder(tx, {
    companyId: company.id,
    orderNumber: await takeOrderNumber(tx, company.id),
    status: held ? 'pending_risk_review' : 'confirmed',
    paymentStatus: 'unpaid',
    customerId,
    sizeId: request.size_id,
    sizeLabel: frozen.sizeLabel,
    material: frozen.material?.slug ?? null,
    materialLabel: frozen.material?.label ?? null,
    debrisType: request.debris_type ?? null,
    rentalDays: request.rental_days,
    deliveryDate: request.delivery_date,
    pickupDate: request.pickup_date,
    address: {
      line1: request.delivery_address,
      city: request.delivery_city ?? null,
      state: request.delivery_state ?? null,
      zip: request.delivery_zip,
    },
    placementLat: request.placement_lat ?? null,
    placementLng: request.placement_lng ?? null,
    bookingChannel: session.bookingChannel,
    attribution: request.attribution ?? null,
    quote,
    totalCents: quote.total,
    processingFeeCents: quote.processingFee,
    grossTotalCents: quote.grossTotal,
    currency: session.currency,
    promoCode: frozen.promoCode,
    riskReview: held,
    sessionId: session.sessionId,
  });
  const invoiceId = await insertInvoice(tx, {
    companyId: company.id,
    orderId: order.id,
    totalCents: quote.total,
    status: 'open',
  });
  await insertPayment(tx, {
    companyId: company.id,
    invoiceId,
    processor: company.processor.kind,
    paymentIntentId: session.paymentIntentId as string,
    amountCents: quote.grossTotal,
    currency: session.currency,
    status: 'authorized',
  });
  await insertDispatch(tx, [
    { companyId: company.id, orderId: order.id, date: request.delivery_date, kind: 'delivery' },
    { companyId: company.id, orderId: order.id, date: request.pickup_date, kind: 'pickup' },
  ]);
  if (frozen.promoCode) await countPromoUse(tx, company.id, frozen.promoCode);
  await enqueueWebhooks(
    tx,
    company.id,
    'booking',
    held ? 'booking.held' : 'booking.completed',
    bookingEventData(order),
  );
  await enqueueMessages(tx, company.id, confirmationMessages(company, order, request.customer));
  await updateSession(tx, company.id, session.sessionId, {
    state: held ? 'held' : 'confirmed',
    orderId: order.id,
    lockedUntil: null,
    lastError: null,
  });
  return order;
}

async function confirmation(db: Db, session: SessionRow, orderNumber: number, already: boolean) {
  const orderId = session.orderId as string;
  const { customerId } = (await findOrder(db, session.companyId, orderId)) as OrderRow;
  return {
    state: session.state as 'confirmed' | 'held',
    order_number: orderNumber,
    order_id: orderId,
    invoice_id: await invoiceOf(db, orderId),
    customer_id: customerId,
    ...(already ? { already: true } : {}),
  };
}
