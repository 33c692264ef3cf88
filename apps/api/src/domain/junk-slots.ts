import { addDays, daysBetween, isValidDate, weekday } from './dates';
import { DomainError, type ErrorCode } from './errors';
import type { JunkSetup, JunkWindow } from './junk';

/**
 * The junk calendar: which days a crew can come, in which arrival windows, with how many seats left.
 * Pure: the company's today and wall-clock time are values, and so are the seats already taken.
 */
export type SlotClock = { today: string /** HH:MM in the company's timezone */; time: string };

/** Why a day cannot be booked (null when it can); each maps to one slot_* code of POST /junk/intents. */
export type DayReason = 'past' | 'same_day_closed' | 'too_far' | 'non_working_day' | 'blackout' | 'full';

export const REASON_CODES: Record<DayReason, ErrorCode> = {
  past: 'slot_past_date',
  same_day_closed: 'slot_same_day_closed',
  too_far: 'slot_too_far',
  non_working_day: 'slot_non_working_day',
  blackout: 'slot_blackout',
  full: 'slot_bad_window',
};

/** Seats taken in a window of a day: the jobs booked (an open intent takes none). */
export type SeatsTaken = (date: string, start: string) => number;

export type WindowSeats = { start: string; end: string; remaining: number };
export type JunkDay = {
  date: string;
  open: boolean;
  windows: WindowSeats[];
  reason: DayReason | null;
  note: string | null;
};

export const JUNK_DEFAULT_SPAN = 29;
export const JUNK_MAX_SPAN = 120;

/** The earliest day a booking for a later day can take: today + the minimum notice. */
export const earliestLaterDay = (setup: JunkSetup, today: string) => addDays(today, Math.max(1, setup.minNoticeDays));
export const latestDay = (setup: JunkSetup, today: string) => addDays(today, setup.maxAdvanceDays);

/**
 * Why a day is closed regardless of seats, and the windows it offers (for today, only those that have not
 * started). Order: past or too soon, same day, too far, blackout, non-working weekday.
 */
export function dayRule(
  setup: JunkSetup,
  clock: SlotClock,
  date: string,
): { reason: DayReason | null; note: string | null; windows: JunkWindow[] } {
  const closed = (reason: DayReason, note: string | null = null) => ({ reason, note, windows: [] });
  if (date < clock.today) return closed('past');
  if (date === clock.today) {
    if (!setup.sameDay.allowed) return closed('same_day_closed', 'Same-day service is not offered.');
    if (clock.time >= setup.sameDay.cutoff) {
      return closed('same_day_closed', `Same-day bookings close at ${setup.sameDay.cutoff}.`);
    }
  } else if (date < earliestLaterDay(setup, clock.today)) {
    return closed('past', `The earliest day is ${earliestLaterDay(setup, clock.today)}.`);
  }
  if (date > latestDay(setup, clock.today)) return closed('too_far');
  const blackout = setup.blackoutDates.find((b) => b.date === date);
  if (blackout) return closed('blackout', blackout.reason);
  const day = weekday(date);
  const windows = setup.nonWorkingWeekdays.includes(day) ? [] : setup.windows.filter((w) => w.weekdays.includes(day));
  if (!windows.length) return closed('non_working_day');
  const open = date === clock.today ? windows.filter((w) => w.start > clock.time) : windows;
  if (!open.length) return closed('same_day_closed', 'Every arrival window of today has started.');
  return { reason: null, note: null, windows: open };
}

/** One day of GET /junk/availability: its windows with the seats left; a day whose windows are all full is closed. */
export function junkDay(setup: JunkSetup, clock: SlotClock, date: string, taken: SeatsTaken): JunkDay {
  const rule = dayRule(setup, clock, date);
  const windows = rule.windows.map((w) => ({
    start: w.start,
    end: w.end,
    remaining: Math.max(0, w.capacity - taken(date, w.start)),
  }));
  if (rule.reason) return { date, open: false, windows, reason: rule.reason, note: rule.note };
  const open = windows.some((w) => w.remaining > 0);
  return { date, open, windows, reason: open ? null : 'full', note: open ? null : 'Every arrival window is booked.' };
}

/** The days from..to, inclusive; the caller has checked the span (at most 120 days). */
export function junkDays(setup: JunkSetup, clock: SlotClock, from: string, to: string, taken: SeatsTaken): JunkDay[] {
  return Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => junkDay(setup, clock, addDays(from, i), taken));
}

export type SlotRequest = { job_date: string; time_window_start: string; time_window_end: string };

/**
 * The day and window rules of POST /junk/intents, before seats are counted: the window the request books,
 * or the slot_* refusal naming why, with field and the day's offered windows in details.
 */
export function checkSlot(setup: JunkSetup, clock: SlotClock, request: SlotRequest): JunkWindow {
  const date = request.job_date;
  if (!isValidDate(date)) {
    throw new DomainError('slot_bad_date', `${date} is not a calendar date.`, { field: 'job_date' });
  }
  const rule = dayRule(setup, clock, date);
  if (rule.reason) {
    throw new DomainError(REASON_CODES[rule.reason], dayMessage(setup, clock, rule.reason, rule.note), {
      field: 'job_date',
      details: { reason: rule.reason },
    });
  }
  const window = rule.windows.find((w) => w.start === request.time_window_start);
  if (!window || window.end !== request.time_window_end) {
    const offered = rule.windows.map((w) => `${w.start}-${w.end}`).join(', ');
    throw new DomainError(
      'slot_bad_window',
      `No arrival window ${request.time_window_start}-${request.time_window_end} on ${date}; offered: ${offered}.`,
      {
        field: 'time_window_start',
        details: { reason: 'not_offered', windows: rule.windows.map(({ start, end }) => ({ start, end })) },
      },
    );
  }
  return window;
}

function dayMessage(setup: JunkSetup, clock: SlotClock, reason: DayReason, note: string | null): string {
  switch (reason) {
    case 'past':
      return note ?? 'This day is in the past.';
    case 'same_day_closed':
      return note ?? 'Same-day bookings are closed.';
    case 'too_far':
      return `Jobs can be booked at most ${setup.maxAdvanceDays} days ahead (until ${latestDay(setup, clock.today)}).`;
    case 'blackout':
      return `We are closed on this day (${note}).`;
    case 'non_working_day':
      return 'Our crews do not work on this day of the week.';
    case 'full':
      return 'Every arrival window of this day is booked.';
  }
}
