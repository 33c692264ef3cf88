import { randomBytes } from 'node:crypto';
import type { z } from '@hono/zod-openapi';
import type { IntentBody } from '../../contract/booking';
import type { Db } from '../../db/client';
import {
  attachIntent,
  findSession,
  insertSession,
  type SessionRow,
  updateSession,
} from '../../db/repositories/sessions';
import { checkBookingRules, type FrozenBooking } from '../../domain/booking-rules';
import type { Catalog } from '../../domain/catalog';
import { DomainError } from '../../domain/errors';
import { paymentMetadata, paymentMismatch } from '../../domain/payment-match';
import { replayOf, type SessionState } from '../../domain/session-state';
import type { Processor } from '../../payments/processor';
import {
  type AdmitIntent,
  accountOf,
  type Channel,
  type ProcessorFor,
  processorCall,
  requestHash,
} from '../shared/payments';

export type IntentRequest = z.infer<typeof IntentBody>;
export type IntentDeps = { db: Db; processorFor: ProcessorFor; admit: AdmitIntent; now: () => Date };
/** A dumpster session's frozen booking (the session row's `request`). */
export type DumpsterBooking = FrozenBooking<Omit<IntentRequest, 'session_id'>>;
/** A session with its payment opened: what the page confirms the card against. */
export type OpenedIntent = { session: SessionRow; processor: Processor };

/**
 * POST /intents. An existing session answers first (idempotency: same id and body, the same intent; a
 * paid session, already_authorized); a new one runs every rule of spec section 4 in its order, counts
 * against the payment caps, and is written, price frozen, before anything reaches the processor.
 * `ip` is the page's address (publishable keys); null for a backend's server key.
 */
export async function createIntent(
  deps: IntentDeps,
  catalog: Catalog,
  body: IntentRequest,
  today: string,
  caller: { channel: Channel; ip: string | null },
): Promise<OpenedIntent> {
  const { company } = catalog;
  const { session_id: requestedId, ...request } = body;
  const hash = requestHash(request);

  if (requestedId) {
    const existing = await findSession(deps.db, company.id, requestedId);
    if (existing) return replay(deps, catalog, existing, hash);
  }

  const canTakePayments = deps.processorFor(company) !== null;
  const frozen = checkBookingRules(catalog, request, { today, canTakePayments, now: deps.now() });
  await deps.admit(company, caller.ip);
  const sessionId = requestedId ?? `ses_${randomBytes(12).toString('hex')}`;
  const inserted = await insertSession(deps.db, {
    companyId: company.id,
    sessionId,
    kind: 'dumpster',
    state: 'intent_created',
    requestHash: hash,
    request: frozen,
    quote: frozen.quote,
    amountCents: frozen.quote.grossTotal,
    currency: company.currency,
    bookingChannel: caller.channel,
    material: frozen.material,
  });
  if (!inserted) {
    // A concurrent call with the same session_id won the insert: answer as its replay.
    return replay(deps, catalog, (await findSession(deps.db, company.id, sessionId)) as SessionRow, hash);
  }
  return openPayment(deps, catalog, inserted);
}

/**
 * The processor's intent for a written session, for exactly its frozen amount. The idempotency key covers
 * what is bought (the request's hash and the amount), so a retry gets the same intent and nothing else can;
 * an intent that is not this session's is never handed to a customer.
 */
async function openPayment(deps: IntentDeps, catalog: Catalog, session: SessionRow): Promise<OpenedIntent> {
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

async function replay(deps: IntentDeps, catalog: Catalog, session: SessionRow, hash: string): Promise<OpenedIntent> {
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
