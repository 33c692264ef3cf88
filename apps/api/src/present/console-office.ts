import type { CustomerRow } from '../db/repositories/customers';
import type { JunkJobRow } from '../db/repositories/junk';
import type { LeadRow } from '../db/repositories/leads';
import type { OrderRow } from '../db/repositories/orders';
import type { SessionRow } from '../db/repositories/sessions';
import { isJobStatus, jobMovesFrom } from '../domain/job-status';
import type { JunkQuoteCents } from '../domain/junk-rules';
import { leadMovesFrom } from '../domain/leads';
import { isOrderStatus, orderMovesFrom } from '../domain/order-status';
import type { QuoteCents } from '../domain/pricing';
import { bookingReference } from '../lib/booking-reference';
import { presentLead } from '../messages/data';
import { dollars } from '../messages/money';
import type { CustomerDetailRows } from '../use-cases/console/people';
import type { DispatchRows, NeedsActionRows } from '../use-cases/console/queue';

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
    reference: bookingReference(session.sessionId),
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

/** A lead as the console shows it: the Data API's lead and the statuses the office may move it to. */
export function presentConsoleLead(lead: LeadRow) {
  return { ...presentLead(lead), moves: [...leadMovesFrom(lead.status)] };
}

/** Needs action: held bookings oldest first, stuck sessions, new leads and endpoints in trouble. */
export function presentNeedsAction(rows: NeedsActionRows) {
  return {
    held: [
      ...rows.orders.map(({ order, name, email }) => presentHeldOrder(order, { name, email })),
      ...rows.jobs.map(({ job, name, email }) => presentHeldJob(job, { name, email })),
    ].sort((a, b) => a.created_at.localeCompare(b.created_at)),
    unconfirmed_sessions: rows.sessions.map(presentStuckSession),
    new_leads: rows.leads.map(presentConsoleLead),
    webhook_endpoints: rows.endpoints.map((e) => ({
      id: e.id,
      api: e.api,
      url: e.url,
      enabled: e.enabled,
      consecutive_failures: e.consecutiveFailures,
      disabled_at: e.disabledAt?.toISOString() ?? null,
    })),
  };
}

/** The moves an order or a job of this status allows (none for a status the rules do not know). */
export const orderMoves = (status: string) => (isOrderStatus(status) ? [...orderMovesFrom(status)] : []);
export const jobMoves = (status: string) => (isJobStatus(status) ? [...jobMovesFrom(status)] : []);

/** The Dispatch day: its deliveries and pickups, each with its moves and the last-can mark, and its jobs. */
export function presentDispatchDay({ day, orders, jobs, full }: DispatchRows) {
  const stop = (kind: 'delivery' | 'pickup') =>
    orders
      .filter(({ order }) => (kind === 'delivery' ? order.deliveryDate : order.pickupDate) === day)
      .map(({ order, name, phone }) => ({
        kind,
        order_number: order.orderNumber,
        status: order.status,
        moves: orderMoves(order.status),
        size: order.sizeLabel,
        customer_name: name,
        customer_phone: phone,
        address: addressText(order.address),
        last_can: kind === 'delivery' && full.has(order.sizeId),
      }));
  return {
    date: day,
    deliveries: stop('delivery'),
    pickups: stop('pickup'),
    jobs: jobs.map(({ job, name, phone }) => ({
      job_number: job.jobNumber,
      status: job.status,
      moves: jobMoves(job.status),
      window: { start: job.windowStart, end: job.windowEnd },
      load: job.loadLabel,
      customer_name: name,
      customer_phone: phone,
      address: addressText(job.address),
    })),
  };
}

/** A line of the customers' list: the customer and how many orders and jobs they have. */
export function presentCustomerLine(line: { customer: CustomerRow; orders: number; jobs: number }) {
  return { ...presentOfficeCustomer(line.customer), orders: line.orders, jobs: line.jobs };
}

/** A customer's page: the customer with their orders and jobs. */
export function presentCustomerDetail({ customer, orders, jobs }: CustomerDetailRows) {
  return {
    ...presentOfficeCustomer(customer),
    orders: orders.map((o) => ({
      order_number: o.orderNumber,
      status: o.status,
      size: o.sizeLabel,
      delivery_date: o.deliveryDate,
      gross_total: dollars(o.grossTotalCents),
      currency: o.currency,
      created_at: o.createdAt.toISOString(),
    })),
    jobs: jobs.map((j) => ({
      job_number: j.jobNumber,
      status: j.status,
      load: j.loadLabel,
      job_date: j.jobDate,
      gross_total: dollars(j.grossTotalCents),
      currency: j.currency,
      created_at: j.createdAt.toISOString(),
    })),
  };
}
