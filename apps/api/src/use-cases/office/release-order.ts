import type { Database, Db } from '../../db/client';
import { loadCatalog } from '../../db/repositories/catalog';
import { findJobByNumber, markJobCaptured, setJobStatus } from '../../db/repositories/junk';
import { findOrderByNumber, markCaptured, setOrderStatus } from '../../db/repositories/orders';
import { enqueueWebhooks } from '../../db/repositories/outbox';
import { findSession } from '../../db/repositories/sessions';
import { DomainError } from '../../domain/errors';
import { paymentMismatch } from '../../domain/payment-match';
import { presentBookingEvent } from '../../present/events';
import { presentJunkEvent } from '../../present/junk';
import { companyBySlug } from '../company/find-company';
import { accountOf, type ProcessorFor } from '../shared/payments';

const REVIEW = 'pending_risk_review';

/** What the office can release: an order or a junk job held for fraud review. */
type Releasable = { id: string; status: string; sessionId: string | null; grossTotalCents: number; currency: string };
type Held<R extends Releasable> = {
  noun: 'order' | 'job';
  find(db: Db, companyId: string, num: number): Promise<R | undefined>;
  setStatus(db: Db, id: string, from: string, to: string): Promise<R | undefined>;
  captured(db: Db, id: string, paymentIntentId: string): Promise<void>;
  event(row: R): Record<string, unknown>;
};

const ORDERS: Held<Awaited<ReturnType<typeof findOrderByNumber>> & object> = {
  noun: 'order',
  find: findOrderByNumber,
  setStatus: setOrderStatus,
  captured: markCaptured,
  event: (o) => presentBookingEvent(o),
};

const JOBS: Held<Awaited<ReturnType<typeof findJobByNumber>> & object> = {
  noun: 'job',
  find: findJobByNumber,
  setStatus: setJobStatus,
  captured: markJobCaptured,
  event: (j) => presentJunkEvent(j),
};

/**
 * The office approves an order held for fraud review: the card is captured (it was only authorized),
 * the order leaves pending_risk_review, and booking.released goes out with previous_status.
 */
export function releaseOrder(database: Database, processorFor: ProcessorFor, slug: string, orderNumber: number) {
  return release(database, processorFor, slug, orderNumber, ORDERS);
}

/** The same for a junk removal job (svc jobs approve). */
export function releaseJob(database: Database, processorFor: ProcessorFor, slug: string, jobNumber: number) {
  return release(database, processorFor, slug, jobNumber, JOBS);
}

async function release<R extends Releasable>(
  database: Database,
  processorFor: ProcessorFor,
  slug: string,
  num: number,
  held: Held<R>,
) {
  const { noun } = held;
  const field = `${noun}_number`;
  // The office's refusals: the order or job is not in a state to be released.
  const refused = (message: string) => new DomainError('invalid_body', message, { field });
  const company = await companyBySlug(database.db, slug);
  const catalog = await loadCatalog(database.db, company.id);
  const row = await held.find(database.db, company.id, num);
  if (!row || !catalog) throw new DomainError('not_found', `company ${slug} has no ${noun} #${num}`, { field });
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
  await processor.capture(intentId, accountOf(catalog.company));
  return database.db.transaction(async (tx) => {
    const released = await held.setStatus(tx, row.id, REVIEW, 'confirmed');
    if (!released) throw refused(`${noun} #${num} was released by someone else`);
    await held.captured(tx, row.id, intentId);
    const paid = { ...released, paymentStatus: 'paid' };
    await enqueueWebhooks(tx, company.id, 'booking', 'booking.released', {
      ...held.event(paid),
      previous_status: REVIEW,
    });
    return { [field]: num, status: 'confirmed', previous_status: REVIEW, payment_status: 'paid' };
  });
}
