import type { OrderRow } from '../db/repositories/orders';
import type { Message } from '../db/repositories/outbox';
import type { Company } from '../domain/catalog';
import { toDollars } from '../domain/money';

/** The data of booking.completed, booking.held and booking.released (spec section 6). */
export function bookingEventData(order: OrderRow) {
  return {
    order_number: order.orderNumber,
    status: order.status,
    payment_status: order.paymentStatus,
    delivery_date: order.deliveryDate,
    pickup_date: order.pickupDate,
    total_price: toDollars(order.totalCents),
    booking_channel: order.bookingChannel,
    order_id: order.id,
    customer_ref: order.customerId,
    created_at: order.createdAt.toISOString(),
    material: order.material,
    material_label: order.materialLabel,
    attribution: order.attribution ?? null,
  };
}

/** The confirmation e-mails and texts an order sends, to the customer and to the company. */
export function confirmationMessages(
  company: Company,
  order: OrderRow,
  customer: { name: string; email: string; phone: string },
): Message[] {
  const held = order.status === 'pending_risk_review';
  const what = `${order.sizeLabel}, delivery ${order.deliveryDate}, pickup ${order.pickupDate}`;
  const total = `${toDollars(order.grossTotalCents).toFixed(2)} ${order.currency}`;
  const customerText = held
    ? `We received your order #${order.orderNumber} (${what}). It is being reviewed; we will confirm it shortly.`
    : `Your order #${order.orderNumber} is confirmed: ${what}. Charged: ${total}.`;
  const messages: Message[] = [
    {
      channel: 'email',
      topic: 'order_confirmation',
      to: customer.email,
      subject: `${company.name}: order #${order.orderNumber}`,
      text: customerText,
    },
    { channel: 'sms', topic: 'order_confirmation', to: customer.phone, text: `${company.name}: ${customerText}` },
  ];
  const office = `New online order #${order.orderNumber}${held ? ' (held for review)' : ''}: ${customer.name}, ${what}, ${total}.`;
  if (company.contact.email)
    messages.push({
      channel: 'email',
      topic: 'new_order',
      to: company.contact.email,
      subject: `New order #${order.orderNumber}`,
      text: office,
    });
  if (company.contact.phone)
    messages.push({ channel: 'sms', topic: 'new_order', to: company.contact.phone, text: office });
  return messages;
}
