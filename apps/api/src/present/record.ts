import type { auditOf } from '../db/repositories/audit';
import type { CustomerRow } from '../db/repositories/customers';
import type { JunkJobRow } from '../db/repositories/junk';
import type { OrderRow } from '../db/repositories/orders';
import type { outboxAbout } from '../db/repositories/outbox';
import type { paymentOf } from '../db/repositories/payments';
import type { SessionRow } from '../db/repositories/sessions';
import { dollars } from '../messages/money';
import { presentOfficeCustomer } from './customers';
import { addressText, maskId } from './format';

/**
 * What the console's order and job pages share (contract/console/office-shapes.ts, ConsoleOrder and
 * ConsoleJob): the customer, the address, the payment, attribution and the timeline of what happened.
 */

/** What a record's page is read with (use-cases/bookings/records.ts). */
export type RecordAround = {
  customer: CustomerRow | undefined;
  payment: Awaited<ReturnType<typeof paymentOf>>;
  sent: Awaited<ReturnType<typeof outboxAbout>>;
  audit: Awaited<ReturnType<typeof auditOf>>;
  session: SessionRow | undefined;
};

type TimelineEntry = {
  at: string;
  what: string;
  source: 'record' | 'webhook' | 'email' | 'sms' | 'console';
  detail: string | null;
};

/** What an order's and a job's page share: customer, address, payment, attribution and the timeline. */
export function presentAround(row: OrderRow | JunkJobRow, kind: 'order' | 'job', around: RecordAround) {
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
