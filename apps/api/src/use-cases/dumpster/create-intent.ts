import { randomBytes } from 'node:crypto';
import type { z } from '@hono/zod-openapi';
import type { IntentBody } from '../../contract/booking';
import type { Db } from '../../db/client';
import { findSession, insertSession, type SessionRow } from '../../db/repositories/sessions';
import { checkBookingRules, type FrozenBooking } from '../../domain/booking-rules';
import type { Catalog } from '../../domain/catalog';
import { type OpenedIntent, openPayment, replayIntent } from '../shared/intents';
import { type AdmitIntent, type Channel, type ProcessorFor, requestHash } from '../shared/payments';

export type IntentRequest = z.infer<typeof IntentBody>;
export type IntentDeps = { db: Db; processorFor: ProcessorFor; admit: AdmitIntent; now: () => Date };
export type { OpenedIntent };
/** A dumpster session's frozen booking (the session row's `request`). */
export type DumpsterBooking = FrozenBooking<Omit<IntentRequest, 'session_id'>>;

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
    if (existing) return replayIntent(deps, catalog, existing, hash);
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
    return replayIntent(deps, catalog, (await findSession(deps.db, company.id, sessionId)) as SessionRow, hash);
  }
  return openPayment(deps, catalog, inserted);
}
