import type { Db } from '../db/client';
import { loadCatalog } from '../db/repositories/catalog';
import { markCaptured, uncapturedOrders } from '../db/repositories/orders';
import { enqueueMessages } from '../db/repositories/outbox';
import { type SessionRow, sessionsToRecover, updateSession } from '../db/repositories/sessions';
import type { Catalog } from '../domain/catalog';
import { ApiError } from '../domain/errors';
import { toDollars } from '../domain/money';
import { confirmOrder } from './confirm-order';
import { accountOf, type FrozenBooking, type ProcessorFor } from './create-intent';

/** After this long without an order, an authorized customer and the company are told (spec section 3). */
export const UNCONFIRMED_NOTICE_MINUTES = 15;
/** After this long the authorization is released and the session fails: nobody is charged without an order. */
export const GIVE_UP_HOURS = 24;

type Deps = { db: Db; processorFor: ProcessorFor; now: () => Date };

/**
 * One pass of the recovery worker. A session whose card is authorized but has no order (the browser never
 * called /confirm, or the server died on the way) gets the same confirm as POST /confirm; one still
 * without an order after 15 minutes becomes `unconfirmed` and the customer and company are told, once.
 * After a day the authorization is released and the session fails. Orders whose capture failed after
 * their commit are captured.
 */
export async function recoverSessions(
  deps: Deps,
): Promise<{ confirmed: number; notified: number; captured: number; failed: number }> {
  const counts = { confirmed: 0, notified: 0, captured: 0, failed: 0 };
  for (const session of await sessionsToRecover(deps.db, 20)) {
    const catalog = await loadCatalog(deps.db, session.companyId);
    if (!catalog) continue;
    if (deps.now().getTime() - session.createdAt.getTime() > GIVE_UP_HOURS * 3_600_000) {
      if (await giveUp(deps, session, catalog.company)) counts.failed++;
      continue;
    }
    try {
      await confirmOrder(deps, catalog, {
        session_id: session.sessionId,
        payment_intent_id: session.paymentIntentId as string,
      });
      counts.confirmed++;
    } catch (err) {
      const code = err instanceof ApiError ? err.code : 'internal';
      // A payment that is not this session's was released and the session failed: nothing to recover.
      if (code === 'payment_intent_mismatch') {
        counts.failed++;
        continue;
      }
      if (code === 'unconfirmed' && (err as ApiError).details?.payment_status === 'canceled') {
        await updateSession(deps.db, session.companyId, session.sessionId, {
          state: 'failed',
          lastError: 'payment canceled',
        });
        counts.failed++;
        continue;
      }
      // Not authorized (yet, or ever): nothing is owed; look again later.
      if (code === 'unconfirmed' || code === 'processing') {
        if (code === 'unconfirmed') await updateSession(deps.db, session.companyId, session.sessionId, {});
        continue;
      }
      if (await notifyOnce(deps, session, catalog.company)) counts.notified++;
    }
  }
  for (const order of await uncapturedOrders(deps.db, 20)) {
    const catalog = await loadCatalog(deps.db, order.companyId);
    const processor = catalog && deps.processorFor(catalog.company);
    if (!processor || !catalog) continue;
    try {
      await processor.capture(order.paymentIntentId, accountOf(catalog.company));
      await markCaptured(deps.db, order.orderId, order.paymentIntentId);
      counts.captured++;
    } catch {
      // The processor is still unavailable: the next pass tries again.
    }
  }
  return counts;
}

async function notifyOnce(
  deps: Deps,
  session: SessionRow,
  company: { name: string; contact: { email: string | null; phone: string | null } },
) {
  const age = deps.now().getTime() - session.createdAt.getTime();
  if (session.notifiedUnconfirmedAt || age < UNCONFIRMED_NOTICE_MINUTES * 60_000) {
    await updateSession(deps.db, session.companyId, session.sessionId, {
      state: 'unconfirmed',
      lastError: 'order not created yet',
    });
    return false;
  }
  const { request } = session.request as FrozenBooking;
  const amount = `${toDollars(session.amountCents).toFixed(2)} ${session.currency}`;
  const customerText = `Your card was authorized for ${amount} but we could not confirm your ${company.name} booking yet. You have not been charged; we will confirm it or release the authorization. Reference: ${session.sessionId}.`;
  const officeText = `Booking ${session.sessionId} (${request.customer.name}, ${request.customer.email}, ${request.customer.phone}) has an authorized card (${amount}) but no order after ${UNCONFIRMED_NOTICE_MINUTES} minutes. Please check it.`;
  await deps.db.transaction(async (tx) => {
    await enqueueMessages(tx, session.companyId, [
      {
        channel: 'email',
        topic: 'booking_unconfirmed',
        to: request.customer.email,
        subject: `${company.name}: your booking is not confirmed yet`,
        text: customerText,
      },
      { channel: 'sms', topic: 'booking_unconfirmed', to: request.customer.phone, text: customerText },
      ...(company.contact.email
        ? [
            {
              channel: 'email' as const,
              topic: 'booking_unconfirmed',
              to: company.contact.email,
              subject: `Unconfirmed booking ${session.sessionId}`,
              text: officeText,
            },
          ]
        : []),
      ...(company.contact.phone
        ? [{ channel: 'sms' as const, topic: 'booking_unconfirmed', to: company.contact.phone, text: officeText }]
        : []),
    ]);
    await updateSession(tx, session.companyId, session.sessionId, {
      state: 'unconfirmed',
      lastError: 'order not created yet',
      notifiedUnconfirmedAt: deps.now(),
    });
  });
  return true;
}

/** Releases the authorization of a session that never got its order; the customer is told. */
async function giveUp(deps: Deps, session: SessionRow, company: Catalog['company']): Promise<boolean> {
  const processor = deps.processorFor(company);
  if (!processor) return false;
  try {
    const intent = await processor.retrieveIntent(session.paymentIntentId as string, accountOf(company));
    if (intent.status !== 'canceled') await processor.cancel(intent.id, accountOf(company));
  } catch {
    return false; // the processor is unavailable: try again on the next pass
  }
  const { request } = session.request as FrozenBooking;
  await deps.db.transaction(async (tx) => {
    await updateSession(tx, session.companyId, session.sessionId, {
      state: 'failed',
      lastError: 'no order: payment released',
    });
    if (session.notifiedUnconfirmedAt) {
      await enqueueMessages(tx, session.companyId, [
        {
          channel: 'email',
          topic: 'booking_failed',
          to: request.customer.email,
          subject: `${company.name}: your booking could not be completed`,
          text: `We could not complete your booking (reference ${session.sessionId}). The authorization on your card has been released; you were not charged.`,
        },
      ]);
    }
  });
  return true;
}
