import { randomBytes, timingSafeEqual } from 'node:crypto';
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
import { accountOf, type ProcessorFor, processorCall, requestHash, savingCustomer } from './payments';

type Deps = { db: Db; processorFor: ProcessorFor };
/** A session with its payment opened: what the page confirms the card against. */
export type OpenedIntent = { session: SessionRow; processor: Processor };
/** The kinds of key that open sessions: each has its own session ids (`sessionIdFor`). */
export type SessionKeyKind = 'publishable' | 'server';
/** Where a publishable key's session ids live, apart from a server key's (docs/decisions/session-namespaces.md). */
const PUBLISHABLE_PREFIX = 'pk_';

/**
 * The session a caller's `session_id` names (a new random one without it). A publishable key is public: every
 * session it opens has an id starting `pk_` (one it chooses is kept there, and the answer's session_id says
 * so), so no page can claim, before it, an id the company's backend will use with its server key; a server
 * key may not choose one there (docs/decisions/session-namespaces.md).
 */
export function sessionIdFor(requested: string | undefined, keyKind: SessionKeyKind): string {
  const id = requested ?? `ses_${randomBytes(12).toString('hex')}`;
  const inPublishable = id.startsWith(PUBLISHABLE_PREFIX);
  if (keyKind === 'publishable') return inPublishable ? id : `${PUBLISHABLE_PREFIX}${id}`;
  if (inPublishable) {
    throw new DomainError('invalid_body', "A session_id starting pk_ is a publishable key's: choose another.", {
      field: 'session_id',
    });
  }
  return id;
}

/** What a new booking sends besides its own fields: its idempotency id and the booking it replaces. */
type Envelope = { session_id?: string; replaces_session_id?: string; replaces_client_secret?: string };
/** A request of a kind without the envelope: what its rules read and its session freezes. */
export type BookingRequest<B extends Envelope> = Omit<
  B,
  'session_id' | 'replaces_session_id' | 'replaces_client_secret'
>;

/**
 * POST /intents and POST /junk/intents, for every kind of booking. A session_id seen before answers as its
 * replay (the same intent, or why not). A new booking is checked by the kind's `check` (its rules, the price
 * frozen; nothing written), which answers how to write its session; then one transaction ends the session it
 * replaces, if any (`replaceSession`), and writes the new one, before anything reaches the processor. When a
 * concurrent call with the same session_id wins the insert (the write answers undefined), this call answers
 * as that call's replay.
 */
export async function openIntent<B extends Envelope>(
  deps: Deps,
  catalog: Catalog,
  body: B,
  opener: { kind: SessionRow['kind']; keyKind: SessionKeyKind },
  check: (
    request: BookingRequest<B>,
    session: { sessionId: string; requestHash: string },
  ) => (tx: Db) => Promise<SessionRow | undefined>,
): Promise<OpenedIntent> {
  const { company } = catalog;
  const { keyKind } = opener;
  const { session_id: requestedId, ...sent } = body;
  const hash = requestHash(sent);
  const sessionId = sessionIdFor(requestedId, keyKind);
  if (requestedId) {
    const existing = await findSession(deps.db, company.id, sessionId);
    if (existing) {
      metrics().intents.inc({ kind: existing.kind, outcome: 'replayed' });
      return replayIntent(deps, catalog, existing, hash, keyKind);
    }
  }
  const { replaced, request } = replacedOf(sent);
  const write = check(request as BookingRequest<B>, { sessionId, requestHash: hash });
  const written = await deps.db.transaction(async (tx) => {
    // The customer changed the details of a booking: it ends, and its payment is released after the commit.
    const release = await replaceSession(tx, company.id, replaced, { sessionId, ...opener });
    const session = await write(tx);
    return session && { session, release };
  });
  if (!written) {
    const winner = (await findSession(deps.db, company.id, sessionId)) as SessionRow;
    metrics().intents.inc({ kind: winner.kind, outcome: 'replayed' });
    return replayIntent(deps, catalog, winner, hash, keyKind);
  }
  if (written.release) await releasePayment(deps, catalog, written.release);
  metrics().intents.inc({ kind: written.session.kind, outcome: 'created' });
  return openPayment(deps, catalog, written.session);
}

/** The booking a new one replaces, as its page names it: the session's id and the client_secret it was given. */
type Replaced = { sessionId: string; clientSecret: string };

/** A request's `replaces_*` fields, apart from the booking itself (the contract sends both or neither). */
function replacedOf<R extends { replaces_session_id?: string; replaces_client_secret?: string }>(
  sent: R,
): { replaced: Replaced | undefined; request: Omit<R, 'replaces_session_id' | 'replaces_client_secret'> } {
  const { replaces_session_id: sessionId, replaces_client_secret: clientSecret, ...request } = sent;
  const replaced = sessionId && clientSecret ? { sessionId, clientSecret } : undefined;
  return { replaced, request };
}

/**
 * Ends the session a new booking replaces (`replaces_session_id` with `replaces_client_secret`), in the new
 * one's transaction: it fails, so neither a confirm nor the recovery worker makes it, and its payment intent,
 * authorized or not, is returned to be released once the new row is written. Only the page that opened it
 * can: the session must be of this company, of the same kind (dumpster or junk) and opened with the same kind
 * of key, and the secret must be the one its intent answered, which nobody else was given; anything else is
 * 404, as for an id never seen. A replaced session that made its order or job, or that a confirm is making
 * now, refuses the new booking: one customer's booking ends in at most one order and one capture
 * (docs/decisions/replaced-bookings.md).
 */
async function replaceSession(
  tx: Db,
  companyId: string,
  replaced: Replaced | undefined,
  next: { sessionId: string; kind: SessionRow['kind']; keyKind: SessionKeyKind },
): Promise<string | null> {
  if (!replaced || replaced.sessionId === next.sessionId) return null;
  const field = 'replaces_session_id';
  const found = await findSessionWithOrder(tx, companyId, replaced.sessionId);
  const session = found?.session;
  if (
    !found ||
    !session ||
    session.kind !== next.kind ||
    session.keyKind !== next.keyKind ||
    !secretMatches(session.clientSecret, replaced.clientSecret)
  ) {
    throw new DomainError(
      'not_found',
      'There is no booking of yours to replace with this replaces_session_id and replaces_client_secret: send the session_id and client_secret its POST /intents answered, or leave both out.',
      { field },
    );
  }
  const ended = await endReplacedSession(tx, companyId, replaced.sessionId, REPLACED);
  if (ended) return ended.paymentIntentId;
  if (session.state === 'failed') return null;
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

/** What a replaced session says: never the id of the booking that replaced it (it is another page's). */
const REPLACED = 'replaced by a newer booking: nothing booked, payment released';

function secretMatches(kept: string | null, sent: string): boolean {
  if (!kept) return false;
  const a = Buffer.from(kept);
  const b = Buffer.from(sent);
  return a.length === b.length && timingSafeEqual(a, b);
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
  const customer = await savingCustomer(processor, catalog, session);
  const intent = await processorCall(() =>
    processor.createIntent({
      amountCents: session.amountCents,
      currency: session.currency,
      idempotencyKey: `${company.id}:${session.sessionId}:${session.requestHash.slice(0, 16)}:${session.amountCents}`,
      account: accountOf(company),
      metadata: paymentMetadata(company, session.sessionId),
      maxFailedAttempts: company.paymentLimits.failedPaymentsPerSession,
      ...(customer ? { customer, saveCard: true } : {}),
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
  const ids = { paymentIntentId: intent.id, clientSecret: intent.clientSecret, processorCustomer: customer };
  const attached = await attachIntent(deps.db, company.id, session.sessionId, ids);
  return { session: attached ?? { ...session, ...ids }, processor };
}

/**
 * POST /intents or /junk/intents with a session_id seen before: the same intent, or why not (replayOf). A
 * session opened with the other kind of key is not this caller's to replay (only a server key's generated
 * `ses_` ids could meet a page's, and never by chance).
 */
export async function replayIntent(
  deps: Deps,
  catalog: Catalog,
  session: SessionRow,
  hash: string,
  keyKind: SessionKeyKind,
): Promise<OpenedIntent> {
  if (session.keyKind !== null && session.keyKind !== keyKind) {
    throw new DomainError(
      'idempotency_conflict',
      'This session_id belongs to a booking opened with another kind of key. Use a new session_id.',
      { field: 'session_id' },
    );
  }
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
