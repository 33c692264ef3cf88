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
 * /availability reports as max_date). Days before min_date are 'past': see docs/decisions.md.
 */
export function closedReason(rules: CalendarRules, today: string, date: string): ClosedReason | null {
  if (date < minDate(rules, today)) return 'past';
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
  for (let i = 0; i <= span; i++) {
    const date = addDays(from, i);
    const reason = closedReason(rules, today, date);
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
