import type { CustomerRow } from '../db/repositories/data-customers';
import type { JunkJobRow } from '../db/repositories/junk';
import type { OrderRow } from '../db/repositories/orders';
import type { SessionRow } from '../db/repositories/sessions';
import type { JunkQuoteCents } from '../domain/junk-rules';
import type { QuoteCents } from '../domain/pricing';
import { dollars } from '../messages/money';

/** The console's office shapes (contract/console/office.ts): the one place its cents become dollars. */

type Address = Record<string, string | undefined>;

/** An address on one line, as an office reads it: "12 Main St, Springfield, NY 10001". */
export function addressText(address: unknown): string {
  const a = (address ?? {}) as Address;
  const cityLine = [a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [a.line1, a.line2, cityLine].filter(Boolean).join(', ');
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

export function presentHeldJob(job: JunkJobRow, customer: { name: string; email: string }) {
  return {
    kind: 'job' as const,
    number: job.jobNumber,
    customer_name: customer.name,
    customer_email: customer.email,
    what: `${job.loadLabel}, ${job.jobDate} ${job.windowStart}-${job.windowEnd}`,
    amount: dollars(job.grossTotalCents),
    currency: job.currency,
    created_at: job.createdAt.toISOString(),
  };
}

const customerOfSession = (session: SessionRow) =>
  (session.request as { request: { customer: { name: string; email: string; phone: string } } }).request.customer;

export function presentStuckSession(session: SessionRow) {
  const customer = customerOfSession(session);
  return {
    session_id: session.sessionId,
    kind: session.kind,
    customer_name: customer.name,
    customer_email: customer.email,
    customer_phone: customer.phone,
    amount: dollars(session.amountCents),
    currency: session.currency,
    last_error: session.lastError,
    created_at: session.createdAt.toISOString(),
  };
}

/** A processor's id shown with its middle hidden: enough to find it in the processor's dashboard. */
export function maskId(id: string | null | undefined): string | null {
  if (!id) return null;
  if (id.length <= 12) return `${id.slice(0, 3)}…`;
  return `${id.slice(0, 7)}…${id.slice(-4)}`;
}

type Line = { label: string; amount: number };

/** A dumpster order's invoice, from its frozen quote. */
export function orderInvoice(order: OrderRow) {
  const q = order.quote as QuoteCents;
  const lines: Line[] = [
    { label: `${order.sizeLabel}, ${order.rentalDays} days`, amount: dollars(q.base) },
    ...(q.extraDays ? [{ label: 'Extra days', amount: dollars(q.extraDays) }] : []),
    ...(q.fuelFee ? [{ label: 'Fuel and environmental fee', amount: dollars(q.fuelFee) }] : []),
    ...(q.promoDiscount ? [{ label: `Promo ${order.promoCode ?? ''}`.trim(), amount: -dollars(q.promoDiscount) }] : []),
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

export function jobInvoice(job: JunkJobRow) {
  const q = job.quote as JunkQuoteCents;
  const lines: Line[] = [
    { label: `Junk removal, ${job.loadLabel}`, amount: dollars(q.base) },
    ...(q.promoDiscount ? [{ label: `Promo ${job.promoCode ?? ''}`.trim(), amount: -dollars(q.promoDiscount) }] : []),
  ];
  return {
    lines,
    total: dollars(job.totalCents),
    processing_fee: dollars(job.processingFeeCents),
    gross_total: dollars(job.grossTotalCents),
    currency: job.currency,
  };
}

export function presentOfficeCustomer(customer: CustomerRow) {
  return {
    id: customer.id,
    name: customer.name,
    email: customer.email,
    phone: customer.phone,
    type: customer.type,
    company_name: customer.companyName,
    created_at: customer.createdAt.toISOString(),
  };
}
