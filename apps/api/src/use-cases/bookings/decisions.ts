import { insertAudit } from '../../db/repositories/audit';
import { findCustomer } from '../../db/repositories/customers';
import { findJobByNumber, type JunkJobRow } from '../../db/repositories/junk';
import { findOrderByNumber, type OrderRow } from '../../db/repositories/orders';
import { enqueueMessages } from '../../db/repositories/outbox';
import { rejectHeld, type Subject } from '../../db/repositories/payments';
import {
  endHeldLease,
  findSession,
  findSessionWithOrder,
  leaseHeldSession,
  type SessionRow,
} from '../../db/repositories/sessions';
import { DomainError } from '../../domain/errors';
import { HELD_FOR_REVIEW } from '../../domain/order-status';
import { actingUser, type Scope } from '../../domain/scope';
import { rejectedMessages } from '../../messages/notices';
import { junkFulfilment } from '../jobs/confirm-job';
import { dumpsterFulfilment } from '../orders/confirm-order';
import { catalogOf, conflict, noSuch, type OfficeDeps } from '../shared/office-deps';
import { accountOf, processorCall } from '../shared/payments';
import { type Fulfilment, settleSession } from '../shared/settle';
import { releaseJob, releaseOrder } from './release';

/**
 * The office's decisions on held orders and jobs (approve: capture and booking.released; reject: release
 * the authorization and tell the customer) and on stuck sessions (make the order now). A decision runs
 * under the held session's lease, and looks at the status again once it has it, so a double click or a
 * second tab gets 409 state_conflict and never a second capture or cancel.
 */

type Noun = 'order' | 'job';
type Held = { row: OrderRow | JunkJobRow; subject: Subject; sessionId: string };

const say = (status: string) => status.replaceAll('_', ' ');
const title = (noun: Noun, n: number) => `${noun === 'order' ? 'Order' : 'Job'} #${n}`;

async function findHeld(deps: OfficeDeps, scope: Scope, noun: Noun, n: number): Promise<Held> {
  const { db } = deps.database;
  const row =
    noun === 'order' ? await findOrderByNumber(db, scope.companyId, n) : await findJobByNumber(db, scope.companyId, n);
  if (!row) throw noSuch(noun, n);
  if (row.status !== HELD_FOR_REVIEW) {
    throw conflict(`${title(noun, n)} is ${say(row.status)}: it is no longer held for review, so nothing was done.`);
  }
  if (!row.sessionId) throw conflict(`${title(noun, n)} has no card payment to approve or reject.`);
  return { row, subject: { kind: noun, id: row.id, number: n }, sessionId: row.sessionId };
}

/** Runs a decision under the held session's lease, once the record is seen still held with the lease taken. */
async function decide<T>(deps: OfficeDeps, scope: Scope, noun: Noun, n: number, run: (held: Held) => Promise<T>) {
  const { db } = deps.database;
  const first = await findHeld(deps, scope, noun, n);
  if (!(await leaseHeldSession(db, scope.companyId, first.sessionId))) {
    throw conflict(
      `Someone is approving or rejecting ${title(noun, n).toLowerCase()} right now: look again in a moment.`,
    );
  }
  try {
    return await run(await findHeld(deps, scope, noun, n));
  } finally {
    await endHeldLease(db, scope.companyId, first.sessionId);
  }
}

export function approveHeld(deps: OfficeDeps, scope: Scope, noun: Noun, n: number) {
  return decide(deps, scope, noun, n, async (held) => {
    const now = deps.now();
    const release = noun === 'order' ? releaseOrder : releaseJob;
    const released = await release(deps.database, deps.processorFor, scope, n, now);
    await insertAudit(deps.database.db, {
      companyId: scope.companyId,
      userId: actingUser(scope),
      action: `${noun}.approved`,
      subject: `${noun}:${n}`,
      detail: 'card captured; booking.released sent',
      at: now,
    });
    return {
      number: held.subject.number,
      status: released.status as string,
      previous_status: HELD_FOR_REVIEW,
      payment_status: released.payment_status as string,
    };
  });
}

/**
 * Reject: the card's authorization is canceled at the processor first (a failure to reach it changes
 * nothing), then the booking is canceled, its invoice void and its payment canceled, the customer is
 * e-mailed and the decision audited, in one transaction. The reason stays in the audit: the customer is
 * told the booking could not be accepted, not why (docs/decisions/approve-and-reject.md).
 */
export function rejectHeldBooking(deps: OfficeDeps, scope: Scope, noun: Noun, n: number, reason?: string) {
  return decide(deps, scope, noun, n, async (held) => {
    const { db } = deps.database;
    const catalog = await catalogOf(deps.database, scope);
    const processor = deps.processorFor(catalog.company);
    if (!processor) throw new DomainError('upstream', 'The payment service of this company is not available.');
    const session = (await findSession(db, scope.companyId, held.sessionId)) as SessionRow;
    const intentId = session.paymentIntentId;
    if (!intentId) throw conflict(`${title(noun, n)} has no card payment to release.`);
    const account = accountOf(catalog.company);
    const intent = await processorCall(() => processor.retrieveIntent(intentId, account));
    if (intent.status === 'succeeded') {
      throw conflict(`${title(noun, n)}'s card was already charged: approve it, or cancel and refund it.`);
    }
    if (intent.status !== 'canceled') await processorCall(() => processor.cancel(intentId, account));
    const customer = await findCustomer(db, scope.companyId, held.row.customerId);
    const now = deps.now();
    await db.transaction(async (tx) => {
      if (!(await rejectHeld(tx, scope.companyId, held.subject, now))) {
        throw conflict(`${title(noun, n)} was changed by someone else just now: look at it again.`);
      }
      if (customer) await enqueueMessages(tx, scope.companyId, rejectedMessages(catalog.company, noun, n, customer));
      await insertAudit(tx, {
        companyId: scope.companyId,
        userId: actingUser(scope),
        action: `${noun}.rejected`,
        subject: `${noun}:${n}`,
        detail: reason?.trim() ? reason.trim() : null,
        at: now,
      });
    });
    return {
      number: n,
      status: 'canceled',
      previous_status: HELD_FOR_REVIEW,
      payment_status: 'unpaid',
    };
  });
}

const FULFILMENTS: Record<SessionRow['kind'], Fulfilment<unknown>> = {
  dumpster: dumpsterFulfilment as Fulfilment<unknown>,
  junk: junkFulfilment as Fulfilment<unknown>,
};

/**
 * An authorized session without an order: make it now with the same code as confirm and the recovery
 * worker (use-cases/shared/settle.ts), under the session's confirm lease. A session that has its order
 * answers it (already: true), as a repeated confirm does.
 */
export async function createOrderForSession(deps: OfficeDeps, scope: Scope, sessionId: string) {
  const { db } = deps.database;
  const found = await findSessionWithOrder(db, scope.companyId, sessionId);
  const notFound = () =>
    new DomainError('not_found', `There is no booking session ${sessionId} in this company.`, { field: 'session_id' });
  if (!found) throw notFound();
  const made = (already: boolean) => ({
    session_id: sessionId,
    kind: found.session.kind,
    order_number: found.orderNumber ?? null,
    job_number: found.jobNumber ?? null,
    already,
  });
  if (found.orderNumber !== null || found.jobNumber !== null) return made(true);
  const { session } = found;
  if (!session.paymentIntentId || !['intent_created', 'unconfirmed'].includes(session.state)) {
    throw conflict(`Booking ${sessionId} is ${say(session.state)}: there is no authorized payment to make it from.`);
  }
  const catalog = await catalogOf(deps.database, scope);
  const settled = await settleSession(
    { db, processorFor: deps.processorFor, now: deps.now, via: 'office', links: deps.links },
    catalog,
    session,
    FULFILMENTS[session.kind],
  );
  switch (settled.kind) {
    case 'order': {
      const again = await findSessionWithOrder(db, scope.companyId, sessionId);
      await insertAudit(db, {
        companyId: scope.companyId,
        userId: actingUser(scope),
        action: 'session.order_created',
        subject: `session:${sessionId}`,
        detail: again?.orderNumber ? `order #${again.orderNumber}` : `job #${again?.jobNumber}`,
        at: deps.now(),
      });
      return {
        session_id: sessionId,
        kind: session.kind,
        order_number: again?.orderNumber ?? null,
        job_number: again?.jobNumber ?? null,
        already: false,
      };
    }
    case 'busy':
      throw conflict(`Booking ${sessionId} is being made into an order right now: look again in a moment.`);
    case 'mismatch':
      throw conflict(
        `Booking ${sessionId}'s payment does not match it (${settled.reason}): it was released, no order made.`,
      );
    case 'refused':
      throw conflict(
        `Booking ${sessionId} cannot be made any more (${settled.refusal.message}); its payment was released.`,
      );
    case 'not_authorized':
      throw conflict(
        `Booking ${sessionId}'s card is not authorized (payment ${say(settled.status)}): there is nothing to make an order from.`,
      );
  }
}
