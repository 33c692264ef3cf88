import type { Queryable } from '../../db/client';
import { rentalsOfSize } from '../../db/repositories/fleet';
import { checkPickupDate, closedReason, maxDate, minDate } from '../../domain/calendar';
import type { Catalog, Size } from '../../domain/catalog';
import { addDays } from '../../domain/dates';
import { DomainError } from '../../domain/errors';
import {
  canFits,
  countedRange,
  type FleetDays,
  fleetDays,
  nextDeliveryDay,
  type SizeFleet,
  shortestRental,
} from '../../domain/fleet';
import { closedDays } from './read-catalog';

/**
 * The fleet as a booking rule (docs/decisions.md, "The fleet"): the counts of one tracked size over a range
 * of delivery days, read from the orders and holding sessions of that range only.
 */
export type Tracked = Size & { fleet: SizeFleet };
export const isTracked = (size: Size): size is Tracked => size.fleet !== null;

export async function countFleet(
  db: Queryable,
  catalog: Catalog,
  size: Tracked,
  deliveries: { from: string; to: string },
  rentalDays: number,
  now: Date,
): Promise<FleetDays> {
  const range = countedRange(size.fleet, deliveries.from, deliveries.to, rentalDays);
  const since = addDays(range.from, -size.fleet.turnaroundDays);
  const rentals = await rentalsOfSize(db, catalog.company.id, size.id, { since, to: range.to }, now);
  return fleetDays(size.fleet, rentals, range.from, range.to);
}

/** A delivery day the calendar takes, with a pickup on a working day (the rules of POST /intents). */
const bookable = (catalog: Catalog, today: string, rentalDays: number) => (date: string) =>
  closedReason(catalog.company, today, date) === null &&
  date <= maxDate(catalog.company, today) &&
  checkPickupDate(catalog.company, date, rentalDays, undefined).ok;

/** The first bookable delivery day from `from` on whose rental finds a can free; null: none until max_date. */
export async function nextFreeDay(
  db: Queryable,
  catalog: Catalog,
  size: Tracked,
  rentalDays: number,
  at: { from: string; today: string; now: Date },
): Promise<string | null> {
  const earliest = minDate(catalog.company, at.today);
  const from = at.from < earliest ? earliest : at.from;
  const to = maxDate(catalog.company, at.today);
  if (from > to) return null;
  const days = await countFleet(db, catalog, size, { from, to }, rentalDays, at.now);
  return nextDeliveryDay(size.fleet, days, { from, to }, rentalDays, bookable(catalog, at.today, rentalDays));
}

/**
 * POST /intents' fleet rule, inside the intent's transaction after the company's row is locked: a rental
 * with no can free on one of its days is refused with size_sold_out and the next delivery day that works.
 */
export async function refuseSoldOut(
  tx: Queryable,
  catalog: Catalog,
  booking: { sizeId: string; delivery: string; pickup: string; rentalDays: number },
  at: { today: string; now: Date },
): Promise<void> {
  const size = catalog.sizes.find((s) => s.id === booking.sizeId);
  if (!size || !isTracked(size)) return;
  const days = await countFleet(
    tx,
    catalog,
    size,
    { from: booking.delivery, to: booking.delivery },
    booking.rentalDays,
    at.now,
  );
  if (canFits(size.fleet, days, booking.delivery, booking.pickup)) return;
  const next = await nextFreeDay(tx, catalog, size, booking.rentalDays, { ...at, from: addDays(booking.delivery, 1) });
  throw soldOut(size, booking, next);
}

export function soldOut(size: Size, booking: { delivery: string; rentalDays: number }, next: string | null) {
  const then = next ? ` The next delivery day with one free is ${next}.` : '';
  return new DomainError(
    'size_sold_out',
    `All ${size.label} dumpsters are out during a ${booking.rentalDays}-day rental from ${booking.delivery}.${then}`,
    {
      field: 'size_id',
      details: {
        reason: 'fleet_full',
        size_id: size.id,
        delivery_date: booking.delivery,
        rental_days: booking.rentalDays,
        next_delivery_date: next,
      },
    },
  );
}

/** Whether a lapsed hold's rental still finds its can (the fulfilment's check, under the company's lock). */
export async function stillFits(
  tx: Queryable,
  catalog: Catalog,
  booking: { sizeId: string; delivery: string; pickup: string; rentalDays: number },
  now: Date,
): Promise<boolean> {
  const size = catalog.sizes.find((s) => s.id === booking.sizeId);
  if (!size || !isTracked(size)) return true;
  const days = await countFleet(
    tx,
    catalog,
    size,
    { from: booking.delivery, to: booking.delivery },
    booking.rentalDays,
    now,
  );
  return canFits(size.fleet, days, booking.delivery, booking.pickup);
}

type AvailabilityQuery = { from?: string; to?: string; size_id?: string; rental_days?: number };

/**
 * GET /availability. Without size_id and rental_days, or for a size whose cans are not counted, exactly the
 * calendar's answer; with them, also the delivery days on which no can is free for the whole rental
 * (`fleet_full`), and the first day that has one.
 */
export async function availabilityFor(
  db: Queryable,
  catalog: Catalog,
  query: AvailabilityQuery,
  at: { today: string; now: Date },
) {
  const calendar = closedDays(catalog, query, at.today);
  const { size_id: sizeId, rental_days: rentalDays } = query;
  if (sizeId === undefined && rentalDays === undefined) return calendar;
  if (sizeId === undefined || rentalDays === undefined) {
    const missing = sizeId === undefined ? 'size_id' : 'rental_days';
    throw new DomainError('invalid_parameter', `size_id and rental_days go together: send ${missing} too.`, {
      field: missing,
    });
  }
  const size = catalog.sizes.find((s) => s.id === sizeId);
  if (!size) throw new DomainError('not_found', 'No size with this id for this company.', { field: 'size_id' });
  if (!isTracked(size)) return calendar;
  const days = await countFleet(db, catalog, size, calendar, rentalDays, at.now);
  const closed = new Set(calendar.closed.map((c) => c.date));
  const full: { date: string; reason: 'fleet_full' }[] = [];
  for (let d = calendar.from; d <= calendar.to; d = addDays(d, 1)) {
    if (!closed.has(d) && !canFits(size.fleet, days, d, addDays(d, rentalDays)))
      full.push({ date: d, reason: 'fleet_full' });
  }
  const next = await nextFreeDay(db, catalog, size, rentalDays, { ...at, from: at.today });
  return {
    ...calendar,
    closed: [...calendar.closed, ...full].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
    fleet: { size_id: size.id, rental_days: rentalDays, next_delivery_date: next },
  };
}

/** GET /sizes: each size as the catalog has it and, for one whose cans are counted, its next delivery day. */
export async function sizesWithFleet(db: Queryable, catalog: Catalog, at: { today: string; now: Date }) {
  return Promise.all(
    catalog.sizes.map(async (size) =>
      isTracked(size)
        ? {
            size,
            nextDeliveryDate: await nextFreeDay(db, catalog, size, shortestRental(size), { ...at, from: at.today }),
          }
        : { size, nextDeliveryDate: undefined },
    ),
  );
}
