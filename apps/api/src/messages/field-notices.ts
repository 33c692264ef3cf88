import type { Message } from '../db/repositories/outbox';
import type { Company } from '../domain/catalog';
import type { OverageAmounts } from '../domain/overage';
import { amountText } from './money';

/** The e-mails and texts of the driver's day (docs/decisions/drivers-day.md). */
type Customer = { name: string; email: string; phone: string };

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const tons = (t: number) => t.toFixed(2);

/** The driver is on the way: a text, the moment the driver taps it. */
export function onTheWayMessages(
  company: Company,
  stop: { kind: 'delivery' | 'pickup' | 'swap' | 'junk'; number: number },
  customer: Customer,
): Message[] {
  const what = {
    delivery: `with your dumpster (order #${stop.number})`,
    pickup: `to pick up your dumpster (order #${stop.number})`,
    swap: `to swap your dumpster (order #${stop.number})`,
    junk: `for your junk removal (job #${stop.number})`,
  }[stop.kind];
  return [
    {
      channel: 'sms',
      topic: 'on_the_way',
      to: customer.phone,
      text: `${company.name}: your driver is on the way ${what}.`,
    },
  ];
}

/** When a field charge is taken, in the company's own time. */
const whenText = (company: Company, at: Date) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: company.timezone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(at);

/** The weigh ticket's overage, itemized, with the page that shows the ticket and when the card is charged. */
export function overageNoticeMessages(
  company: Company,
  order: { orderNumber: number; sizeLabel: string },
  customer: Customer,
  a: OverageAmounts & { currency: string },
  chargeAfter: Date,
  manageUrl: string,
): Message[] {
  const rate =
    a.mode === 'flat'
      ? `overweight fee ${money(a.overage_cents)}`
      : `${tons(a.over_tons)} tons over × ${money(a.rate_cents ?? 0)}/ton = ${money(a.overage_cents)}`;
  const lines = [
    `Your ${order.sizeLabel} (order #${order.orderNumber}) was weighed at the landfill: ${tons(a.tons)} tons; ${tons(a.allowance_tons)} tons are included.`,
    `Overage: ${rate}`,
    ...(a.tax_cents ? [`Tax: ${money(a.tax_cents)}`] : []),
    ...(a.processing_fee_cents ? [`Card fee: ${money(a.processing_fee_cents)}`] : []),
    `Total: ${amountText(a.gross_total_cents, a.currency)}`,
    `We will charge your card on file on ${whenText(company, chargeAfter)}. See the weigh ticket and the details: ${manageUrl}#charges`,
    `Questions? Call ${company.name}${company.contact.phone ? ` at ${company.contact.phone}` : ''}.`,
  ];
  return [
    {
      channel: 'email',
      topic: 'overage_notice',
      to: customer.email,
      subject: `${company.name}: weigh ticket for order #${order.orderNumber}`,
      text: lines.join('\n'),
    },
    {
      channel: 'sms',
      topic: 'overage_notice',
      to: customer.phone,
      text: `${company.name}: your dumpster weighed ${tons(a.tons)} tons (${tons(a.allowance_tons)} included): overage ${amountText(a.gross_total_cents, a.currency)}, charged to your card on ${whenText(company, chargeAfter)}. Ticket and details: ${manageUrl}#charges`,
    },
  ];
}

const REASONS: Record<string, string> = {
  blocked: 'the spot was blocked',
  not_there: 'nobody was there and the dumpster could not be reached',
  overfilled: 'the dumpster was filled over its top',
  prohibited_items: 'the dumpster held items we cannot take',
};

/** A stop the driver could not complete, with the company's wasted-trip fee when it has one. */
export function wastedTripMessages(
  company: Company,
  stop: { number: number; noun: 'order' | 'job'; reason: string },
  customer: Customer,
  fee: { grossTotalCents: number; currency: string; chargeAfter: Date } | null,
  manageUrl: string | null,
): Message[] {
  const why = REASONS[stop.reason] ?? stop.reason;
  const charge = fee
    ? ` A return trip fee of ${amountText(fee.grossTotalCents, fee.currency)} will be charged to your card on file on ${whenText(company, fee.chargeAfter)}.`
    : '';
  const text = `Our driver could not complete the visit for ${stop.noun} #${stop.number}: ${why}. We will call you to set a new time.${charge}${manageUrl ? ` Details: ${manageUrl}#charges` : ''}`;
  return [
    {
      channel: 'email',
      topic: 'stop_failed',
      to: customer.email,
      subject: `${company.name}: we could not complete your ${stop.noun} #${stop.number}`,
      text,
    },
    { channel: 'sms', topic: 'stop_failed', to: customer.phone, text: `${company.name}: ${text}` },
  ];
}

/** A field charge the saved card declined: owed, with the page to pay it. */
export function chargeDeclinedMessages(
  company: Company,
  order: { orderNumber: number },
  customer: Customer,
  charge: { grossTotalCents: number; currency: string },
  manageUrl: string,
): Message[] {
  const text = `We could not charge ${amountText(charge.grossTotalCents, charge.currency)} for order #${order.orderNumber} to your card on file. Pay it here: ${manageUrl}#charges`;
  return [
    {
      channel: 'email',
      topic: 'charge_declined',
      to: customer.email,
      subject: `${company.name}: payment needed for order #${order.orderNumber}`,
      text,
    },
    { channel: 'sms', topic: 'charge_declined', to: customer.phone, text: `${company.name}: ${text}` },
  ];
}
