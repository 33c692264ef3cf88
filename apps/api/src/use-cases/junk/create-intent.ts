import type { z } from '@hono/zod-openapi';
import type { JunkIntentBody } from '../../contract/booking';
import type { Db } from '../../db/client';
import { seatsTaken } from '../../db/repositories/junk';
import { insertSession, lockCompanyHolds } from '../../db/repositories/sessions';
import { DomainError } from '../../domain/errors';
import { checkJunkRules, type FrozenJunk } from '../../domain/junk-rules';
import { junkDay, type SlotClock } from '../../domain/junk-slots';
import type { CatalogScope } from '../../domain/scope';
import { HOLD_MINUTES } from '../../domain/session-state';
import { type OpenedIntent, openIntent, replaceSession } from '../shared/intents';
import type { AdmitIntent, Channel, ProcessorFor } from '../shared/payments';
import { lockPromoLimit, refuseSpentPromo } from '../shared/promos';

export type JunkIntentRequest = z.infer<typeof JunkIntentBody>;
/** A junk session's frozen booking (the session row's `request`). */
export type JunkBooking = FrozenJunk<Omit<JunkIntentRequest, 'session_id' | 'replaces_session_id'>>;
type Deps = { db: Db; processorFor: ProcessorFor; admit: AdmitIntent; now: () => Date };

/**
 * POST /junk/intents. An existing session answers as for dumpsters (idempotency); a new one runs every rule
 * in the documented order, then takes its window's seat (and a limited promo's use) under locks on the
 * promo and the company's seats and is written, price frozen and seat held for HOLD_MINUTES, before
 * anything reaches the processor. Of any number of concurrent intents for a window's last seat, exactly one
 * holds it; the others get slot_bad_window. `replaces_session_id` ends the session the customer went back
 * from first, so its seat and promo use pass to this one (docs/decisions.md, "Replaced bookings").
 */
export function createJunkIntent(
  deps: Deps,
  scope: CatalogScope,
  body: JunkIntentRequest,
  clock: SlotClock,
  caller: { channel: Channel; ip: string | null },
): Promise<OpenedIntent> {
  const { catalog } = scope;
  const { company } = catalog;
  return openIntent(deps, catalog, body, async ({ replaces_session_id: replaces, ...request }, session) => {
    const canTakePayments = deps.processorFor(company) !== null;
    const { seat, ...frozen } = checkJunkRules(catalog, request, { clock, canTakePayments });
    const now = deps.now();
    const slot = { date: frozen.window.date, start: seat.start };
    return deps.db.transaction(async (tx) => {
      // The promo's row before the company's, as confirm takes them.
      const promo = await lockPromoLimit(tx, company.id, frozen.promoCode);
      await lockCompanyHolds(tx, company.id);
      // The customer changed the details of a booking: its seat and promo use are theirs to reuse.
      const release = await replaceSession(tx, company.id, replaces, session.sessionId, now);
      const taken = await seatsTaken(tx, company.id, slot.date, slot.date, now);
      if ((taken.get(`${slot.date} ${slot.start}`) ?? 0) >= seat.capacity) {
        const day = junkDay(catalog.junk, clock, slot.date, (d, s) => taken.get(`${d} ${s}`) ?? 0);
        throw new DomainError('slot_bad_window', `The ${seat.start}-${seat.end} window on ${slot.date} is full.`, {
          field: 'time_window_start',
          details: { reason: 'full', windows: day.windows.filter((w) => w.remaining > 0) },
        });
      }
      await refuseSpentPromo(tx, company.id, promo, now);
      // Counted only once the seat is won: a refused seat opens no payment.
      await deps.admit(company, caller.ip);
      const inserted = await insertSession(tx, {
        ...session,
        companyId: company.id,
        kind: 'junk',
        state: 'intent_created',
        request: frozen satisfies JunkBooking,
        quote: frozen.quote,
        amountCents: frozen.quote.grossTotal,
        currency: company.currency,
        bookingChannel: caller.channel,
        slotDate: slot.date,
        slotStart: slot.start,
        promoCode: frozen.promoCode,
        holdUntil: new Date(now.getTime() + HOLD_MINUTES * 60_000),
      });
      return inserted && { session: inserted, release };
    });
  });
}
