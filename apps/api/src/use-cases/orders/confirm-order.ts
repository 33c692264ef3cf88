import type { z } from '@hono/zod-openapi';
import type { ConfirmBody } from '../../contract/booking';
import type { Db } from '../../db/client';
import { insertDispatch } from '../../db/repositories/dispatch';
import { findOrder, insertOrder, type OrderRow, takeOrderNumber } from '../../db/repositories/orders';
import { invoiceOf } from '../../db/repositories/payments';
import type { SessionRow } from '../../db/repositories/sessions';
import type { Catalog } from '../../domain/catalog';
import type { CatalogScope } from '../../domain/scope';
import { presentBookingEvent } from '../../messages/booking-events';
import { bookedOrder } from '../../messages/notices';
import { rentalFits, rentalOf } from '../catalog/fleet';
import { bookStreet } from '../permits/book';
import { issueRentalLink, type Links, rentalUrl } from '../rentals/links';
import { announceBooking, bookCustomer, bookInvoice } from '../shared/bookkeeping';
import { announceOrderCreated } from '../shared/data-events';
import type { ProcessorFor } from '../shared/payments';
import { BookingRefused, confirmSession, type Fulfilment, type Made, type Paid } from '../shared/settle';
import type { DumpsterBooking } from './create-intent';

type Deps = { db: Db; processorFor: ProcessorFor; links?: Links };

/** A dumpster session becomes an order (see use-cases/shared/settle.ts for what every kind shares). */
export const dumpsterFulfilment: Fulfilment<Confirmation> = {
  kind: 'dumpster',
  make: (tx, catalog, session, held, _now, paid) => createOrder(tx, catalog, session, held, paid),
  confirmation: async (db, _catalog, found, already, made) => ({
    ...(await confirmation(db, found.session, found.orderNumber as number, already)),
    // The link's token is kept only as a fingerprint: the answer that made the order is the one that says it.
    ...(made?.manageUrl ? { manage_url: made.manageUrl } : {}),
  }),
};

/**
 * POST /confirm. Verifies the authorization with the processor, then creates the customer, the order, its
 * invoice, payment record and dispatch entries, and the outbox events, in one transaction; captures the
 * card only after that commit. Repeats answer the same order; a concurrent call gets `processing`.
 */
export function confirmOrder(deps: Deps, scope: CatalogScope, body: z.infer<typeof ConfirmBody>) {
  return confirmSession(deps, scope.catalog, body, dumpsterFulfilment);
}

async function createOrder(tx: Db, catalog: Catalog, session: SessionRow, held: boolean, paid: Paid): Promise<Made> {
  const { company } = catalog;
  const frozen = session.request as DumpsterBooking;
  const { request, quote } = frozen;
  // The number first: every booking transaction takes the company's row before anything else, so orders
  // are made one at a time per company and the last can goes to one of them.
  const orderNumber = await takeOrderNumber(tx, company.id);
  // No session holds a can: the order is made only if one is still free for the whole rental
  // (docs/decisions/unpaid-intents-hold-nothing.md).
  if (!(await rentalFits(tx, catalog, rentalOf(request)))) {
    throw new BookingRefused({
      code: 'size_sold_out',
      message: `The last ${frozen.sizeLabel} dumpster for ${request.delivery_date} to ${request.pickup_date} was booked while the payment was pending: nothing was booked and the authorization was released. Choose another day.`,
      details: { reason: 'fleet_full', size_id: request.size_id, delivery_date: request.delivery_date },
    });
  }
  const customerId = await bookCustomer(tx, company.id, request.customer);
  const order = await insertOrder(tx, {
    companyId: company.id,
    orderNumber,
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
    // The card saved for the company's later charges (a change in "My booking"), when the session asked.
    processorCustomer: session.processorCustomer,
    savedCard: session.processorCustomer ? paid.savedCard : null,
  });
  await bookStreet(tx, { companyId: company.id, id: order.id, deliveryDate: request.delivery_date }, quote);
  const token = await issueRentalLink(tx, company.id, { orderId: order.id });
  const manageUrl = paid.links ? rentalUrl(paid.links, token) : undefined;
  await bookInvoice(tx, company, session, quote, { orderId: order.id });
  await insertDispatch(tx, [
    { companyId: company.id, orderId: order.id, date: request.delivery_date, kind: 'delivery' },
    { companyId: company.id, orderId: order.id, date: request.pickup_date, kind: 'pickup' },
  ]);
  await announceBooking(tx, company, session, {
    held,
    event: presentBookingEvent(order),
    booked: { ...bookedOrder(order), ...(manageUrl ? { manageUrl } : {}) },
    customer: request.customer,
    link: { orderId: order.id },
  });
  // The Data API sees the order once it is confirmed; a held one on its release (office/release-order.ts).
  if (!held) await announceOrderCreated(tx, order);
  return { id: order.id, ...(manageUrl ? { manageUrl } : {}) };
}

export type Confirmation = Awaited<ReturnType<typeof confirmation>>;

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
