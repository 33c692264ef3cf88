import type { Company } from './catalog';
import { addDays, daysBetween, weekday } from './dates';

export type ClosedReason = 'past' | 'holiday_or_blackout' | 'non_working_day';

export type CalendarRules = Pick<Company, 'nonWorkingWeekdays' | 'closedDates' | 'minNoticeDays' | 'maxAdvanceDays'>;

/** The earliest bookable delivery date: today plus the company's minimum notice. */
export function minDate(rules: CalendarRules, today: string): string {
  return addDays(today, rules.minNoticeDays);
}

/** The last bookable delivery date: today plus the company's maximum advance days. */
export function maxDate(rules: CalendarRules, today: string): string {
  return addDays(today, rules.maxAdvanceDays);
}

/**
 * Why a delivery date cannot be booked, or null when it can (ignoring the max-advance bound, which
 * /availability reports as max_date). Days before min_date are 'past': see docs/decisions/calendar.md.
 */
export function closedReason(rules: CalendarRules, today: string, date: string): ClosedReason | null {
  return closedOn(rules, minDate(rules, today), date);
}

/** closedReason with the earliest delivery day already known (a range asks it once, not once a day). */
function closedOn(rules: CalendarRules, earliest: string, date: string): ClosedReason | null {
  if (date < earliest) return 'past';
  if (rules.closedDates.some((c) => c.date === date)) return 'holiday_or_blackout';
  if (rules.nonWorkingWeekdays.includes(weekday(date))) return 'non_working_day';
  return null;
}

export const AVAILABILITY_DEFAULT_SPAN = 59;
export const AVAILABILITY_MAX_SPAN = 120;

export type Availability = {
  today: string;
  min_date: string;
  max_date: string;
  from: string;
  to: string;
  max_days: number;
  closed: { date: string; reason: ClosedReason }[];
};

/** The closed days between from and to, inclusive. The caller has checked the range (<= 120 days). */
export function availability(rules: CalendarRules, today: string, from: string, to: string): Availability {
  const closed: Availability['closed'] = [];
  const span = daysBetween(from, to);
  const earliest = minDate(rules, today);
  for (let i = 0; i <= span; i++) {
    const date = addDays(from, i);
    const reason = closedOn(rules, earliest, date);
    if (reason) closed.push({ date, reason });
  }
  return {
    today,
    min_date: minDate(rules, today),
    max_date: maxDate(rules, today),
    from,
    to,
    max_days: rules.maxAdvanceDays,
    closed,
  };
}

export type DateCheck = { ok: true } | { ok: false; code: 'date_past' | 'date_closed'; message: string };

/** The delivery-date rule shared by /check and /intents. */
export function checkDeliveryDate(rules: CalendarRules, today: string, date: string): DateCheck {
  if (date < today) return { ok: false, code: 'date_past', message: 'This date is in the past.' };
  const earliest = minDate(rules, today);
  if (date < earliest) {
    return { ok: false, code: 'date_past', message: `The earliest delivery date is ${earliest}.` };
  }
  const latest = maxDate(rules, today);
  if (date > latest) {
    return {
      ok: false,
      code: 'date_closed',
      message: `Deliveries can be booked at most ${rules.maxAdvanceDays} days ahead (until ${latest}).`,
    };
  }
  const closedDay = rules.closedDates.find((c) => c.date === date);
  if (closedDay) {
    return { ok: false, code: 'date_closed', message: `We are closed on this date (${closedDay.reason}).` };
  }
  if (rules.nonWorkingWeekdays.includes(weekday(date))) {
    return { ok: false, code: 'date_closed', message: 'We do not deliver on this day of the week.' };
  }
  return { ok: true };
}

export type PickupCheck =
  | { ok: true; date: string }
  | { ok: false; code: 'invalid_body' | 'date_closed'; message: string; expected: string };

/**
 * The pickup of a rental: delivery + rental_days, the days the customer pays for. A pickup_date sent with
 * the request must be that day, and it must be a day the company works: a rental whose pickup falls on a
 * closed day is refused, so every day the dumpster stays is a day paid for (docs/decisions/rental-days-paid.md).
 */
export function checkPickupDate(
  rules: CalendarRules,
  delivery: string,
  rentalDays: number,
  requested: string | undefined,
): PickupCheck {
  const expected = addDays(delivery, rentalDays);
  if (requested !== undefined && requested !== expected) {
    return {
      ok: false,
      code: 'invalid_body',
      message: `A ${rentalDays}-day rental delivered on ${delivery} is picked up on ${expected}: send that pickup_date, or change rental_days.`,
      expected,
    };
  }
  const closedDay = rules.closedDates.find((c) => c.date === expected);
  if (closedDay || rules.nonWorkingWeekdays.includes(weekday(expected))) {
    const why = closedDay
      ? `we are closed on ${expected} (${closedDay.reason})`
      : `we do not pick up on ${dayName(expected)}s`;
    return {
      ok: false,
      code: 'date_closed',
      message: `The pickup would be on ${expected}, but ${why}: choose a rental one day shorter or longer.`,
      expected,
    };
  }
  return { ok: true, date: expected };
}

const dayName = (date: string) =>
  ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'][weekday(date) - 1];
