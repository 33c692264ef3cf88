import type { z } from '@hono/zod-openapi';
import type { JunkIntentBody } from '../../contract/booking';
import type { Db } from '../../db/client';
import { seatsTaken } from '../../db/repositories/junk';
import { insertSession } from '../../db/repositories/sessions';
import { DomainError } from '../../domain/errors';
import { checkJunkRules, type FrozenJunk } from '../../domain/junk-rules';
import { junkDay, type SlotClock } from '../../domain/junk-slots';
import type { CatalogScope } from '../../domain/scope';
import { type BookingRequest, type OpenedIntent, openIntent } from '../shared/intents';
import type { AdmitIntent, Caller, ProcessorFor } from '../shared/payments';

export type JunkIntentRequest = z.infer<typeof JunkIntentBody>;
/** A junk session's frozen booking (the session row's `request`). */
export type JunkBooking = FrozenJunk<BookingRequest<JunkIntentRequest>>;
type Deps = { db: Db; processorFor: ProcessorFor; admit: AdmitIntent; now: () => Date };

/**
 * POST /junk/intents. An existing session answers as for dumpsters (idempotency); a new one runs every rule
 * in the documented order, refuses a window with no seat left (slot_bad_window), counts against the payment
 * caps and is written, price frozen, before anything reaches the processor. It takes nothing: the seat and
 * the promo's use go to the booking whose card is confirmed first while they are free
 * (docs/decisions/unpaid-intents-hold-nothing.md). `replaces_session_id` ends the session the customer went
 * back from first (docs/decisions/replaced-bookings.md).
 */
export function createJunkIntent(
  deps: Deps,
  scope: CatalogScope,
  body: JunkIntentRequest,
  clock: SlotClock,
  caller: Caller,
): Promise<OpenedIntent> {
  const { catalog } = scope;
  const { company } = catalog;
  return openIntent(deps, catalog, body, { kind: 'junk', keyKind: caller.keyKind }, (request, session) => {
    const canTakePayments = deps.processorFor(company) !== null;
    const { seat, ...frozen } = checkJunkRules(catalog, request, { clock, canTakePayments });
    const slot = { date: frozen.window.date, start: seat.start };
    return async (tx) => {
      const taken = await seatsTaken(tx, company.id, slot.date, slot.date);
      if ((taken.get(`${slot.date} ${slot.start}`) ?? 0) >= seat.capacity) {
        const day = junkDay(catalog.junk, clock, slot.date, (d, s) => taken.get(`${d} ${s}`) ?? 0);
        throw new DomainError('slot_bad_window', `The ${seat.start}-${seat.end} window on ${slot.date} is full.`, {
          field: 'time_window_start',
          details: { reason: 'full', windows: day.windows.filter((w) => w.remaining > 0) },
        });
      }
      // Counted only once the window has a seat: a refused window opens no payment.
      await deps.admit(company, caller);
      return insertSession(tx, {
        ...session,
        companyId: company.id,
        kind: 'junk',
        keyKind: caller.keyKind,
        state: 'intent_created',
        request: frozen satisfies JunkBooking,
        quote: frozen.quote,
        amountCents: frozen.quote.grossTotal,
        currency: company.currency,
        bookingChannel: caller.channel,
        slotDate: slot.date,
        slotStart: slot.start,
        promoCode: frozen.promoCode,
      });
    };
  });
}
