import { findCustomer } from '../../db/repositories/customers';
import { findOrder, type OrderRow } from '../../db/repositories/orders';
import { enqueueMessages, enqueueWebhooks } from '../../db/repositories/outbox';
import { insertPayment } from '../../db/repositories/payments';
import {
  findChangeByKey,
  findOrderChange,
  insertOrderChange,
  type OrderChangeRow,
  openChangeOf,
  setChangeStatus,
  setOrderDays,
} from '../../db/repositories/rentals';
import { lockCompanyUnits } from '../../db/repositories/sessions';
import { timeIn, todayIn } from '../../domain/dates';
import { DomainError } from '../../domain/errors';
import { type ChangeRequest, planChange, type RentalDays } from '../../domain/rental-changes';
import { presentBookingEvent } from '../../messages/booking-events';
import { changeMessages } from '../../messages/notices';
import type { ProcessorIntent } from '../../payments/processor';
import { permitExtended, permitFollowsDelivery, withPermitPart } from '../permits/extension';
import { accountOf, processorCall } from '../shared/payments';
import { captureChange } from './capture';
import { AlreadyHandled, ChangeRefused } from './change-errors';
import { changeFits, refuseWhenFull } from './fleet-check';
import type { Actor, ChangeDeps, Rental } from './rental';

/**
 * A change to a booked rental (docs/decisions/my-booking.md), the same for the customer's link, a server key
 * and the office: priced by domain/rental-changes.ts, checked against the fleet (the order's own can aside),
 * and, when it costs something, paid with the card saved at booking. The change exists only if paid and a
 * payment only with its change: the change is written `pending` first, the card is authorized (manual
 * capture), the order's days change in one transaction that re-checks the fleet under the company's lock,
 * and only then is the card captured; a change refused meanwhile releases the authorization.
 */
export type { Actor, ChangeDeps, Rental } from './rental';

const daysOf = (order: OrderRow): RentalDays => ({
  delivery_date: order.deliveryDate,
  pickup_date: order.pickupDate,
  rental_days: order.rentalDays,
});

/** A change's plan for this order now (no write): its new days and price, or the refusal. */
export async function quoteChange(deps: ChangeDeps, rental: Rental, request: ChangeRequest) {
  const plan = await withPermitPart(deps.db, rental, request, planFor(deps, rental, request), todayOf(deps, rental));
  await refuseWhenFull(deps.db, rental, request, plan.after);
  return {
    kind: request.kind,
    before: daysOf(rental.order),
    after: plan.after,
    swapDate: plan.swapDate,
    amounts: plan.amounts,
    currency: rental.order.currency,
  };
}

const todayOf = (deps: ChangeDeps, { catalog }: Rental) => todayIn(catalog.company.timezone, deps.now());

function planFor(deps: ChangeDeps, { catalog, order }: Rental, request: ChangeRequest) {
  const { company } = catalog;
  const size = catalog.sizes.find((s) => s.id === order.sizeId);
  if (!size)
    throw new DomainError('change_not_allowed', 'This size is no longer offered: call the company.', { field: 'kind' });
  const now = deps.now();
  return planChange({ ...daysOf(order), status: order.status }, request, {
    company,
    size,
    today: todayIn(company.timezone, now),
    localHour: Number(timeIn(company.timezone, now).slice(0, 2)),
  });
}

/**
 * POST …/changes. A repeat of the same Idempotency-Key answers the same change (resuming one whose answer was
 * lost); a second change while one is open is `processing`. A free change is applied at once; a paid one is
 * charged to the saved card (or waits for a card in the page: `requires_payment` with a client_secret).
 */
export async function makeChange(
  deps: ChangeDeps,
  rental: Rental,
  request: ChangeRequest,
  meta: { idempotencyKey: string; actor: Actor },
): Promise<OrderChangeRow> {
  const { catalog, order } = rental;
  const companyId = catalog.company.id;
  const again = await findChangeByKey(deps.db, companyId, order.id, meta.idempotencyKey);
  if (again) return again.status === 'pending' ? payAndApply(deps, rental, again) : again;
  const plan = await withPermitPart(deps.db, rental, request, planFor(deps, rental, request), todayOf(deps, rental));
  await refuseWhenFull(deps.db, rental, request, plan.after);
  const change = await insertOrderChange(deps.db, {
    companyId,
    orderId: order.id,
    kind: request.kind,
    status: 'pending',
    before: daysOf(order),
    after: plan.after,
    swapDate: plan.swapDate ?? null,
    amounts: plan.amounts,
    grossTotalCents: plan.amounts.grossTotal,
    currency: order.currency,
    idempotencyKey: meta.idempotencyKey,
    actor: meta.actor,
  });
  if (!change) {
    const open = await findChangeByKey(deps.db, companyId, order.id, meta.idempotencyKey);
    if (open) return open.status === 'pending' ? payAndApply(deps, rental, open) : open;
    throw new DomainError('processing', 'Another change to this booking is being made: wait for it, then try again.', {
      details: { change_id: (await openChangeOf(deps.db, companyId, order.id))?.id ?? null },
    });
  }
  return payAndApply(deps, rental, change);
}

/** A pending change: free, applied; paid, its card authorized, then applied and captured. */
async function payAndApply(deps: ChangeDeps, rental: Rental, change: OrderChangeRow): Promise<OrderChangeRow> {
  if (change.grossTotalCents === 0) return apply(deps, rental, change, null);
  const intent = await authorize(deps, rental, change);
  if (intent.status === 'requires_capture') return apply(deps, rental, change, intent);
  // The bank wants the customer (authentication) or declined: the page asks for a card on this intent.
  return (
    (await setChangeStatus(deps.db, change, ['pending'], {
      status: 'requires_payment',
      paymentIntentId: intent.id,
      clientSecret: intent.clientSecret,
      lastError: intent.declineCode ?? 'card required',
    })) ?? change
  );
}

/** The saved card charged off-session, or, without one, an intent the page confirms with a card. */
async function authorize(
  deps: ChangeDeps,
  { catalog, order }: Rental,
  change: OrderChangeRow,
): Promise<ProcessorIntent> {
  const { company } = catalog;
  const processor = deps.processorFor(company);
  if (!processor) throw new DomainError('payments_not_ready', `${company.name} cannot take card payments online now.`);
  const common = {
    amountCents: change.grossTotalCents,
    currency: change.currency,
    idempotencyKey: `change:${change.id}`,
    account: accountOf(company),
    metadata: { company: company.slug, order_number: String(order.orderNumber), change_id: change.id },
  };
  const intent = await processorCall(() =>
    order.savedCard && order.processorCustomer
      ? processor.chargeSaved({ ...common, customer: order.processorCustomer, paymentMethod: order.savedCard })
      : processor.createIntent(common),
  );
  if (intent.amountCents !== change.grossTotalCents) {
    throw new DomainError('upstream', 'The payment service answered with another amount: nothing was changed.');
  }
  await setChangeStatus(deps.db, change, ['pending', 'requires_payment'], {
    paymentIntentId: intent.id,
    clientSecret: intent.clientSecret,
  });
  return intent;
}

/**
 * POST …/changes/{id}/confirm, after the page confirmed the card: applied when the intent is authorized,
 * `unconfirmed` when not yet.
 */
export async function confirmChange(deps: ChangeDeps, rental: Rental, changeId: string): Promise<OrderChangeRow> {
  const { catalog, order } = rental;
  const change = await findOrderChange(deps.db, catalog.company.id, order.id, changeId);
  if (!change) throw new DomainError('not_found', 'There is no such change to this booking.', { field: 'change_id' });
  if (change.status !== 'requires_payment' && change.status !== 'pending') return change;
  const processor = deps.processorFor(catalog.company);
  if (!processor || !change.paymentIntentId)
    throw new DomainError('upstream', 'The payment of this change is not available.');
  const intent = await processorCall(() =>
    processor.retrieveIntent(change.paymentIntentId as string, accountOf(catalog.company)),
  );
  if (intent.status !== 'requires_capture') {
    throw new DomainError(
      'unconfirmed',
      `The card is not authorized yet (payment ${intent.status}): confirm it in the page, then retry.`,
      {
        details: { payment_status: intent.status, decline_code: intent.declineCode },
      },
    );
  }
  return apply(deps, rental, { ...change, status: change.status }, intent);
}

/** An order's change's kind (the table also keeps a junk job's move_window, which never comes here). */
const kindOf = (change: OrderChangeRow) => change.kind as ChangeRequest['kind'];

/**
 * The order's new days, in one transaction under the company's lock (as bookings take cans): the order
 * must still have the days the change was priced on and a can free for the new ones; then the payment is
 * recorded, the customer told and booking.changed queued. The card is captured after the commit.
 */
async function apply(
  deps: ChangeDeps,
  rental: Rental,
  change: OrderChangeRow,
  intent: ProcessorIntent | null,
): Promise<OrderChangeRow> {
  const { catalog } = rental;
  const { company } = catalog;
  const processor = intent ? deps.processorFor(company) : null;
  const now = deps.now();
  const before = change.before as RentalDays;
  const after = change.after as RentalDays;
  let applied: OrderChangeRow | undefined;
  try {
    applied = await deps.db.transaction(async (tx) => {
      await lockCompanyUnits(tx, company.id);
      // Under the lock: a repeat of this change (the same Idempotency-Key twice at once) finds it handled.
      const latest = await findOrderChange(tx, company.id, rental.order.id, change.id);
      if (latest && latest.status !== 'pending' && latest.status !== 'requires_payment')
        throw new AlreadyHandled(latest);
      const current = await findOrder(tx, company.id, rental.order.id);
      if (!current || current.pickupDate !== before.pickup_date || current.deliveryDate !== before.delivery_date) {
        throw new ChangeRefused('The booking changed meanwhile: look at it again.');
      }
      const fits = await changeFits(tx, catalog, current, kindOf(change), after, change.swapDate);
      if (!fits) {
        throw new ChangeRefused(
          `The last ${current.sizeLabel} for those days was booked meanwhile: nothing was changed or charged.`,
          'size_sold_out',
        );
      }
      // The permit's row before the order's, as dispatch takes them (use-cases/permits/dispatch.ts): a move out
      // for delivery at the same moment waits instead of deadlocking.
      await permitExtended(tx, company.id, current.id, change.amounts);
      await permitFollowsDelivery(tx, company.id, current.id, {
        from: before.delivery_date,
        to: after.delivery_date,
        after,
        today: todayIn(company.timezone, now),
      });
      const moved = await setOrderDays(
        tx,
        company.id,
        current.id,
        { deliveryDate: after.delivery_date, pickupDate: after.pickup_date, rentalDays: after.rental_days },
        now,
      );
      const done = await setChangeStatus(tx, change, ['pending', 'requires_payment'], {
        status: 'applied',
        appliedAt: now,
      });
      if (!moved || !done) throw new ChangeRefused('The booking changed meanwhile: look at it again.');
      if (intent) {
        await insertPayment(tx, {
          companyId: company.id,
          processor: company.processor.kind,
          paymentIntentId: intent.id,
          amountCents: change.grossTotalCents,
          currency: change.currency,
          status: 'authorized',
        });
      }
      const customer = await findCustomer(tx, company.id, current.customerId);
      if (customer) {
        await enqueueMessages(
          tx,
          company.id,
          changeMessages(company, { ...change, kind: kindOf(change) }, moved, customer, null),
        );
      }
      await enqueueWebhooks(tx, company.id, 'booking', 'booking.changed', {
        ...presentBookingEvent(moved),
        change: {
          id: change.id,
          kind: change.kind,
          previous_delivery_date: before.delivery_date,
          previous_pickup_date: before.pickup_date,
          swap_date: change.swapDate,
          amount: change.grossTotalCents / 100,
          made_by: change.actor.startsWith('office:') ? 'office' : change.actor,
        },
      });
      return done;
    });
  } catch (err) {
    if (err instanceof AlreadyHandled) return err.change;
    if (!(err instanceof ChangeRefused)) throw err;
    if (intent && processor) await processor.cancel(intent.id, accountOf(company)).catch(() => {});
    await setChangeStatus(deps.db, change, ['pending', 'requires_payment'], {
      status: 'refused',
      lastError: err.message,
    });
    const fieldOf = { extend: 'days', end_early: 'pickup_date', move_delivery: 'delivery_date', swap: 'swap_date' };
    throw new DomainError(err.code, err.message, {
      field: err.code === 'size_sold_out' ? fieldOf[kindOf(change)] : 'kind',
      details: { change_id: change.id, payment: intent ? 'released' : 'none' },
    });
  }
  if (intent && processor) await captureChange(deps, rental, change, intent);
  return applied;
}
