import type { Queryable } from '../../db/client';
import { dayCountsOfSizes } from '../../db/repositories/fleet';
import { checkDeliveryDate, checkPickupDate, maxDate, minDate } from '../../domain/calendar';
import type { Catalog, Size } from '../../domain/catalog';
import { addDays } from '../../domain/dates';
import { DomainError } from '../../domain/errors';
import {
  canFits,
  type FleetDays,
  fleetDaysOf,
  fullDeliveryDays,
  nextDeliveryDay,
  type SizeFleet,
  shortestRental,
} from '../../domain/fleet';
import type { CatalogScope } from '../../domain/scope';
import { closedDays } from './dumpster';

/**
 * The fleet as a booking rule (docs/decisions/fleet.md): the counts of one tracked size over a range of
 * delivery days, read from the per-day counts the database keeps of the orders (a session holds no can until
 * it is an order).
 */
export type Tracked = Size & { fleet: SizeFleet };
/** A rental asked for: its size, delivery and pickup days and length. */
export type Rental = { sizeId: string; delivery: string; pickup: string; rentalDays: number };

/** A checked request's rental (the frozen request of a dumpster session: its pickup_date is always set). */
export const rentalOf = (request: {
  size_id: string;
  delivery_date: string;
  pickup_date: string;
  rental_days: number;
}): Rental => ({
  sizeId: request.size_id,
  delivery: request.delivery_date,
  pickup: request.pickup_date,
  rentalDays: request.rental_days,
});
export const isTracked = (size: Size): size is Tracked => size.fleet !== null;

export async function countFleet(
  db: Queryable,
  catalog: Catalog,
  size: Tracked,
  deliveries: { from: string; to: string },
  rentalDays: number,
  except?: string,
): Promise<FleetDays> {
  return (await countFleets(db, catalog, [size], deliveries, rentalDays, except)).get(size.id) as FleetDays;
}

/** The counts of several tracked sizes over the same delivery days, in one read (GET /sizes, the console). */
export async function countFleets(
  db: Queryable,
  catalog: Catalog,
  sizes: Tracked[],
  deliveries: { from: string; to: string },
  longestRental: number,
  except?: string,
): Promise<Map<string, FleetDays>> {
  if (sizes.length === 0) return new Map();
  const turnaround = Math.max(...sizes.map((s) => s.fleet.turnaroundDays));
  const to = addDays(deliveries.to, longestRental + turnaround);
  const since = addDays(deliveries.from, -turnaround);
  const ids = sizes.map((s) => s.id);
  const counts = await dayCountsOfSizes(db, catalog.company.id, ids, { since, to }, except);
  return new Map(sizes.map((s) => [s.id, fleetDaysOf(s.fleet, counts.get(s.id) ?? [], deliveries.from, to)]));
}

/** A delivery day POST /intents takes (checkDeliveryDate), with a pickup on a working day (checkPickupDate). */
const bookable = (catalog: Catalog, today: string, rentalDays: number) => (date: string) =>
  checkDeliveryDate(catalog.company, today, date).ok &&
  checkPickupDate(catalog.company, date, rentalDays, undefined).ok;

/** The bookable delivery days from `from` (not before min_date) through max_date; null when none is left. */
const bookableRange = (catalog: Catalog, from: string, today: string) => {
  const earliest = minDate(catalog.company, today);
  const range = { from: from < earliest ? earliest : from, to: maxDate(catalog.company, today) };
  return range.from > range.to ? null : range;
};

/** The first bookable delivery day from `from` on whose rental finds a can free; null: none until max_date. */
export async function nextFreeDay(
  db: Queryable,
  catalog: Catalog,
  size: Tracked,
  rentalDays: number,
  at: { from: string; today: string },
): Promise<string | null> {
  const range = bookableRange(catalog, at.from, at.today);
  if (!range) return null;
  const days = await countFleet(db, catalog, size, range, rentalDays);
  return nextDeliveryDay(size.fleet, days, range, rentalDays, bookable(catalog, at.today, rentalDays));
}

/**
 * POST /intents' fleet rule: a rental with no can free on one of its days is refused with size_sold_out and
 * the next delivery day that works. It takes nothing: the can is taken when the order is made (its
 * fulfilment checks again under the company's lock).
 */
export async function refuseSoldOut(
  tx: Queryable,
  catalog: Catalog,
  booking: Rental,
  at: { today: string },
): Promise<void> {
  if (await rentalFits(tx, catalog, booking)) return;
  const size = catalog.sizes.find((s) => s.id === booking.sizeId) as Tracked;
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

/**
 * Whether a rental finds a can free for its whole stay (a size whose cans are not counted always does): the
 * intent's early refusal, and the fulfilment's rule under the company's lock.
 */
export async function rentalFits(
  tx: Queryable,
  catalog: Catalog,
  booking: Rental,
  /** A booked order whose days change: its own can does not count against it. */
  except?: string,
): Promise<boolean> {
  const size = catalog.sizes.find((s) => s.id === booking.sizeId);
  if (!size || !isTracked(size)) return true;
  const stay = { from: booking.delivery, to: booking.delivery };
  const days = await countFleet(tx, catalog, size, stay, booking.rentalDays, except);
  return canFits(size.fleet, days, booking.delivery, booking.pickup);
}

export type AvailabilityQuery = { from?: string; to?: string; size_id?: string; rental_days?: number };

/**
 * GET /availability. Without size_id and rental_days, or for a size whose cans are not counted, exactly the
 * calendar's answer; with them, also the delivery days on which no can is free for the whole rental
 * (`fleet_full`), and the first day that has one.
 */
export async function availabilityFor(
  db: Queryable,
  { catalog }: CatalogScope,
  query: AvailabilityQuery,
  at: { today: string },
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
  // One read covers the asked days and the bookable ones before them; the next free day is looked for in
  // those first, and only past them (a second read) when all are full.
  const bookableDays = bookableRange(catalog, at.today, at.today);
  const counted = {
    from: bookableDays && bookableDays.from < calendar.from ? bookableDays.from : calendar.from,
    to: calendar.to,
  };
  const days = await countFleet(db, catalog, size, counted, rentalDays);
  const closed = new Set(calendar.closed.map((c) => c.date));
  const full: { date: string; reason: 'fleet_full' }[] = [];
  for (const d of fullDeliveryDays(size.fleet, days, calendar, rentalDays)) {
    if (!closed.has(d)) full.push({ date: d, reason: 'fleet_full' });
  }
  const open = bookable(catalog, at.today, rentalDays);
  // The bookable days the read covered: through max_date or the calendar's last day, whichever is first.
  const seen = bookableDays && {
    from: bookableDays.from,
    // biome-ignore lint/complexity/useMathMinMax: YYYY-MM-DD strings, compared as text
    to: bookableDays.to < counted.to ? bookableDays.to : counted.to,
  };
  let next = seen && seen.from <= seen.to ? nextDeliveryDay(size.fleet, days, seen, rentalDays, open) : null;
  if (!next && bookableDays && counted.to < bookableDays.to) {
    next = await nextFreeDay(db, catalog, size, rentalDays, { ...at, from: addDays(counted.to, 1) });
  }
  return {
    ...calendar,
    closed: [...calendar.closed, ...full].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
    fleet: { size_id: size.id, rental_days: rentalDays, next_delivery_date: next },
  };
}

/** GET /sizes: each size as the catalog has it and, for one whose cans are counted, its next delivery day. */
export function sizesWithFleet(db: Queryable, { catalog }: CatalogScope, at: { today: string }) {
  const tracked = catalog.sizes.filter(isTracked);
  // No size counted against a fleet (most companies), or no day to book: answered at once, no database.
  const range = tracked.length > 0 ? bookableRange(catalog, at.today, at.today) : null;
  if (!range) return catalog.sizes.map((size) => ({ size, nextDeliveryDate: isTracked(size) ? null : undefined }));
  return withNextDeliveries(db, catalog, tracked, range, at);
}

async function withNextDeliveries(
  db: Queryable,
  catalog: Catalog,
  tracked: Tracked[],
  range: NonNullable<ReturnType<typeof bookableRange>>,
  at: { today: string },
) {
  const longest = Math.max(...tracked.map(shortestRental));
  const counted = await countFleets(db, catalog, tracked, range, longest);
  return catalog.sizes.map((size) => {
    const days = counted.get(size.id);
    if (!isTracked(size) || !days) return { size, nextDeliveryDate: undefined };
    const rental = shortestRental(size);
    const open = bookable(catalog, at.today, rental);
    return { size, nextDeliveryDate: nextDeliveryDay(size.fleet, days, range, rental, open) };
  });
}
