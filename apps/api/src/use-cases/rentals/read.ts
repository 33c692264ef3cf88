import { chargesOfOrder } from '../../db/repositories/field-charges';
import { changesOf } from '../../db/repositories/rentals';
import { timeIn, todayIn } from '../../domain/dates';
import { changesOffered, moveCutoff } from '../../domain/rental-changes';
import type { ChangeDeps, Rental } from './rental';

/**
 * The link's page: the order, what was paid (the booking, its paid changes and field charges), its changes,
 * what may change now, and what the field added (an overage, a wasted trip).
 */
export async function readRental(deps: ChangeDeps, rental: Rental) {
  const { catalog, order } = rental;
  const { company } = catalog;
  const [changes, charges] = await Promise.all([
    changesOf(deps.db, company.id, { orderId: order.id }),
    chargesOfOrder(deps.db, company.id, order.id),
  ]);
  const now = deps.now();
  const today = todayIn(company.timezone, now);
  const cutoff = moveCutoff(order.deliveryDate, company.rentalChanges.moveCutoffHour);
  const size = catalog.sizes.find((s) => s.id === order.sizeId);
  const swapFeeCents = size ? (company.rentalChanges.swapFeeCents[size.key] ?? null) : null;
  const offered = changesOffered(
    { status: order.status, delivery_date: order.deliveryDate, swappable: swapFeeCents !== null },
    today,
  );
  const moveOpen =
    offered.includes('move_delivery') && !cutoff.passed(today, Number(timeIn(company.timezone, now).slice(0, 2)));
  return {
    catalog,
    order,
    changes,
    charges,
    paidCents:
      order.grossTotalCents +
      changes.filter((c) => c.status === 'applied').reduce((sum, c) => sum + c.grossTotalCents, 0) +
      charges
        .filter((c) => c.charge.status === 'charged' || c.charge.status === 'paid')
        .reduce((sum, c) => sum + c.charge.grossTotalCents, 0),
    extraDayCents: size?.extraDayCents ?? 0,
    swapFeeCents,
    changesAllowed: offered.filter((k) => k !== 'move_delivery' || moveOpen),
    moveCutoff: moveOpen ? cutoff.text : null,
  };
}
