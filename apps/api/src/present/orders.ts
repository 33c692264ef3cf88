import type { OrderRow } from '../db/repositories/orders';
import { isOrderStatus, orderMovesFrom } from '../domain/order-status';
import type { StreetQuote } from '../domain/permits';
import { dollars } from '../messages/money';
import type { InvoiceLine } from './format';
import { presentAround, type RecordAround } from './record';

/** Dumpster orders as the office sees them: the CLI's list, Needs action, the order page (cents become dollars here). */

/** A line of the office's order list (svc orders list). */
export function presentOfficeOrder(order: OrderRow, customerEmail: string) {
  return {
    order_number: order.orderNumber,
    status: order.status,
    payment_status: order.paymentStatus,
    size: order.sizeLabel,
    delivery_date: order.deliveryDate,
    pickup_date: order.pickupDate,
    total: dollars(order.totalCents),
    charged: dollars(order.grossTotalCents),
    customer: customerEmail,
    channel: order.bookingChannel,
    session_id: order.sessionId,
    attribution: order.attribution ?? null,
  };
}

export function presentHeldOrder(order: OrderRow, customer: { name: string; email: string }) {
  return {
    kind: 'order' as const,
    number: order.orderNumber,
    customer_name: customer.name,
    customer_email: customer.email,
    what: `${order.sizeLabel}, delivery ${order.deliveryDate}`,
    amount: dollars(order.grossTotalCents),
    currency: order.currency,
    created_at: order.createdAt.toISOString(),
  };
}

/** A dumpster order's invoice, from its frozen quote. */
export function orderInvoice(order: OrderRow) {
  const q = order.quote as StreetQuote;
  const lines: InvoiceLine[] = [
    { label: `${order.sizeLabel}, ${order.rentalDays} days`, amount: dollars(q.base) },
    ...(q.extraDays ? [{ label: 'Extra days', amount: dollars(q.extraDays) }] : []),
    ...(q.fuelFee ? [{ label: 'Fuel and environmental fee', amount: dollars(q.fuelFee) }] : []),
    ...(q.promoDiscount ? [{ label: `Promo ${order.promoCode ?? ''}`.trim(), amount: -dollars(q.promoDiscount) }] : []),
    // After the promo, as the quote's lines.permit_fee: a promo never discounts the city's fee.
    ...(q.permitFee ? [{ label: 'Street permit', amount: dollars(q.permitFee) }] : []),
    ...(q.tax ? [{ label: 'Tax', amount: dollars(q.tax) }] : []),
  ];
  return {
    lines,
    total: dollars(order.totalCents),
    processing_fee: dollars(order.processingFeeCents),
    gross_total: dollars(order.grossTotalCents),
    currency: order.currency,
  };
}

/** The moves an order of this status allows (none for a status the rules do not know). */
export const orderMoves = (status: string) => (isOrderStatus(status) ? [...orderMovesFrom(status)] : []);

export function presentConsoleOrder({ order, ...around }: RecordAround & { order: OrderRow }) {
  return {
    order_number: order.orderNumber,
    status: order.status,
    moves: orderMoves(order.status),
    size: order.sizeLabel,
    material: order.materialLabel,
    rental_days: order.rentalDays,
    delivery_date: order.deliveryDate,
    pickup_date: order.pickupDate,
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
    invoice: orderInvoice(order),
    ...presentAround(order, 'order', around),
  };
}
