import type { z } from '@hono/zod-openapi';
import type { ConfirmBody } from '../../contract/booking';
import type { Db } from '../../db/client';
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
} from '../../db/repositories/orders';
import { enqueueMessages, enqueueWebhooks } from '../../db/repositories/outbox';
import { findSessionWithOrder, leaseSession, type SessionRow, updateSession } from '../../db/repositories/sessions';
import type { Catalog } from '../../domain/catalog';
import { DomainError } from '../../domain/errors';
import { paymentMismatch } from '../../domain/payment-match';
import { type SessionState, settlementOf, transition } from '../../domain/session-state';
import { safeError } from '../../lib/safe-log';
import type { ProcessorIntent } from '../../payments/processor';
import { presentBookingEvent } from '../../present/events';
import { confirmationMessages } from '../../present/messages';
import { accountOf, type ProcessorFor, processorCall } from '../shared/payments';
import type { DumpsterBooking } from './create-intent';

type Deps = { db: Db; processorFor: ProcessorFor };
export type Confirmation = Awaited<ReturnType<typeof confirmation>>;

/** Where a confirm left a session: an order, or the reason there is none (the recovery worker steers by it). */
export type Settled =
  | { kind: 'order'; confirmation: Confirmation }
  | { kind: 'mismatch'; reason: string }
  | { kind: 'not_authorized'; status: string; declineCode: string | null; final: boolean }
  | { kind: 'busy' };

/**
 * POST /confirm. Verifies the authorization with the processor, then creates the customer, the order, its
 * invoice, payment record and dispatch entries, and the outbox events, in one transaction; captures the
 * card only after that commit. Repeats answer the same order; a concurrent call gets `processing`.
 */
export async function confirmOrder(deps: Deps, catalog: Catalog, body: z.infer<typeof ConfirmBody>) {
  const { company } = catalog;
  const found = await findSessionWithOrder(deps.db, company.id, body.session_id);
  if (!found) throw new DomainError('not_found', 'No session with this id for this company.', { field: 'session_id' });
  const { session } = found;
  if (session.paymentIntentId !== body.payment_intent_id) {
    throw new DomainError('payment_intent_mismatch', 'This payment_intent_id is not the one of this session.', {
      field: 'payment_intent_id',
    });
  }
  if (session.orderId) return confirmation(deps.db, session, found.orderNumber as number, true);
  if (session.state === 'failed') {
    throw new DomainError(
      'unconfirmed',
      `This booking failed (${session.lastError ?? 'payment released'}): start a new one.`,
      {
        details: { session_state: 'failed' },
      },
    );
  }
  const settled = await settleSession(deps, catalog, session);
  switch (settled.kind) {
    case 'order':
      return settled.confirmation;
    case 'busy':
      throw new DomainError('processing', 'Another request is creating this order: poll GET /sessions/{session_id}.');
    case 'mismatch':
      throw new DomainError(
        'payment_intent_mismatch',
        'This payment is not the one of this booking: no order was made and the authorization was released.',
        { field: 'payment_intent_id', details: { reason: settled.reason } },
      );
    case 'not_authorized':
      throw new DomainError(
        'unconfirmed',
        `The card is not authorized yet (payment ${settled.status}): confirm it in the page, then retry.`,
        { details: { payment_status: settled.status, decline_code: settled.declineCode } },
      );
  }
}

/**
 * Makes the order of a session whose card may be authorized, under the session's lease: the same code for
 * POST /confirm and the recovery worker. A processor that cannot be reached throws `upstream`.
 */
export async function settleSession(deps: Deps, catalog: Catalog, session: SessionRow): Promise<Settled> {
  const { company } = catalog;
  const leased = await leaseSession(deps.db, company.id, session.sessionId);
  if (!leased) {
    const again = await findSessionWithOrder(deps.db, company.id, session.sessionId);
    if (!again?.session.orderId) return { kind: 'busy' };
    return {
      kind: 'order',
      confirmation: await confirmation(deps.db, again.session, again.orderNumber as number, true),
    };
  }

  const processor = deps.processorFor(company);
  if (!processor) throw new DomainError('upstream', 'The payment service of this company is not available.');
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
  const state = leased.state as SessionState;
  const mismatch = paymentMismatch(intent, { ...session, companySlug: company.slug });
  const settlement = settlementOf({
    mismatch: mismatch !== null,
    status: intent.status,
    riskLevel: intent.riskLevel,
    country: company.country,
  });
  if (settlement.kind === 'mismatch') {
    await processor.cancel(intent.id, accountOf(company)).catch(() => {});
    await updateSession(deps.db, company.id, session.sessionId, {
      state: transition(state, 'payment_released'),
      lockedUntil: null,
      lastError: `payment ${mismatch} does not match the booking: released`,
    });
    return { kind: 'mismatch', reason: mismatch as string };
  }
  if (settlement.kind === 'not_authorized') {
    await updateSession(deps.db, company.id, session.sessionId, {
      lockedUntil: null,
      lastError: intent.declineCode ? `card: ${intent.declineCode}` : `payment ${intent.status}`,
      ...(settlement.final ? { state: transition(state, 'payment_released') } : {}),
    });
    return { kind: 'not_authorized', status: intent.status, declineCode: intent.declineCode, final: settlement.final };
  }

  const next = transition(state, settlement.event);
  const held = next === 'held';
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
  const made = { ...session, state: next, orderId: order.id };
  return { kind: 'order', confirmation: await confirmation(deps.db, made, order.orderNumber, false) };
}

async function createOrder(tx: Db, catalog: Catalog, session: SessionRow, held: boolean): Promise<OrderRow> {
  const { company } = catalog;
  const frozen = session.request as DumpsterBooking;
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
    presentBookingEvent(order),
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
