import type { OrderRow } from '../db/repositories/orders';
import type { Message } from '../db/repositories/outbox';
import type { Company } from '../domain/catalog';
import { amountText } from './money';

/** The e-mails and texts the booking flow sends: the words of our messages, in one place. */
type Contact = { name: string; contact: { email: string | null; phone: string | null } };
type Customer = { name: string; email: string; phone: string };

/** The confirmation e-mails and texts an order sends, to the customer and to the company. */
export function confirmationMessages(
  company: Company,
  order: OrderRow,
  customer: { name: string; email: string; phone: string },
): Message[] {
  const held = order.status === 'pending_risk_review';
  const what = `${order.sizeLabel}, delivery ${order.deliveryDate}, pickup ${order.pickupDate}`;
  const total = amountText(order.grossTotalCents, order.currency);
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

/** An authorized card without an order after 15 minutes: the customer and the office are told, once. */
export function unconfirmedMessages(
  company: Contact,
  session: { sessionId: string; amountCents: number; currency: string },
  customer: Customer,
  afterMinutes: number,
): Message[] {
  const amount = amountText(session.amountCents, session.currency);
  const customerText = `Your card was authorized for ${amount} but we could not confirm your ${company.name} booking yet. You have not been charged; we will confirm it or release the authorization. Reference: ${session.sessionId}.`;
  const officeText = `Booking ${session.sessionId} (${customer.name}, ${customer.email}, ${customer.phone}) has an authorized card (${amount}) but no order after ${afterMinutes} minutes. Please check it.`;
  return [
    {
      channel: 'email',
      topic: 'booking_unconfirmed',
      to: customer.email,
      subject: `${company.name}: your booking is not confirmed yet`,
      text: customerText,
    },
    { channel: 'sms', topic: 'booking_unconfirmed', to: customer.phone, text: customerText },
    ...(company.contact.email
      ? [
          {
            channel: 'email' as const,
            topic: 'booking_unconfirmed',
            to: company.contact.email,
            subject: `Unconfirmed booking ${session.sessionId}`,
            text: officeText,
          },
        ]
      : []),
    ...(company.contact.phone
      ? [{ channel: 'sms' as const, topic: 'booking_unconfirmed', to: company.contact.phone, text: officeText }]
      : []),
  ];
}

/** A booking given up on: its authorization was released. */
export function failedMessages(company: { name: string }, sessionId: string, customer: Customer): Message[] {
  return [
    {
      channel: 'email',
      topic: 'booking_failed',
      to: customer.email,
      subject: `${company.name}: your booking could not be completed`,
      text: `We could not complete your booking (reference ${sessionId}). The authorization on your card has been released; you were not charged.`,
    },
  ];
}
