import type { Db } from '../../db/client';
import { loadCatalog } from '../../db/repositories/catalog';
import { uncapturedJobs } from '../../db/repositories/junk';
import { uncapturedOrders } from '../../db/repositories/orders';
import { enqueueMessages } from '../../db/repositories/outbox';
import { type SessionRow, sessionsToRecover, updateSession } from '../../db/repositories/sessions';
import type { Catalog } from '../../domain/catalog';
import {
  recoveryStepOf,
  type SessionState,
  shouldNotify,
  transition,
  UNCONFIRMED_NOTICE_MINUTES,
} from '../../domain/session-state';
import { failedMessages, unconfirmedMessages } from '../../messages/notices';
import { junkFulfilment } from '../jobs/confirm-job';
import { dumpsterFulfilment } from '../orders/confirm-order';
import type { Links } from '../rentals/links';
import { recordCapture } from './capture';
import { accountOf, type ProcessorFor } from './payments';
import { type Fulfilment, settleSession } from './settle';

export { GIVE_UP_HOURS, UNCONFIRMED_NOTICE_MINUTES } from '../../domain/session-state';

type Deps = { db: Db; processorFor: ProcessorFor; now: () => Date; links?: Links };
type Counts = { confirmed: number; notified: number; captured: number; failed: number };

/**
 * One pass of the recovery worker. A session whose card is authorized but has no order (the browser never
 * called /confirm, or the server died on the way) gets the same confirm as POST /confirm; one still
 * without an order after 15 minutes becomes `unconfirmed` and the customer and company are told, once.
 * After a day the authorization is released and the session fails. Orders whose capture failed after
 * their commit are captured.
 */
export async function recoverSessions(deps: Deps): Promise<Counts> {
  const counts = { confirmed: 0, notified: 0, captured: 0, failed: 0 };
  for (const session of await sessionsToRecover(deps.db, 20)) {
    const catalog = await loadCatalog(deps.db, session.companyId);
    if (catalog) await recoverOne(deps, catalog, session, counts);
  }
  const uncaptured = [
    ...(await uncapturedOrders(deps.db, 20)).map((o) => ({ ...o, madeId: o.orderId, kind: 'dumpster' as const })),
    ...(await uncapturedJobs(deps.db, 20)).map((j) => ({ ...j, madeId: j.jobId, kind: 'junk' as const })),
  ];
  for (const made of uncaptured) {
    const catalog = await loadCatalog(deps.db, made.companyId);
    const processor = catalog && deps.processorFor(catalog.company);
    if (!processor || !catalog) continue;
    try {
      const captured = await processor.capture(made.paymentIntentId, accountOf(catalog.company));
      const answer = { ...made, captured, now: deps.now() };
      if (await deps.db.transaction((tx) => recordCapture(tx, answer))) counts.captured++;
    } catch {
      // The processor is still unavailable: the next pass tries again.
    }
  }
  return counts;
}

/** Every kind of session is settled the same way; only what it makes differs. */
const FULFILMENTS: Record<SessionRow['kind'], Fulfilment<unknown>> = {
  dumpster: dumpsterFulfilment as Fulfilment<unknown>,
  junk: junkFulfilment as Fulfilment<unknown>,
};

/** The customer of any session's frozen booking (dumpster and junk requests both carry one). */
const customerOf = (session: SessionRow) =>
  (session.request as { request: { customer: { name: string; email: string; phone: string } } }).request.customer;

async function recoverOne(deps: Deps, catalog: Catalog, session: SessionRow, counts: Counts) {
  const age = deps.now().getTime() - session.createdAt.getTime();
  if (recoveryStepOf(age) === 'give_up') {
    if (await giveUp(deps, session, catalog.company)) counts.failed++;
    return;
  }
  let settled: Awaited<ReturnType<typeof settleSession>>;
  try {
    settled = await settleSession({ ...deps, via: 'recovery' }, catalog, session, FULFILMENTS[session.kind]);
  } catch {
    // The processor could not be reached: the customer's card may be authorized without an order.
    if (await notifyOnce(deps, session, catalog.company)) counts.notified++;
    return;
  }
  if (settled.kind === 'order') counts.confirmed++;
  // A payment that is not this session's (or a junk window that filled meanwhile) was released and the
  // session failed: nothing to recover.
  else if (settled.kind === 'mismatch' || settled.kind === 'refused') counts.failed++;
  else if (settled.kind === 'not_authorized' && settled.final) {
    await updateSession(deps.db, session.companyId, session.sessionId, {
      state: 'failed',
      lastError: 'payment canceled',
    });
    counts.failed++;
  } else if (settled.kind === 'not_authorized') {
    // Not authorized (yet, or ever): nothing is owed; look again later.
    await updateSession(deps.db, session.companyId, session.sessionId, {});
  }
}

async function notifyOnce(deps: Deps, session: SessionRow, company: Catalog['company']) {
  const age = deps.now().getTime() - session.createdAt.getTime();
  const overdue = {
    state: transition(session.state as SessionState, 'order_overdue'),
    lastError: 'order not created yet',
  };
  if (!shouldNotify(age, session.notifiedUnconfirmedAt !== null)) {
    await updateSession(deps.db, session.companyId, session.sessionId, overdue);
    return false;
  }
  const customer = customerOf(session);
  await deps.db.transaction(async (tx) => {
    const messages = unconfirmedMessages(company, session, customer, UNCONFIRMED_NOTICE_MINUTES);
    await enqueueMessages(tx, session.companyId, messages);
    await updateSession(tx, session.companyId, session.sessionId, { ...overdue, notifiedUnconfirmedAt: deps.now() });
  });
  return true;
}

/** Releases the authorization of a session that never got its order; the customer is told. */
async function giveUp(deps: Deps, session: SessionRow, company: Catalog['company']): Promise<boolean> {
  const processor = deps.processorFor(company);
  if (!processor) return false;
  try {
    const intent = await processor.retrieveIntent(session.paymentIntentId as string, accountOf(company));
    if (intent.status !== 'canceled') await processor.cancel(intent.id, accountOf(company));
  } catch {
    return false; // the processor is unavailable: try again on the next pass
  }
  const customer = customerOf(session);
  await deps.db.transaction(async (tx) => {
    await updateSession(tx, session.companyId, session.sessionId, {
      state: transition(session.state as SessionState, 'payment_released'),
      lastError: 'no order: payment released',
    });
    if (session.notifiedUnconfirmedAt) {
      await enqueueMessages(tx, session.companyId, failedMessages(company, session.sessionId, customer));
    }
  });
  return true;
}
