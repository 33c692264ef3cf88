import type { z } from '@hono/zod-openapi';
import type { IntentBody } from '../../contract/booking';
import type { Db } from '../../db/client';
import { insertSession, lockCompanyHolds } from '../../db/repositories/sessions';
import { checkBookingRules, type FrozenBooking } from '../../domain/booking-rules';
import type { CatalogScope } from '../../domain/scope';
import { HOLD_MINUTES } from '../../domain/session-state';
import { type OpenedIntent, openIntent, replaceSession } from '../shared/intents';
import type { AdmitIntent, Channel, ProcessorFor } from '../shared/payments';
import { lockPromoLimit, refuseSpentPromo } from '../shared/promos';
import { isTracked, refuseSoldOut, rentalOf } from './fleet';

export type IntentRequest = z.infer<typeof IntentBody>;
export type IntentDeps = { db: Db; processorFor: ProcessorFor; admit: AdmitIntent; now: () => Date };
export type { OpenedIntent };
/** A dumpster session's frozen booking (the session row's `request`). */
export type DumpsterBooking = FrozenBooking<Omit<IntentRequest, 'session_id' | 'replaces_session_id'>>;

/**
 * POST /intents. An existing session answers first (idempotency: same id and body, the same intent; a
 * paid session, already_authorized); a new one runs every rule of spec section 4 in its order, ends the
 * session it replaces, holds a can of a counted size (size_sold_out when none is free: of any number of
 * concurrent intents for the last can, exactly one holds it) and a limited promo's use, counts against the
 * payment caps, and is written, price frozen, in one transaction, before anything reaches the processor.
 * `ip` is the page's address (publishable keys); null for a backend's server key.
 */
export function createIntent(
  deps: IntentDeps,
  scope: CatalogScope,
  body: IntentRequest,
  today: string,
  caller: { channel: Channel; ip: string | null },
): Promise<OpenedIntent> {
  const { catalog } = scope;
  const { company } = catalog;
  return openIntent(deps, catalog, body, async ({ replaces_session_id: replaces, ...request }, session) => {
    const canTakePayments = deps.processorFor(company) !== null;
    const now = deps.now();
    const frozen = checkBookingRules(catalog, request, { today, canTakePayments, now });
    const rental = rentalOf(frozen.request);
    const counted = catalog.sizes.some((s) => s.id === rental.sizeId && isTracked(s));
    return deps.db.transaction(async (tx) => {
      // The promo's row before the company's, as confirm takes them.
      const promo = await lockPromoLimit(tx, company.id, frozen.promoCode);
      if (counted) await lockCompanyHolds(tx, company.id);
      // The customer changed the details of a booking: its can and promo use are theirs to reuse.
      const release = await replaceSession(tx, company.id, replaces, session.sessionId, now);
      await refuseSoldOut(tx, catalog, rental, { today, now });
      await refuseSpentPromo(tx, company.id, promo, now);
      await deps.admit(company, caller.ip);
      const inserted = await insertSession(tx, {
        ...session,
        companyId: company.id,
        kind: 'dumpster',
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
        holdUntil: new Date(now.getTime() + HOLD_MINUTES * 60_000),
      });
      return inserted && { session: inserted, release };
    });
  });
}
