import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import {
  attachIntent,
  endReplacedSession,
  findSession,
  findSessionWithOrder,
  type SessionRow,
  updateSession,
} from '../../db/repositories/sessions';
import type { Catalog } from '../../domain/catalog';
import { DomainError } from '../../domain/errors';
import { paymentMetadata, paymentMismatch } from '../../domain/payment-match';
import { replayOf, type SessionState } from '../../domain/session-state';
import { log } from '../../lib/log';
import { metrics } from '../../lib/metrics';
import type { Processor } from '../../payments/processor';
import { accountOf, type ProcessorFor, processorCall, requestHash } from './payments';

type Deps = { db: Db; processorFor: ProcessorFor };
/** A session with its payment opened: what the page confirms the card against. */
export type OpenedIntent = { session: SessionRow; processor: Processor };
/** A new session as its kind wrote it, and the payment of the session it replaced, to release. */
export type Written = { session: SessionRow; release: string | null };

/**
 * POST /intents and POST /junk/intents, for every kind of booking. A session_id seen before answers as its
 * replay (the same intent, or why not); a new session is written by `write`, which runs the kind's rules
 * and freezes the price, before anything reaches the processor. When a concurrent call with the same
 * session_id wins the insert (`write` answers undefined), this call answers as that call's replay.
 */
export async function openIntent<B extends { session_id?: string }>(
  deps: Deps,
  catalog: Catalog,
  body: B,
  write: (
    request: Omit<B, 'session_id'>,
    session: { sessionId: string; requestHash: string },
  ) => Promise<Written | undefined>,
): Promise<OpenedIntent> {
  const { company } = catalog;
  const { session_id: requestedId, ...request } = body;
  const hash = requestHash(request);
  if (requestedId) {
    const existing = await findSession(deps.db, company.id, requestedId);
    if (existing) {
      metrics().intents.inc({ kind: existing.kind, outcome: 'replayed' });
      return replayIntent(deps, catalog, existing, hash);
    }
  }
  const sessionId = requestedId ?? `ses_${randomBytes(12).toString('hex')}`;
  const written = await write(request, { sessionId, requestHash: hash });
  if (!written) {
    const winner = (await findSession(deps.db, company.id, sessionId)) as SessionRow;
    metrics().intents.inc({ kind: winner.kind, outcome: 'replayed' });
    return replayIntent(deps, catalog, winner, hash);
  }
  if (written.release) await releasePayment(deps, catalog, written.release);
  metrics().intents.inc({ kind: written.session.kind, outcome: 'created' });
  return openPayment(deps, catalog, written.session);
}

/**
 * Ends the session a new booking replaces (`replaces_session_id`), in the new one's transaction and before
 * its holds are counted: what it held passes on, and it fails, so neither a confirm nor the recovery worker
 * makes it. Its payment intent, authorized or not, is returned to be released once the new row is written.
 * A replaced session that made its order or job, or that a confirm is making now, refuses the new booking:
 * one customer's booking ends in at most one order and one capture (docs/decisions.md, "Replaced bookings").
 */
export async function replaceSession(
  tx: Db,
  companyId: string,
  replacedId: string | undefined,
  newId: string,
  now: Date,
): Promise<string | null> {
  if (!replacedId || replacedId === newId) return null;
  const reason = `replaced by ${newId}: nothing booked, payment released`;
  const ended = await endReplacedSession(tx, companyId, replacedId, reason, now);
  if (ended) return ended.paymentIntentId;
  const found = await findSessionWithOrder(tx, companyId, replacedId);
  if (!found || found.session.state === 'failed') return null;
  const field = 'replaces_session_id';
  if (found.orderNumber !== null || found.jobNumber !== null) {
    const made = found.orderNumber !== null ? `order #${found.orderNumber}` : `job #${found.jobNumber}`;
    throw new DomainError(
      'already_authorized',
      `The booking this one replaces was already made (${made}): it stands, and this one was not opened.`,
      { field, details: { order_number: found.orderNumber, job_number: found.jobNumber } },
    );
  }
  throw new DomainError(
    'processing',
    'The booking this one replaces is being confirmed right now: poll GET /sessions/{session_id} for it first.',
    { field },
  );
}

/** Releases a replaced session's payment; a processor that does not answer leaves it to lapse unused. */
async function releasePayment(deps: Deps, catalog: Catalog, paymentIntentId: string) {
  const processor = deps.processorFor(catalog.company);
  await processor
    ?.cancel(paymentIntentId, accountOf(catalog.company))
    .catch((err: unknown) =>
      log().error({ err, payment_intent_id: paymentIntentId }, 'release of a replaced payment failed'),
    );
}

/**
 * The processor's intent for a written session, for exactly its frozen amount. The idempotency key covers
 * what is bought (the request's hash and the amount), so a retry gets the same intent and nothing else can;
 * an intent that is not this session's is never handed to a customer.
 */
export async function openPayment(deps: Deps, catalog: Catalog, session: SessionRow): Promise<OpenedIntent> {
  const { company } = catalog;
  const processor = deps.processorFor(company);
  // A session written before its processor was switched off waits for it.
  if (!processor) throw new DomainError('payments_not_ready', `${company.name} cannot take card payments online yet.`);
  const intent = await processorCall(() =>
    processor.createIntent({
      amountCents: session.amountCents,
      currency: session.currency,
      idempotencyKey: `${company.id}:${session.sessionId}:${session.requestHash.slice(0, 16)}:${session.amountCents}`,
      account: accountOf(company),
      metadata: paymentMetadata(company, session.sessionId),
      maxFailedAttempts: company.paymentLimits.failedPaymentsPerSession,
    }),
  ).catch(async (err: unknown) => {
    await updateSession(deps.db, company.id, session.sessionId, { lastError: 'processor unavailable' });
    throw err;
  });
  const mismatch = paymentMismatch(intent, session);
  if (mismatch) {
    throw new DomainError(
      'upstream',
      'The payment service answered with another payment. Retry with the same session_id.',
      {
        details: { reason: `payment_${mismatch}` },
      },
    );
  }
  const ids = { paymentIntentId: intent.id, clientSecret: intent.clientSecret };
  const attached = await attachIntent(deps.db, company.id, session.sessionId, ids);
  return { session: attached ?? { ...session, ...ids }, processor };
}

/** POST /intents or /junk/intents with a session_id seen before: the same intent, or why not (replayOf). */
export async function replayIntent(
  deps: Deps,
  catalog: Catalog,
  session: SessionRow,
  hash: string,
): Promise<OpenedIntent> {
  const processor = deps.processorFor(catalog.company);
  const state = session.state as SessionState;
  let authorized = false;
  if (state === 'intent_created' && processor && session.paymentIntentId) {
    const intent = await processorCall(() =>
      processor.retrieveIntent(session.paymentIntentId as string, accountOf(catalog.company)),
    );
    authorized = intent.status === 'requires_capture' || intent.status === 'succeeded';
  }
  const verdict = replayOf({
    state,
    hasIntent: session.paymentIntentId !== null,
    authorized,
    sameRequest: session.requestHash === hash,
  });
  const field = 'session_id';
  switch (verdict) {
    case 'session_failed':
      throw new DomainError(
        'idempotency_conflict',
        'This session failed and its payment was released: start a new booking with a new session_id.',
        { field },
      );
    case 'has_order':
      throw new DomainError(
        'already_authorized',
        'This session already has an order: use POST /confirm or GET /sessions.',
        { field },
      );
    case 'already_authorized':
      throw new DomainError(
        'already_authorized',
        'The card of this session is already authorized: call POST /confirm with it.',
        { field },
      );
    case 'different_request':
      throw new DomainError(
        'idempotency_conflict',
        'This session_id was used with a different request. Use a new session_id for a new booking.',
        { field },
      );
    case 'open_payment':
      return openPayment(deps, catalog, session);
    case 'same_intent':
      if (!processor) {
        throw new DomainError('payments_not_ready', `${catalog.company.name} cannot take card payments online yet.`);
      }
      return { session, processor };
  }
}
