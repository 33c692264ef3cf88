import { type Size, type SizeFleet, TIERS } from './catalog';
import { addDays, daysBetween } from './dates';

/**
 * The fleet as a booking rule (docs/decisions.md, "The fleet"): a size's cans, how long one stays in the
 * yard after a pickup, and cans in repair. A rental occupies one can from its delivery day through its
 * pickup day plus the turnaround, inclusive; a day is full when cans out plus cans in repair reach the
 * count. Pure: the rentals and today are arguments.
 */
export type { SizeFleet };

/** The company's fleet as its config says it (companies.fleet), sizes by key. */
export type FleetSetup = {
  turnaroundDays: number;
  sizes: { size: string; cans: number | null }[];
  outOfService: { size: string; from: string; to: string; cans: number; note: string | null }[];
};

/** The days the console's Fleet page shows. */
export const FLEET_DAYS = 60;

/** Rentals of one size that may overlap a range: `n` cans from `from` through `to` (the can's back day). */
export type Rentals = { from: string; to: string; n: number }[];

/** Per day of [from, to]: cans out with customers (or held by a checkout) and cans in repair. */
export type FleetDays = { from: string; to: string; out: number[]; repair: number[] };

export function sizeFleetOf(setup: FleetSetup | null, sizeKey: string): SizeFleet | null {
  const entry = setup?.sizes.find((s) => s.size === sizeKey);
  if (!setup || !entry || entry.cans === null) return null;
  return {
    cans: entry.cans,
    turnaroundDays: setup.turnaroundDays,
    outOfService: setup.outOfService
      .filter((o) => o.size === sizeKey)
      .map(({ from, to, cans, note }) => ({ from, to, cans, note })),
  };
}

/** The last day a rental delivered on `delivery` and picked up on `pickup` keeps its can. */
export const occupiedUntil = (fleet: SizeFleet, pickup: string) => addDays(pickup, fleet.turnaroundDays);

/** Counts cans out and in repair per day of [from, to] (rentals' `to` is their pickup or return day). */
export function fleetDays(fleet: SizeFleet, rentals: Rentals, from: string, to: string): FleetDays {
  const span = daysBetween(from, to) + 1;
  const out = new Array<number>(span + 1).fill(0);
  const add = (counts: number[], start: string, end: string, n: number) => {
    const a = Math.max(0, daysBetween(from, start));
    const b = Math.min(span - 1, daysBetween(from, end));
    if (a > b) return;
    (counts[a] as number) += n;
    (counts[b + 1] as number) -= n;
  };
  for (const r of rentals) add(out, r.from, occupiedUntil(fleet, r.to), r.n);
  const repair = new Array<number>(span + 1).fill(0);
  for (const o of fleet.outOfService) add(repair, o.from, o.to, o.cans);
  const sum = (counts: number[]) => {
    for (let i = 1; i < span; i++) (counts[i] as number) += counts[i - 1] as number;
    return counts.slice(0, span);
  };
  return { from, to, out: sum(out), repair: sum(repair) };
}

/** Free cans on one day of the counted range (never below zero). */
export function freeOn(fleet: SizeFleet, days: FleetDays, date: string): number {
  const i = daysBetween(days.from, date);
  if (i < 0 || i >= days.out.length) return fleet.cans;
  return Math.max(0, fleet.cans - (days.out[i] as number) - (days.repair[i] as number));
}

/** Whether one more rental from `delivery` through `pickup` (plus turnaround) finds a can free every day. */
export function canFits(fleet: SizeFleet, days: FleetDays, delivery: string, pickup: string): boolean {
  const last = occupiedUntil(fleet, pickup);
  for (let d = delivery; d <= last; d = addDays(d, 1)) if (freeOn(fleet, days, d) < 1) return false;
  return true;
}

/** The range to count for rentals of `rentalDays` delivered between `from` and `to`. */
export const countedRange = (fleet: SizeFleet, from: string, to: string, rentalDays: number) => ({
  from,
  to: addDays(to, rentalDays + fleet.turnaroundDays),
});

/**
 * The first delivery day from `from` through `to` that the calendar allows (`open`) and on which a rental of
 * `rentalDays` finds a can free for its whole stay; null when none does.
 */
export function nextDeliveryDay(
  fleet: SizeFleet,
  days: FleetDays,
  range: { from: string; to: string },
  rentalDays: number,
  open: (date: string) => boolean,
): string | null {
  for (let d = range.from; d <= range.to; d = addDays(d, 1)) {
    if (open(d) && canFits(fleet, days, d, addDays(d, rentalDays))) return d;
  }
  return null;
}

/** Cans out today (with customers or held by a checkout), for the Data API and the console. */
export const outOn = (days: FleetDays, date: string) => {
  const i = daysBetween(days.from, date);
  return i < 0 || i >= days.out.length ? 0 : (days.out[i] as number);
};

/** The shortest rental a size is priced for (its first tier): what GET /sizes' next delivery day is for. */
export const shortestRental = (size: Pick<Size, 'prices'>) => TIERS.find(([k]) => size.prices[k] !== null)?.[1] ?? 7;
