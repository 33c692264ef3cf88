import { Temporal } from 'temporal-polyfill';

/**
 * Plain calendar dates (YYYY-MM-DD) through one library, Temporal. 'today' is always evaluated in the
 * company's timezone by the caller and passed in as a value, so rules stay pure.
 */
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export function isValidDate(value: string): boolean {
  if (!DATE_RE.test(value)) return false;
  try {
    Temporal.PlainDate.from(value, { overflow: 'reject' });
    return true;
  } catch {
    return false;
  }
}

const DAY_MS = 86_400_000;

/**
 * A valid YYYY-MM-DD date as a day number (days since 1970-01-01). The calendar's hot paths (a 60-day
 * availability, the fleet's counts) step through days thousands of times a second: plain integer days give
 * exactly Temporal's answers for these dates at a fraction of its cost (src/domain/dates.test.ts).
 */
export function dayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
}

/** The dates made lately, by day number: formatting one (toISOString) cost more than the rest of a rule. */
const dateOfDayCache = new Map<number, string>();

/** A day number as YYYY-MM-DD. */
export function dateOfDay(day: number): string {
  let date = dateOfDayCache.get(day);
  if (date === undefined) {
    // Bounded: the days asked for are a few hundred around today; a long-running process moves on.
    if (dateOfDayCache.size >= 4096) dateOfDayCache.clear();
    date = new Date(day * DAY_MS).toISOString().slice(0, 10);
    dateOfDayCache.set(day, date);
  }
  return date;
}

export function addDays(date: string, days: number): string {
  return dateOfDay(dayNumber(date) + days);
}

export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** ISO weekday, 1 = Monday .. 7 = Sunday. */
export function weekday(date: string): number {
  return new Date(dayNumber(date) * DAY_MS).getUTCDay() || 7;
}

const todayCache = new Map<string, { date: string; from: number; until: number }>();

/**
 * Today's date in a timezone at a given instant (the clock is the caller's). Converting an instant to a
 * zoned date costs microseconds and every quote asks, so each timezone's answer is kept for exactly the
 * local day it holds for: the result still depends on nothing but the two arguments.
 */
export function todayIn(timezone: string, now: Date): string {
  const ms = now.getTime();
  const hit = todayCache.get(timezone);
  if (hit && ms >= hit.from && ms < hit.until) return hit.date;
  const date = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timezone).toPlainDate();
  const from = date.toZonedDateTime(timezone).epochMilliseconds;
  const until = date.add({ days: 1 }).toZonedDateTime(timezone).epochMilliseconds;
  todayCache.set(timezone, { date: date.toString(), from, until });
  return date.toString();
}

export function isValidTimezone(timezone: string): boolean {
  try {
    Temporal.Now.instant().toZonedDateTimeISO(timezone);
    return true;
  } catch {
    return false;
  }
}

export const WEEKDAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];

/** The wall-clock time (HH:MM, 24-hour) in a timezone at a given instant. */
export function timeIn(timezone: string, now: Date): string {
  const t = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timezone);
  return `${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}`;
}

/** The instant a local day starts in a timezone (midnight, or the first moment after a DST gap). */
export function startOfDayIn(timezone: string, date: string): Date {
  return new Date(Temporal.PlainDate.from(date).toZonedDateTime(timezone).epochMilliseconds);
}
