import { type Size, type SizeFleet, TIERS } from './catalog';
import { addDays, dateOfDay, dayNumber, daysBetween } from './dates';

/**
 * The fleet as a booking rule (docs/decisions/fleet.md): a size's cans, how long one stays in the
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

/**
 * A size's counts per day as the database keeps them (fleet_days, db/repositories/fleet.ts), by day number
 * (domain/dates.ts `dayNumber`): cans with customers that day (rentals from their delivery day through the day
 * their can is back, applied swaps on their day) and cans back that day. A day without a row counts nothing.
 */
export type DayCounts = { day: number; out: number; back: number }[];

/** Per day of [from, to]: cans out (with customers or in their turnaround) and cans in repair. */
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

/**
 * Cans out and in repair per day of [from, to]: a day's cans with customers, plus the cans back on one of the
 * turnaround's days before it (a can back on day b is in the yard's turnaround through b + turnaround). The
 * counts must cover [from - turnaround, to].
 */
export function fleetDaysOf(fleet: SizeFleet, counts: DayCounts, from: string, to: string): FleetDays {
  const first = dayNumber(from);
  const span = dayNumber(to) - first + 1;
  const turnaround = fleet.turnaroundDays;
  const out = new Array<number>(span).fill(0);
  // back[j]: cans back on day first - turnaround + j.
  const back = new Array<number>(span + turnaround).fill(0);
  for (const c of counts) {
    const i = c.day - first;
    if (i >= 0 && i < span) (out[i] as number) += c.out;
    const j = i + turnaround;
    if (j >= 0 && j < back.length) (back[j] as number) += c.back;
  }
  // Day i holds the cans back on days i - turnaround through i - 1: back[i] through back[i + turnaround - 1].
  let turning = 0;
  for (let j = 0; j < turnaround; j++) turning += back[j] as number;
  for (let i = 0; i < span; i++) {
    (out[i] as number) += turning;
    turning += (back[i + turnaround] as number) - (back[i] as number);
  }
  const repair = new Array<number>(span + 1).fill(0);
  for (const o of fleet.outOfService) {
    const a = Math.max(0, dayNumber(o.from) - first);
    const b = Math.min(span - 1, dayNumber(o.to) - first);
    if (a > b) continue;
    (repair[a] as number) += o.cans;
    (repair[b + 1] as number) -= o.cans;
  }
  for (let i = 1; i < span; i++) (repair[i] as number) += repair[i - 1] as number;
  return { from, to, out, repair: repair.slice(0, span) };
}

/** Free cans on one day of the counted range (never below zero). */
export function freeOn(fleet: SizeFleet, days: FleetDays, date: string): number {
  const i = daysBetween(days.from, date);
  if (i < 0 || i >= days.out.length) return fleet.cans;
  return Math.max(0, fleet.cans - (days.out[i] as number) - (days.repair[i] as number));
}

/** Whether one more rental from `delivery` through `pickup` (plus turnaround) finds a can free every day. */
export function canFits(fleet: SizeFleet, days: FleetDays, delivery: string, pickup: string): boolean {
  return fitsAt(fleet, days, daysBetween(days.from, delivery), daysBetween(delivery, pickup) + fleet.turnaroundDays);
}

/** The delivery days of [from, to] on which a rental of `rentalDays` finds no can free for its whole stay. */
export function fullDeliveryDays(
  fleet: SizeFleet,
  days: FleetDays,
  range: { from: string; to: string },
  rentalDays: number,
): string[] {
  const start = dayNumber(range.from);
  const offset = start - dayNumber(days.from);
  const length = dayNumber(range.to) - start + 1;
  const stay = rentalDays + fleet.turnaroundDays;
  const full: string[] = [];
  for (let i = 0; i < length; i++) if (!fitsAt(fleet, days, offset + i, stay)) full.push(dateOfDay(start + i));
  return full;
}

/** Whether a can is free on every counted day from index `first` for `stay` more days. */
function fitsAt(fleet: SizeFleet, days: FleetDays, first: number, stay: number): boolean {
  for (let i = first; i <= first + stay; i++) {
    const counted = i >= 0 && i < days.out.length;
    const taken = counted ? (days.out[i] as number) + (days.repair[i] as number) : 0;
    if (fleet.cans - taken < 1) return false;
  }
  return true;
}

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

/** Cans out today (with customers or in their turnaround), for the Data API and the console. */
export const outOn = (days: FleetDays, date: string) => {
  const i = daysBetween(days.from, date);
  return i < 0 || i >= days.out.length ? 0 : (days.out[i] as number);
};

/** The shortest rental a size is priced for (its first tier): what GET /sizes' next delivery day is for. */
export const shortestRental = (size: Pick<Size, 'prices'>) => TIERS.find(([k]) => size.prices[k] !== null)?.[1] ?? 7;
