import type { Db } from '../../db/client';
import type { OrderRow } from '../../db/repositories/orders';
import type { Catalog } from '../../domain/catalog';
import { addDays } from '../../domain/dates';
import { DomainError } from '../../domain/errors';
import { canFits, type FleetDays } from '../../domain/fleet';
import { type ChangeRequest, MAX_EXTENSION_DAYS, type RentalDays } from '../../domain/rental-changes';
import { countFleet, isTracked, rentalFits } from '../catalog/fleet';
import type { Rental } from './rental';

/**
 * A change against the fleet (docs/decisions/my-booking.md), before its card is charged and again under the
 * company's lock when it is applied. An early end frees days and never needs a can. A swap takes one more can
 * for its day (the full one comes back and takes its turnaround) while the order's own can stays counted; the
 * other kinds re-count the order's new days with its own can aside.
 */
export function changeFits(
  db: Db,
  catalog: Catalog,
  order: Pick<OrderRow, 'id' | 'sizeId'>,
  kind: ChangeRequest['kind'],
  after: RentalDays,
  swapDate: string | null,
): Promise<boolean> | boolean {
  if (kind === 'end_early') return true;
  if (swapDate)
    return rentalFits(db, catalog, { sizeId: order.sizeId, delivery: swapDate, pickup: swapDate, rentalDays: 0 });
  const rental = {
    sizeId: order.sizeId,
    delivery: after.delivery_date,
    pickup: after.pickup_date,
    rentalDays: after.rental_days,
  };
  return rentalFits(db, catalog, rental, order.id);
}

/**
 * The fleet's word on the new days (an early end frees days and never needs one): size_sold_out with the
 * longest extension that fits, or the next delivery day, so the customer knows what to ask for instead.
 */
export async function refuseWhenFull(db: Db, { catalog, order }: Rental, request: ChangeRequest, after: RentalDays) {
  if (await changeFits(db, catalog, order, request.kind, after, request.kind === 'swap' ? request.swap_date : null))
    return;
  const swap = request.kind === 'swap';
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
