import type { Db } from '../../db/client';
import { findSessionWithOrder, leaseSession, type SessionRow, updateSession } from '../../db/repositories/sessions';
import type { Catalog } from '../../domain/catalog';
import { DomainError } from '../../domain/errors';
import { paymentMismatch } from '../../domain/payment-match';
import { type SessionState, settlementOf, transition } from '../../domain/session-state';
import { log } from '../../lib/log';
import { metrics } from '../../lib/metrics';
import type { ProcessorIntent } from '../../payments/processor';
import type { Links } from '../rentals/links';
import { recordCapture } from './capture';
import { accountOf, type ProcessorFor, processorCall } from './payments';
import { redeemPromoUse } from './promos';

type Deps = {
  db: Db;
  processorFor: ProcessorFor;
  now?: () => Date;
  /** Who settles, for the metrics: the customer's confirm (default), the recovery worker, the office. */
  via?: 'confirm' | 'recovery' | 'office';
  /** Where the hosted pages are, for the customer's "My booking" link in the confirmation. */
  links?: Links;
};

/** Why a paid session can no longer be made: what it needed went to another booking while it was paid for. */
export type Refusal = {
  code: 'slot_bad_window' | 'promo_invalid' | 'size_sold_out';
  message: string;
  details: Record<string, unknown>;
};

/** Thrown inside the making's transaction, which it rolls back: nothing is written, the payment is released. */
export class BookingRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}
type Found = NonNullable<Awaited<ReturnType<typeof findSessionWithOrder>>>;
/** What the payment left for the making: the card saved for later charges, and where links point. */
export type Paid = { savedCard: string | null; links?: Links };
/** What a making made: its id, and the customer's "My booking" link when it has one (only this answer says it). */
export type Made = { id: string; manageUrl?: string };

/**
 * What a paid session becomes, by kind: a dumpster order (use-cases/orders/confirm-order.ts) or a junk
 * job (use-cases/jobs/confirm-job.ts). Confirm and the recovery worker settle every kind with the same
 * code; only the making differs.
 */
export type Fulfilment<C> = {
  kind: SessionRow['kind'];
  /**
   * Makes the order or job with its customer, invoice, payment record, dispatch entry and outbox events in
   * the caller's transaction, or throws BookingRefused (a junk window filled, or a size's last can was
   * booked, while the card was paid: docs/decisions/unpaid-intents-hold-nothing.md).
   * Its capture is recorded after the commit, by kind (use-cases/shared/capture.ts).
   */
  make(tx: Db, catalog: Catalog, session: SessionRow, held: boolean, now: Date, paid: Paid): Promise<Made>;
  /** The answer of confirm for a session that has its order or job (`made`: this call made it). */
  confirmation(db: Db, catalog: Catalog, found: Found, already: boolean, made?: Made): Promise<C>;
};

/** Where a confirm left a session: made, or the reason there is nothing (the recovery worker steers by it). */
export type Settled<C = unknown> =
  | { kind: 'order'; confirmation: C }
  | { kind: 'mismatch'; reason: string }
  | { kind: 'refused'; refusal: Refusal }
  | { kind: 'not_authorized'; status: string; declineCode: string | null; final: boolean }
  | { kind: 'busy' };

const madeId = (session: SessionRow) => session.orderId ?? session.junkJobId;

/**
 * POST /confirm and POST /junk/confirm. Verifies the authorization with the processor, then makes the
 * order or job in one transaction and captures the card only after that commit. Repeats answer the same
 * order or job with already: true; a concurrent call gets `processing`.
 */
export async function confirmSession<C>(
  deps: Deps,
  catalog: Catalog,
  body: { session_id: string; payment_intent_id: string },
  fulfilment: Fulfilment<C>,
): Promise<C> {
  const found = await findSessionWithOrder(deps.db, catalog.company.id, body.session_id);
  if (!found) throw new DomainError('not_found', 'No session with this id for this company.', { field: 'session_id' });
  const { session } = found;
  if (session.kind !== fulfilment.kind) {
    const other = session.kind === 'junk' ? 'POST /junk/confirm' : 'POST /confirm';
    throw new DomainError('not_found', `This session is not confirmed here: use ${other}.`, { field: 'session_id' });
  }
  if (session.paymentIntentId !== body.payment_intent_id) {
    throw new DomainError('payment_intent_mismatch', 'This payment_intent_id is not the one of this session.', {
      field: 'payment_intent_id',
    });
  }
  if (madeId(session)) return fulfilment.confirmation(deps.db, catalog, found, true);
  if (session.state === 'failed') {
    throw new DomainError(
      'unconfirmed',
      `This booking failed (${session.lastError ?? 'payment released'}): start a new one.`,
      { details: { session_state: 'failed' } },
    );
  }
  const settled = await settleSession(deps, catalog, session, fulfilment);
  switch (settled.kind) {
    case 'order':
      return settled.confirmation;
    case 'busy':
      throw new DomainError('processing', 'Another request is creating this booking: poll GET /sessions/{session_id}.');
    case 'mismatch':
      throw new DomainError(
        'payment_intent_mismatch',
        'This payment is not the one of this booking: nothing was made and the authorization was released.',
        { field: 'payment_intent_id', details: { reason: settled.reason } },
      );
    case 'refused':
      throw new DomainError(settled.refusal.code, settled.refusal.message, {
        field: 'session_id',
        details: { ...settled.refusal.details, payment: 'released' },
      });
    case 'not_authorized':
      throw new DomainError(
        'unconfirmed',
        `The card is not authorized yet (payment ${settled.status}): confirm it in the page, then retry.`,
        { details: { payment_status: settled.status, decline_code: settled.declineCode } },
      );
  }
}

/**
 * Makes the order or job of a session whose card may be authorized, under the session's lease: the same
 * code for confirm and the recovery worker. A processor that cannot be reached throws `upstream`.
 */
export async function settleSession<C>(
  deps: Deps,
  catalog: Catalog,
  session: SessionRow,
  fulfilment: Fulfilment<C>,
): Promise<Settled<C>> {
  const { company } = catalog;
  const counted = (outcome: string) =>
    metrics().settles.inc({ kind: fulfilment.kind, via: deps.via ?? 'confirm', outcome });
  const leased = await leaseSession(deps.db, company.id, session.sessionId);
  if (!leased) {
    const again = await findSessionWithOrder(deps.db, company.id, session.sessionId);
    counted(again && madeId(again.session) ? 'already' : 'busy');
    if (!again || !madeId(again.session)) return { kind: 'busy' };
    return { kind: 'order', confirmation: await fulfilment.confirmation(deps.db, catalog, again, true) };
  }

  const processor = deps.processorFor(company);
  if (!processor) throw new DomainError('upstream', 'The payment service of this company is not available.');
  let intent: ProcessorIntent;
  try {
    intent = await processorCall(() => processor.retrieveIntent(session.paymentIntentId as string, accountOf(company)));
  } catch (err) {
    await updateSession(deps.db, company.id, session.sessionId, {
      lockedUntil: null,
      lastError: 'processor unavailable',
    });
    counted('upstream');
    throw err;
  }
  const state = leased.state as SessionState;
  const mismatch = paymentMismatch(intent, { ...session, companySlug: company.slug });
  const settlement = settlementOf({
    mismatch: mismatch !== null,
    status: intent.status,
    riskLevel: intent.riskLevel,
    country: company.country,
  });
  const release = async (lastError: string) => {
    await processor.cancel(intent.id, accountOf(company)).catch(() => {});
    await updateSession(deps.db, company.id, session.sessionId, {
      state: transition(state, 'payment_released'),
      lockedUntil: null,
      lastError,
    });
  };
  if (settlement.kind === 'mismatch') {
    await release(`payment ${mismatch} does not match the booking: released`);
    counted('mismatch');
    return { kind: 'mismatch', reason: mismatch as string };
  }
  if (settlement.kind === 'not_authorized') {
    await updateSession(deps.db, company.id, session.sessionId, {
      lockedUntil: null,
      lastError: intent.declineCode ? `card: ${intent.declineCode}` : `payment ${intent.status}`,
      ...(settlement.final ? { state: transition(state, 'payment_released') } : {}),
    });
    counted(intent.declineCode || settlement.final ? 'declined' : 'not_authorized');
    return { kind: 'not_authorized', status: intent.status, declineCode: intent.declineCode, final: settlement.final };
  }

  const held = transition(state, settlement.event) === 'held';
  const now = deps.now?.() ?? new Date();
  let made: Made;
  try {
    made = await deps.db.transaction(async (tx) => {
      // The promo's row before the company's, as intents lock them: no two transactions wait on each other.
      if (!(await redeemPromoUse(tx, company.id, session.promoCode))) throw new BookingRefused(promoSpent(session));
      return fulfilment.make(tx, catalog, session, held, now, { savedCard: intent.paymentMethod, links: deps.links });
    });
  } catch (err) {
    if (!(err instanceof BookingRefused)) throw err;
    await release(err.refusal.message);
    counted('refused');
    return { kind: 'refused', refusal: err.refusal };
  }
  counted(held ? 'held' : 'confirmed');
  if (!held) {
    try {
      const captured = await processor.capture(intent.id, accountOf(company));
      // The capture is recorded with its payment.received webhook in one transaction (use-cases/shared/capture.ts).
      await deps.db.transaction((tx) =>
        recordCapture(tx, {
          companyId: company.id,
          kind: fulfilment.kind,
          madeId: made.id,
          paymentIntentId: intent.id,
          captured,
          now: deps.now?.() ?? new Date(),
        }),
      );
    } catch (err) {
      // The order stands and the authorization is kept; the recovery worker captures it later.
      log().error({ err, payment_intent_id: intent.id, kind: fulfilment.kind, made_id: made.id }, 'capture failed');
      await updateSession(deps.db, company.id, session.sessionId, { lastError: 'capture pending' });
    }
  }
  const again = (await findSessionWithOrder(deps.db, company.id, session.sessionId)) as Found;
  return { kind: 'order', confirmation: await fulfilment.confirmation(deps.db, catalog, again, false, made) };
}

const promoSpent = (session: SessionRow): Refusal => ({
  code: 'promo_invalid',
  message: `The promo code ${session.promoCode} reached its limit while the payment was pending: nothing was booked and the authorization was released. Book again without it.`,
  details: { reason: 'usage_limit_reached', promo_code: session.promoCode },
});
