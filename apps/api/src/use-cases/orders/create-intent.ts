import type { z } from '@hono/zod-openapi';
import type { IntentBody } from '../../contract/booking';
import type { Db } from '../../db/client';
import { insertSession } from '../../db/repositories/sessions';
import { checkBookingRules, type FrozenBooking } from '../../domain/booking-rules';
import type { CatalogScope } from '../../domain/scope';
import { refuseSoldOut, rentalOf } from '../catalog/fleet';
import { type BookingRequest, type OpenedIntent, openIntent } from '../shared/intents';
import type { AdmitIntent, Caller, ProcessorFor } from '../shared/payments';

export type IntentRequest = z.infer<typeof IntentBody>;
export type IntentDeps = { db: Db; processorFor: ProcessorFor; admit: AdmitIntent; now: () => Date };
export type { OpenedIntent };
/** A dumpster session's frozen booking (the session row's `request`). */
export type DumpsterBooking = FrozenBooking<BookingRequest<IntentRequest>>;

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
  return openIntent(deps, catalog, body, { kind: 'dumpster', keyKind: caller.keyKind }, (request, session) => {
    const canTakePayments = deps.processorFor(company) !== null;
    const frozen = checkBookingRules(catalog, request, { today, canTakePayments, now: deps.now() });
    const rental = rentalOf(frozen.request);
    return async (tx) => {
      await refuseSoldOut(tx, catalog, rental, { today });
      await deps.admit(company, caller);
      return insertSession(tx, {
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
    };
  });
}
