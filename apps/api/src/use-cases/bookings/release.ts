import type { Database, Db } from '../../db/client';
import { loadCatalog } from '../../db/repositories/catalog';
import { findJobByNumber, type JunkJobRow, setJobStatus } from '../../db/repositories/junk';
import { findOrderByNumber, type OrderRow, setOrderStatus } from '../../db/repositories/orders';
import { enqueueWebhooks } from '../../db/repositories/outbox';
import { findSession } from '../../db/repositories/sessions';
import { DomainError } from '../../domain/errors';
import { HELD_FOR_REVIEW as REVIEW } from '../../domain/order-status';
import { paymentMismatch } from '../../domain/payment-match';
import type { Scope } from '../../domain/scope';
import { presentBookingEvent } from '../../messages/booking-events';
import { presentJunkEvent } from '../../messages/junk-events';
import { announcePayment, markPaid } from '../shared/capture';
import { announceJobCreated, announceOrderCreated } from '../shared/data-events';
import { accountOf, type ProcessorFor } from '../shared/payments';

/** What the office can release: an order or a junk job held for fraud review. */
type Releasable = { id: string; status: string; sessionId: string | null; grossTotalCents: number; currency: string };
type Held<R extends Releasable> = {
  noun: 'order' | 'job';
  kind: 'dumpster' | 'junk';
  find(db: Db, companyId: string, num: number): Promise<R | undefined>;
  setStatus(
    db: Db,
    companyId: string,
    id: string,
    move: { from: string; to: string; at: Date },
  ): Promise<R | undefined>;
  event(row: R): Record<string, unknown>;
  /** The Data API's announcement: the record is visible from now on. */
  created(db: Db, row: R): Promise<void>;
};

const ORDERS: Held<OrderRow> = {
  noun: 'order',
  kind: 'dumpster',
  find: findOrderByNumber,
  setStatus: setOrderStatus,
  event: (o) => presentBookingEvent(o),
  created: announceOrderCreated,
};

const JOBS: Held<JunkJobRow> = {
  noun: 'job',
  kind: 'junk',
  find: findJobByNumber,
  setStatus: setJobStatus,
  event: (j) => presentJunkEvent(j),
  created: announceJobCreated,
};

/**
 * The office approves an order held for fraud review: the card is captured (it was only authorized),
 * the order leaves pending_risk_review, and booking.released goes out with previous_status; for the Data
 * API the order appears now (order.created, paid) and its payment.received follows, in the same transaction.
 */
export function releaseOrder(
  database: Database,
  processorFor: ProcessorFor,
  scope: Scope,
  orderNumber: number,
  now: Date,
) {
  return release(database, processorFor, scope, orderNumber, ORDERS, now);
}

/** The same for a junk removal job (svc jobs approve): junk_job.created, then payment.received. */
export function releaseJob(database: Database, processorFor: ProcessorFor, scope: Scope, jobNumber: number, now: Date) {
  return release(database, processorFor, scope, jobNumber, JOBS, now);
}

async function release<R extends Releasable>(
  database: Database,
  processorFor: ProcessorFor,
  scope: Scope,
  num: number,
  held: Held<R>,
  now: Date,
) {
  const { noun } = held;
  const field = `${noun}_number`;
  // The office's refusals: the order or job is not in a state to be released.
  const refused = (message: string) => new DomainError('invalid_body', message, { field });
  const catalog = await loadCatalog(database.db, scope.companyId);
  if (!catalog) throw new DomainError('not_found', 'This company has no catalog yet.');
  const { company } = catalog;
  const row = await held.find(database.db, company.id, num);
  if (!row) throw new DomainError('not_found', `company ${company.slug} has no ${noun} #${num}`, { field });
  if (row.status !== REVIEW) throw refused(`${noun} #${num} is ${row.status}, not held for review`);
  const session = row.sessionId ? await findSession(database.db, company.id, row.sessionId) : undefined;
  const intentId = session?.paymentIntentId;
  if (!intentId) throw refused(`${noun} #${num} has no payment to capture`);
  const processor = processorFor(catalog.company);
  if (!processor) throw refused(`the ${catalog.company.processor.kind} processor is not configured on this platform`);
  // Only the payment this order or job was made from, for its amount, is captured.
  const intent = await processor.retrieveIntent(intentId, accountOf(catalog.company));
  const mismatch = paymentMismatch(intent, {
    amountCents: row.grossTotalCents,
    currency: row.currency,
    companyId: company.id,
    sessionId: session?.sessionId as string,
    companySlug: company.slug,
  });
  if (mismatch) {
    throw refused(`${noun} #${num}: the authorized payment's ${mismatch} does not match; not captured`);
  }
  const captured = await processor.capture(intentId, accountOf(catalog.company));
  return database.db.transaction(async (tx) => {
    const released = await held.setStatus(tx, company.id, row.id, { from: REVIEW, to: 'confirmed', at: now });
    if (!released) throw refused(`${noun} #${num} was released by someone else`);
    const paid = await markPaid(tx, {
      companyId: company.id,
      kind: held.kind,
      madeId: row.id,
      paymentIntentId: intentId,
      captured,
      now,
    });
    const current = (paid?.made.row as R | undefined) ?? released;
    await enqueueWebhooks(tx, company.id, 'booking', 'booking.released', {
      ...held.event(current),
      previous_status: REVIEW,
    });
    // The Data API never saw it while held: it appears now, then its payment (one transaction, in that order).
    await held.created(tx, current);
    if (paid) await announcePayment(tx, paid);
    return { [field]: num, status: 'confirmed', previous_status: REVIEW, payment_status: 'paid' };
  });
}
