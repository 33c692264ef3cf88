import type { JunkJobRow } from '../db/repositories/junk';
import type { OrderRow } from '../db/repositories/orders';
import type { Message } from '../db/repositories/outbox';
import type { Company } from '../domain/catalog';
import { bookingReference } from '../lib/booking-reference';
import { amountText } from './money';

/** The e-mails and texts the booking flow sends: the words of our messages, in one place. */
type Contact = { name: string; contact: { email: string | null; phone: string | null } };
type Customer = { name: string; email: string; phone: string };

/** What a confirmation tells of a booking: a dumpster order or a junk job. */
export type Booked = {
  noun: 'order' | 'job';
  number: number;
  held: boolean;
  what: string;
  grossTotalCents: number;
  currency: string;
  /** The customer's "My booking" page, when the booking has one (docs/decisions/my-booking.md). */
  manageUrl?: string;
};

export const bookedOrder = (order: OrderRow): Booked => ({
  noun: 'order',
  number: order.orderNumber,
  held: order.status === 'pending_risk_review',
  what: `${order.sizeLabel}, delivery ${order.deliveryDate}, pickup ${order.pickupDate}`,
  grossTotalCents: order.grossTotalCents,
  currency: order.currency,
});

export const bookedJob = (job: JunkJobRow): Booked => ({
  noun: 'job',
  number: job.jobNumber,
  held: job.status === 'pending_risk_review',
  what: `junk removal (${job.loadLabel}) on ${job.jobDate}, crew arriving ${job.windowStart}-${job.windowEnd}`,
  grossTotalCents: job.grossTotalCents,
  currency: job.currency,
});

/** The confirmation e-mails and texts an order or job sends, to the customer and to the company. */
export function confirmationMessages(
  company: Company,
  booked: Booked,
  customer: { name: string; email: string; phone: string },
): Message[] {
  const { noun, number, held, what } = booked;
  const total = amountText(booked.grossTotalCents, booked.currency);
  const topic = noun === 'order' ? 'order_confirmation' : 'job_confirmation';
  const newTopic = noun === 'order' ? 'new_order' : 'new_job';
  const manage = booked.manageUrl ? ` See or change your booking: ${booked.manageUrl}` : '';
  const customerText = held
    ? `We received your ${noun} #${number} (${what}). It is being reviewed; we will confirm it shortly.${manage}`
    : `Your ${noun} #${number} is confirmed: ${what}. Charged: ${total}.${manage}`;
  const messages: Message[] = [
    {
      channel: 'email',
      topic,
      to: customer.email,
      subject: `${company.name}: ${noun} #${number}`,
      text: customerText,
    },
    { channel: 'sms', topic, to: customer.phone, text: `${company.name}: ${customerText}` },
  ];
  const office = `New online ${noun} #${number}${held ? ' (held for review)' : ''}: ${customer.name}, ${what}, ${total}.`;
  if (company.contact.email)
    messages.push({
      channel: 'email',
      topic: newTopic,
      to: company.contact.email,
      subject: `New ${noun} #${number}`,
      text: office,
    });
  if (company.contact.phone)
    messages.push({ channel: 'sms', topic: newTopic, to: company.contact.phone, text: office });
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
  // The reference, never the session id: a message is forwarded and read on lock screens.
  const reference = bookingReference(session.sessionId);
  const customerText = `Your card was authorized for ${amount} but we could not confirm your ${company.name} booking yet. You have not been charged; we will confirm it or release the authorization. Reference: ${reference}.`;
  const officeText = `Booking ${reference} (${customer.name}, ${customer.email}, ${customer.phone}) has an authorized card (${amount}) but no order after ${afterMinutes} minutes. Please check it under Needs action.`;
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
            subject: `Unconfirmed booking ${reference}`,
            text: officeText,
          },
        ]
      : []),
    ...(company.contact.phone
      ? [{ channel: 'sms' as const, topic: 'booking_unconfirmed', to: company.contact.phone, text: officeText }]
      : []),
  ];
}

/** A booking given up on: its authorization was released (named by its reference, never its session id). */
export function failedMessages(company: { name: string }, sessionId: string, customer: Customer): Message[] {
  return [
    {
      channel: 'email',
      topic: 'booking_failed',
      to: customer.email,
      subject: `${company.name}: your booking could not be completed`,
      text: `We could not complete your booking (reference ${bookingReference(sessionId)}). The authorization on your card has been released; you were not charged.`,
    },
  ];
}

/** The e-mail a customer gets when the office rejects a held booking: no reason, no accusation. */
export function rejectedMessages(
  company: { name: string },
  noun: 'order' | 'job',
  number: number,
  customer: { email: string },
): Message[] {
  return [
    {
      channel: 'email',
      topic: `${noun}_rejected`,
      to: customer.email,
      subject: `${company.name}: ${noun} #${number} could not be accepted`,
      text: `We are sorry: ${company.name} could not accept your ${noun} #${number}. The authorization on your card has been released; you were not charged. Please call us if you would like to book again.`,
    },
  ];
}

/** A change to a rental, made by the customer or for them: what changed, what it cost, the link again. */
export function changeMessages(
  company: Company,
  change: {
    kind: 'extend' | 'end_early' | 'move_delivery' | 'swap';
    swapDate: string | null;
    grossTotalCents: number;
    currency: string;
  },
  order: { orderNumber: number; deliveryDate: string; pickupDate: string },
  customer: Customer,
  manageUrl: string | null,
): Message[] {
  const what = {
    extend: `extended: pickup on ${order.pickupDate}`,
    end_early: `ends early: pickup on ${order.pickupDate}`,
    move_delivery: `delivery moved to ${order.deliveryDate}, pickup on ${order.pickupDate}`,
    swap: `getting a swap on ${change.swapDate}: we take the full dumpster and set an empty one`,
  }[change.kind];
  const paid = change.grossTotalCents > 0 ? ` Charged: ${amountText(change.grossTotalCents, change.currency)}.` : '';
  const text = `Your order #${order.orderNumber} is ${what}.${paid}${manageUrl ? ` ${manageUrl}` : ''}`;
  const messages: Message[] = [
    {
      channel: 'email',
      topic: 'order_changed',
      to: customer.email,
      subject: `${company.name}: order #${order.orderNumber} changed`,
      text,
    },
    { channel: 'sms', topic: 'order_changed', to: customer.phone, text: `${company.name}: ${text}` },
  ];
  const office = `Order #${order.orderNumber} ${what}.${paid}`;
  if (company.contact.email)
    messages.push({
      channel: 'email',
      topic: 'order_changed',
      to: company.contact.email,
      subject: `Order #${order.orderNumber} changed`,
      text: office,
    });
  return messages;
}

/** A fresh "My booking" link the office sent (every earlier one stops working). */
export function rentalLinkMessages(
  company: Company,
  order: { orderNumber: number },
  customer: Customer,
  manageUrl: string,
): Message[] {
  const text = `Your link to see or change order #${order.orderNumber}: ${manageUrl} (earlier links no longer work).`;
  return [
    { channel: 'email', topic: 'rental_link', to: customer.email, subject: `${company.name}: your booking link`, text },
    { channel: 'sms', topic: 'rental_link', to: customer.phone, text: `${company.name}: ${text}` },
  ];
}

/** The day before the pickup: the rental ends tomorrow; keep it longer or let it go, from the link. */
export function pickupReminderMessages(
  company: Company,
  order: { orderNumber: number; pickupDate: string; sizeLabel: string },
  customer: Customer,
  manageUrl: string,
): Message[] {
  const text = `Your ${order.sizeLabel} rental (order #${order.orderNumber}) ends tomorrow, ${order.pickupDate}: we pick it up then. To keep it longer or change the pickup: ${manageUrl}`;
  return [
    {
      channel: 'email',
      topic: 'pickup_reminder',
      to: customer.email,
      subject: `${company.name}: your rental ends tomorrow`,
      text,
    },
    { channel: 'sms', topic: 'pickup_reminder', to: customer.phone, text: `${company.name}: ${text}` },
  ];
}

/** A junk job moved to another day or window (by the customer's link). */
export function jobMovedMessages(
  company: Company,
  job: { jobNumber: number; jobDate: string; windowStart: string; windowEnd: string },
  customer: Customer,
): Message[] {
  const text = `Your junk removal job #${job.jobNumber} moved to ${job.jobDate}, crew arriving ${job.windowStart}-${job.windowEnd}.`;
  const messages: Message[] = [
    {
      channel: 'email',
      topic: 'job_changed',
      to: customer.email,
      subject: `${company.name}: job #${job.jobNumber} moved`,
      text,
    },
    { channel: 'sms', topic: 'job_changed', to: customer.phone, text: `${company.name}: ${text}` },
  ];
  if (company.contact.email) {
    const office = `Job #${job.jobNumber} moved to ${job.jobDate} ${job.windowStart}-${job.windowEnd}.`;
    messages.push({
      channel: 'email',
      topic: 'job_changed',
      to: company.contact.email,
      subject: `Job #${job.jobNumber} moved`,
      text: office,
    });
  }
  return messages;
}
