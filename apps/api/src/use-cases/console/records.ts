import {
  auditOf,
  findCustomer,
  insertAudit,
  outboxAbout,
  paymentOf,
  type Subject,
} from '../../db/repositories/console-records';
import { findJobByNumber, type JunkJobRow, listPhotos } from '../../db/repositories/junk';
import { findOrderByNumber, type OrderRow } from '../../db/repositories/orders';
import { findSession } from '../../db/repositories/sessions';
import { isJobStatus, jobMovesFrom } from '../../domain/job-status';
import { isOrderStatus, orderMovesFrom } from '../../domain/order-status';
import { addressText, jobInvoice, maskId, orderInvoice, presentOfficeCustomer } from '../../present/console-office';
import { dollars } from '../../messages/money';
import { moveJob, moveOrder } from '../office/moves';
import { type Member, noSuch, type OfficeDeps } from './member';

/**
 * The order and job pages (customer, address, invoice, payment, attribution, photos, timeline) and the
 * dispatch board's status moves, which go through the office's moves (use-cases/office/moves.ts: the
 * Data API's *.status_changed events) and leave an audit row.
 */

type TimelineEntry = {
  at: string;
  what: string;
  source: 'record' | 'webhook' | 'email' | 'sms' | 'console';
  detail: string | null;
};

async function common(deps: OfficeDeps, member: Member, row: OrderRow | JunkJobRow, subject: Subject) {
  const { db } = deps.database;
  const { companyId } = member;
  const [customer, payment, sent, audit, session] = await Promise.all([
    findCustomer(db, companyId, row.customerId),
    paymentOf(db, companyId, subject),
    outboxAbout(db, companyId, subject),
    auditOf(db, companyId, `${subject.kind}:${subject.number}`),
    row.sessionId ? findSession(db, companyId, row.sessionId) : undefined,
  ]);
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
      what: `${subject.kind} created`,
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

export async function readOrder(deps: OfficeDeps, member: Member, n: number) {
  const order = await findOrderByNumber(deps.database.db, member.companyId, n);
  if (!order) throw noSuch('order', n);
  return {
    order_number: order.orderNumber,
    status: order.status,
    moves: isOrderStatus(order.status) ? [...orderMovesFrom(order.status)] : [],
    size: order.sizeLabel,
    material: order.materialLabel,
    rental_days: order.rentalDays,
    delivery_date: order.deliveryDate,
    pickup_date: order.pickupDate,
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
    invoice: orderInvoice(order),
    ...(await common(deps, member, order, { kind: 'order', id: order.id, number: n })),
  };
}

export async function readJob(deps: OfficeDeps, member: Member, n: number) {
  const job = await findJobByNumber(deps.database.db, member.companyId, n);
  if (!job) throw noSuch('job', n);
  const photos = await listPhotos(deps.database.db, member.companyId, job.id);
  return {
    job_number: job.jobNumber,
    status: job.status,
    moves: isJobStatus(job.status) ? [...jobMovesFrom(job.status)] : [],
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
    ...(await common(deps, member, job, { kind: 'job', id: job.id, number: n })),
  };
}

/** A dispatch move: 404 first for another company's number (moveOrder names the slug, ours says "this company"). */
export async function moveRecord(deps: OfficeDeps, member: Member, noun: 'order' | 'job', n: number, to: string) {
  const { db } = deps.database;
  const found =
    noun === 'order'
      ? await findOrderByNumber(db, member.companyId, n)
      : await findJobByNumber(db, member.companyId, n);
  if (!found) throw noSuch(noun, n);
  const now = deps.now();
  const moved =
    noun === 'order'
      ? await moveOrder(deps.database, member.slug, n, to, now)
      : await moveJob(deps.database, member.slug, n, to, now);
  await insertAudit(db, {
    companyId: member.companyId,
    userId: member.userId,
    action: `${noun}.status`,
    subject: `${noun}:${n}`,
    detail: `${moved.previous_status} → ${moved.status}`,
    at: now,
  });
  return {
    number: n,
    status: moved.status,
    previous_status: moved.previous_status,
    moves:
      noun === 'order'
        ? isOrderStatus(moved.status)
          ? [...orderMovesFrom(moved.status)]
          : []
        : isJobStatus(moved.status)
          ? [...jobMovesFrom(moved.status)]
          : [],
    updated_at: moved.updated_at,
  };
}
