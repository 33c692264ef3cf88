import type { z } from '@hono/zod-openapi';
import type { IntentBody } from '../../contract/booking';
import type { Db } from '../../db/client';
import { insertSession } from '../../db/repositories/sessions';
import { checkBookingRules, type FrozenBooking } from '../../domain/booking-rules';
import type { CatalogScope } from '../../domain/scope';
import { refuseSoldOut, rentalOf } from '../catalog/fleet';
import { type OpenedIntent, openIntent, replacedOf, replaceSession } from '../shared/intents';
import type { AdmitIntent, Caller, ProcessorFor } from '../shared/payments';

export type IntentRequest = z.infer<typeof IntentBody>;
export type IntentDeps = { db: Db; processorFor: ProcessorFor; admit: AdmitIntent; now: () => Date };
export type { OpenedIntent };
/** A dumpster session's frozen booking (the session row's `request`). */
export type DumpsterBooking = FrozenBooking<
  Omit<IntentRequest, 'session_id' | 'replaces_session_id' | 'replaces_client_secret'>
>;

/**
 * POST /intents. An existing session answers first (idempotency: same id and body, the same intent; a
 * paid session, already_authorized); a new one runs every rule of spec section 4 in its order, ends the
 * session it replaces, refuses a rental with no can free (size_sold_out) and counts against the payment
 * caps, and is written, price frozen, in one transaction, before anything reaches the processor. It takes
 * nothing: the can and the promo's use go to the booking whose card is confirmed first while they are free
 * (docs/decisions/unpaid-intents-hold-nothing.md).
 */
export function createIntent(
  deps: IntentDeps,
  scope: CatalogScope,
  body: IntentRequest,
  today: string,
  caller: Caller,
): Promise<OpenedIntent> {
  const { catalog } = scope;
  const { company } = catalog;
  return openIntent(deps, catalog, body, caller.keyKind, async (sent, session) => {
    const { replaced, request } = replacedOf(sent);
    const canTakePayments = deps.processorFor(company) !== null;
    const frozen = checkBookingRules(catalog, request, { today, canTakePayments, now: deps.now() });
    const rental = rentalOf(frozen.request);
    return deps.db.transaction(async (tx) => {
      // The customer changed the details of a booking: it ends, and its payment is released.
      const next = { sessionId: session.sessionId, kind: 'dumpster' as const, keyKind: caller.keyKind };
      const release = await replaceSession(tx, company.id, replaced, next);
      await refuseSoldOut(tx, catalog, rental, { today });
      await deps.admit(company, caller);
      const inserted = await insertSession(tx, {
        ...session,
        companyId: company.id,
        kind: 'dumpster',
        keyKind: caller.keyKind,
        state: 'intent_created',
        request: frozen satisfies DumpsterBooking,
        quote: frozen.quote,
        amountCents: frozen.quote.grossTotal,
        currency: company.currency,
        bookingChannel: caller.channel,
        material: frozen.material,
        promoCode: frozen.promoCode,
        sizeId: rental.sizeId,
        deliveryDate: rental.delivery,
        pickupDate: rental.pickup,
      });
      return inserted && { session: inserted, release };
    });
  });
}
