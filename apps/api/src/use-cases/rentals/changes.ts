import type { Db } from '../../db/client';
import { loadCatalog } from '../../db/repositories/catalog';
import { findCustomer } from '../../db/repositories/customers';
import { findOrder, type OrderRow } from '../../db/repositories/orders';
import { enqueueMessages, enqueueWebhooks } from '../../db/repositories/outbox';
import { capturePayment, insertPayment } from '../../db/repositories/payments';
import {
  changesOf,
  findChangeByKey,
  findOrderChange,
  insertOrderChange,
  type OrderChangeRow,
  openChangeOf,
  setChangeStatus,
  setOrderDays,
  uncapturedChanges,
} from '../../db/repositories/rentals';
import { lockCompanyUnits } from '../../db/repositories/sessions';
import type { Catalog } from '../../domain/catalog';
import { addDays, timeIn, todayIn } from '../../domain/dates';
import { DomainError } from '../../domain/errors';
import { canFits, type FleetDays } from '../../domain/fleet';
import {
  type ChangeAmounts,
  type ChangeRequest,
  changesOffered,
  MAX_EXTENSION_DAYS,
  planChange,
  type RentalDays,
} from '../../domain/rental-changes';
import { presentBookingEvent } from '../../messages/booking-events';
import { presentPaymentReceived } from '../../messages/data-events';
import { changeMessages } from '../../messages/notices';
import type { ProcessorIntent } from '../../payments/processor';
import { countFleet, isTracked, rentalFits } from '../catalog/fleet';
import { accountOf, type ProcessorFor, processorCall } from '../shared/payments';

/**
 * A change to a booked rental (docs/decisions/my-booking.md), the same for the customer's link, a server key
 * and the office: priced by domain/rental-changes.ts, checked against the fleet (the order's own can aside),
 * and, when it costs something, paid with the card saved at booking. The change exists only if paid and a
 * payment only with its change: the change is written `pending` first, the card is authorized (manual
 * capture), the order's days change in one transaction that re-checks the fleet under the company's lock,
 * and only then is the card captured; a change refused meanwhile releases the authorization.
 */
export type ChangeDeps = { db: Db; processorFor: ProcessorFor; now: () => Date; links?: { hostedBaseUrl: string } };
/** The order a caller may change, with its company's catalog: the link's, the key's or the office's. */
export type Rental = { catalog: Catalog; order: OrderRow };
/** Who asks: a customer through the link, a company's server key, or an office member. */
export type Actor = 'customer' | 'api' | `office:${string}`;

const daysOf = (order: OrderRow): RentalDays => ({
  delivery_date: order.deliveryDate,
  pickup_date: order.pickupDate,
  rental_days: order.rentalDays,
});

/** A change's plan for this order now (no write): its new days and price, or the refusal. */
export async function quoteChange(deps: ChangeDeps, rental: Rental, request: ChangeRequest) {
  const plan = planFor(deps, rental, request);
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
 * The fleet's word on the new days (an early end frees days and never needs one): size_sold_out with the
 * longest extension that fits, or the next delivery day, so the customer knows what to ask for instead.
 */
async function refuseWhenFull(db: Db, { catalog, order }: Rental, request: ChangeRequest, after: RentalDays) {
  if (request.kind === 'end_early') return;
  // A swap takes one more can for its day (the full one comes back and takes its turnaround) while the order's
  // own can stays counted; the other kinds re-count the order's new days with its own can aside.
  const swap = request.kind === 'swap';
  const rental = swap
    ? { sizeId: order.sizeId, delivery: request.swap_date, pickup: request.swap_date, rentalDays: 0 }
    : { sizeId: order.sizeId, delivery: after.delivery_date, pickup: after.pickup_date, rentalDays: after.rental_days };
  if (await rentalFits(db, catalog, rental, swap ? undefined : order.id)) return;
  const size = catalog.sizes.find((s) => s.id === order.sizeId);
  if (request.kind === 'extend' && size && isTracked(size)) {
    const stay = { from: order.deliveryDate, to: order.deliveryDate };
    const days = await countFleet(db, catalog, size, stay, order.rentalDays + MAX_EXTENSION_DAYS, order.id);
    const longest = longestFit(size.fleet, days, order, request.days);
    throw new DomainError(
      'size_sold_out',
      longest > 0
        ? `No ${size.label} is free for all ${request.days} more days: it can be extended by up to ${longest} days (pickup ${addDays(order.pickupDate, longest)}).`
        : `No ${size.label} is free after ${order.pickupDate}: the rental cannot be extended now.`,
      {
        field: 'days',
        details: { reason: 'fleet_full', max_days: longest, pickup_date: addDays(order.pickupDate, longest) },
      },
    );
  }
  const day = request.kind === 'swap' ? request.swap_date : after.delivery_date;
  throw new DomainError('size_sold_out', `No ${size?.label ?? 'dumpster'} is free on ${day}: choose another day.`, {
    field: swap ? 'swap_date' : 'delivery_date',
    details: { reason: 'fleet_full' },
  });
}

function longestFit(fleet: Parameters<typeof canFits>[0], days: FleetDays, order: OrderRow, asked: number): number {
  for (let k = asked - 1; k > 0; k--)
    if (canFits(fleet, days, order.deliveryDate, addDays(order.pickupDate, k))) return k;
  return 0;
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
  const plan = planFor(deps, rental, request);
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

/** Another call applied (or refused) this very change first: its answer is that change, and its payment stays. */
class AlreadyHandled extends Error {
  constructor(readonly change: OrderChangeRow) {
    super('already handled');
  }
}

/** An order's change's kind (the table also keeps a junk job's move_window, which never comes here). */
const kindOf = (change: OrderChangeRow) => change.kind as ChangeRequest['kind'];

class ChangeRefused extends Error {
  constructor(
    message: string,
    readonly code: 'size_sold_out' | 'change_not_allowed' = 'change_not_allowed',
  ) {
    super(message);
  }
}

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
      const swap = change.swapDate;
      const fits =
        change.kind === 'end_early' ||
        (await rentalFits(
          tx,
          catalog,
          swap
            ? { sizeId: current.sizeId, delivery: swap, pickup: swap, rentalDays: 0 }
            : {
                sizeId: current.sizeId,
                delivery: after.delivery_date,
                pickup: after.pickup_date,
                rentalDays: after.rental_days,
              },
          swap ? undefined : current.id,
        ));
      if (!fits) {
        throw new ChangeRefused(
          `The last ${current.sizeLabel} for those days was booked meanwhile: nothing was changed or charged.`,
          'size_sold_out',
        );
      }
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
  if (intent && processor) await capture(deps, rental, change, intent);
  return applied;
}

/** The capture, recorded with payment.received; a failed capture leaves the authorization for a retry. */
async function capture(deps: ChangeDeps, { catalog, order }: Rental, change: OrderChangeRow, intent: { id: string }) {
  const { company } = catalog;
  const processor = deps.processorFor(company);
  try {
    const captured = await (processor as NonNullable<typeof processor>).capture(intent.id, accountOf(company));
    if (captured.amountCents !== change.grossTotalCents) return false;
    return await deps.db.transaction(async (tx) => {
      const payment = await capturePayment(tx, company.id, intent.id);
      if (!payment) return false;
      if (!order.isDemo) {
        const data = presentPaymentReceived({ kind: 'dumpster', row: order }, payment, deps.now());
        await enqueueWebhooks(tx, company.id, 'data', 'payment.received', data);
      }
      return true;
    });
  } catch {
    // The change stands and its authorization is kept: the recovery pass captures it (captureLateChanges).
    return false;
  }
}

/**
 * The recovery worker's pass over changes applied whose capture failed after their commit (the processor did
 * not answer): captured now, with payment.received, once (the payment row's update decides who records it).
 */
export async function captureLateChanges(deps: ChangeDeps): Promise<number> {
  let captured = 0;
  for (const late of await uncapturedChanges(deps.db, 20)) {
    const catalog = await loadCatalog(deps.db, late.change.companyId);
    const order = late.change.orderId && (await findOrder(deps.db, late.change.companyId, late.change.orderId));
    if (!catalog || !order || !late.change.paymentIntentId) continue;
    if (await capture(deps, { catalog, order }, late.change, { id: late.change.paymentIntentId })) captured++;
  }
  return captured;
}

export type { ChangeAmounts };

/** The link's page: the order, what was paid (the booking and its paid changes), its changes, what may change now. */
export async function readRental(deps: ChangeDeps, rental: Rental) {
  const { catalog, order } = rental;
  const { company } = catalog;
  const changes = await changesOf(deps.db, company.id, { orderId: order.id });
  const now = deps.now();
  const today = todayIn(company.timezone, now);
  const cutoffDate = addDays(order.deliveryDate, -1);
  const size = catalog.sizes.find((s) => s.id === order.sizeId);
  const swapFeeCents = size ? (company.rentalChanges.swapFeeCents[size.key] ?? null) : null;
  const offered = changesOffered(
    { status: order.status, delivery_date: order.deliveryDate, swappable: swapFeeCents !== null },
    today,
  );
  const moveOpen =
    offered.includes('move_delivery') &&
    (today < cutoffDate ||
      (today === cutoffDate &&
        Number(timeIn(company.timezone, now).slice(0, 2)) < company.rentalChanges.moveCutoffHour));
  return {
    catalog,
    order,
    changes,
    paidCents:
      order.grossTotalCents +
      changes.filter((c) => c.status === 'applied').reduce((sum, c) => sum + c.grossTotalCents, 0),
    extraDayCents: size?.extraDayCents ?? 0,
    swapFeeCents,
    changesAllowed: offered.filter((k) => k !== 'move_delivery' || moveOpen),
    moveCutoff: moveOpen ? `${cutoffDate} ${String(company.rentalChanges.moveCutoffHour).padStart(2, '0')}:00` : null,
  };
}
