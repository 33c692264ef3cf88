import type { JunkJobRow } from '../db/repositories/junk';
import type { OrderRow } from '../db/repositories/orders';
import { dollars } from '../messages/money';
import type { RecordAround } from '../use-cases/console/records';
import {
  addressText,
  jobInvoice,
  jobMoves,
  maskId,
  orderInvoice,
  orderMoves,
  presentOfficeCustomer,
} from './console-office';

/** The console's order and job pages (contract/console/office-shapes.ts, ConsoleOrder and ConsoleJob). */

type TimelineEntry = {
  at: string;
  what: string;
  source: 'record' | 'webhook' | 'email' | 'sms' | 'console';
  detail: string | null;
};

/** What an order's and a job's page share: customer, address, payment, attribution and the timeline. */
function presentAround(row: OrderRow | JunkJobRow, kind: 'order' | 'job', around: RecordAround) {
  const { customer, payment, sent, audit, session } = around;
  const timeline: TimelineEntry[] = [
    ...(session
      ? [
          {
            at: session.createdAt.toISOString(),
            what: 'checkout started',
            source: 'record' as const,
            detail: `session ${session.sessionId}`,
          },
        ]
      : []),
    {
      at: row.createdAt.toISOString(),
      what: `${kind} created`,
      source: 'record' as const,
      detail: row.status === 'pending_risk_review' ? 'held for fraud review' : null,
    },
    ...sent.map(
      (o): TimelineEntry => ({
        at: o.createdAt.toISOString(),
        what: o.topic,
        source: o.channel,
        detail: `${o.status}${o.attempts ? `, ${o.attempts} attempt${o.attempts === 1 ? '' : 's'}` : ''}${o.lastError ? `: ${o.lastError}` : ''}${o.channel === 'webhook' ? '' : ` to ${(o.payload as { to?: string }).to ?? ''}`}`,
      }),
    ),
    ...audit.map((a) => ({
      at: a.createdAt.toISOString(),
      what: a.action,
      source: 'console' as const,
      detail: [a.userName ?? a.userEmail ?? 'a removed user', a.detail].filter(Boolean).join(': '),
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  const p = payment?.payment;
  return {
    customer: customer ? presentOfficeCustomer(customer) : null,
    address: { ...(row.address as Record<string, unknown>), text: addressText(row.address) },
    payment: {
      status: row.paymentStatus,
      invoice_status: payment?.invoiceStatus ?? null,
      authorization: p?.status ?? null,
      amount: p ? dollars(p.amountCents) : null,
      currency: row.currency,
      processor: p?.processor ?? null,
      payment_intent: maskId(p?.paymentIntentId),
      session_id: row.sessionId,
    },
    attribution: row.attribution ?? null,
    booking_channel: row.bookingChannel,
    risk_review: row.riskReview,
    timeline,
  };
}

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

type PhotoRow = { id: string; contentType: string; byteSize: number; width: number; height: number; createdAt: Date };

export function presentConsoleJob({ job, photos, ...around }: RecordAround & { job: JunkJobRow; photos: PhotoRow[] }) {
  return {
    job_number: job.jobNumber,
    status: job.status,
    moves: jobMoves(job.status),
    load: job.loadLabel,
    job_date: job.jobDate,
    window: { start: job.windowStart, end: job.windowEnd },
    notes: job.notes,
    created_at: job.createdAt.toISOString(),
    updated_at: job.updatedAt.toISOString(),
    invoice: jobInvoice(job),
    // Listed only: there is no endpoint serving a photo's bytes to the console yet.
    photos: photos.map((ph) => ({
      id: ph.id,
      content_type: ph.contentType,
      bytes: ph.byteSize,
      width: ph.width,
      height: ph.height,
      created_at: ph.createdAt.toISOString(),
    })),
    ...presentAround(job, 'job', around),
  };
}

/** A dispatch move's answer: the record's new status and the moves it allows now. */
export function presentMoved(
  noun: 'order' | 'job',
  moved: { number: number; status: string; previous_status: string; updated_at: string },
) {
  return {
    number: moved.number,
    status: moved.status,
    previous_status: moved.previous_status,
    moves: noun === 'order' ? orderMoves(moved.status) : jobMoves(moved.status),
    updated_at: moved.updated_at,
  };
}
