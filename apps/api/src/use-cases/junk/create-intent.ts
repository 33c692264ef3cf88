import type { z } from '@hono/zod-openapi';
import type { JunkIntentBody } from '../../contract/booking';
import type { Db } from '../../db/client';
import { endSeatHold, lockJunkSeats, seatsTaken } from '../../db/repositories/junk';
import { insertSession } from '../../db/repositories/sessions';
import type { Catalog } from '../../domain/catalog';
import { DomainError } from '../../domain/errors';
import { SEAT_HOLD_MINUTES } from '../../domain/junk';
import { checkJunkRules, type FrozenJunk } from '../../domain/junk-rules';
import { junkDay, type SlotClock } from '../../domain/junk-slots';
import { type OpenedIntent, openIntent } from '../shared/intents';
import type { AdmitIntent, Channel, ProcessorFor } from '../shared/payments';

export type JunkIntentRequest = z.infer<typeof JunkIntentBody>;
/** A junk session's frozen booking (the session row's `request`). */
export type JunkBooking = FrozenJunk<Omit<JunkIntentRequest, 'session_id'>>;
type Deps = { db: Db; processorFor: ProcessorFor; admit: AdmitIntent; now: () => Date };

/**
 * POST /junk/intents. An existing session answers as for dumpsters (idempotency); a new one runs every rule
 * in the documented order, then takes its window's seat under a lock on the company's seats and is written,
 * price frozen and seat held for SEAT_HOLD_MINUTES, before anything reaches the processor. Of any number
 * of concurrent intents for a window's last seat, exactly one holds it; the others get slot_bad_window.
 * `replaces_session_id` ends the hold of the session the customer went back from (docs/decisions.md).
 */
export function createJunkIntent(
  deps: Deps,
  catalog: Catalog,
  body: JunkIntentRequest,
  clock: SlotClock,
  caller: { channel: Channel; ip: string | null },
): Promise<OpenedIntent> {
  const { company } = catalog;
  return openIntent(deps, catalog, body, async (request, session) => {
    const canTakePayments = deps.processorFor(company) !== null;
    const { seat, ...frozen } = checkJunkRules(catalog, request, { clock, canTakePayments });
    const now = deps.now();
    const slot = { date: frozen.window.date, start: seat.start };
    return deps.db.transaction(async (tx) => {
      await lockJunkSeats(tx, company.id);
      // The customer changed the details of a booking not paid yet: that one's seat is theirs to reuse.
      if (body.replaces_session_id && body.replaces_session_id !== session.sessionId) {
        await endSeatHold(tx, company.id, body.replaces_session_id, now);
      }
      const taken = await seatsTaken(tx, company.id, slot.date, slot.date, now);
      if ((taken.get(`${slot.date} ${slot.start}`) ?? 0) >= seat.capacity) {
        const day = junkDay(catalog.junk, clock, slot.date, (d, s) => taken.get(`${d} ${s}`) ?? 0);
        throw new DomainError('slot_bad_window', `The ${seat.start}-${seat.end} window on ${slot.date} is full.`, {
          field: 'time_window_start',
          details: { reason: 'full', windows: day.windows.filter((w) => w.remaining > 0) },
        });
      }
      // Counted only once the seat is won: a refused seat opens no payment.
      await deps.admit(company, caller.ip);
      return insertSession(tx, {
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
        holdUntil: new Date(now.getTime() + SEAT_HOLD_MINUTES * 60_000),
      });
    });
  });
}
