import { addDays, startOfDayIn, todayIn } from './dates';
import { DomainError } from './errors';

/**
 * The Data API's plans (data spec section 8), as pure rules: the free plan's daily window and lead quota.
 * The clock is an argument; where the window's opening instant is kept is the use case's business.
 */
export type Plan = 'free' | 'paid';

export const WINDOW_SECONDS = 10 * 60;
export const LEADS_PER_DAY = 200;
export const UPGRADE_URL_PATH = '/settings/api#plan';

/**
 * Seconds left in today's window that opened at `openedAt`, or a refusal once it has closed. The window
 * belongs to the company's local day: a new day opens a new one (the caller passes that day's opening).
 */
export function windowRemaining(openedAt: Date, now: Date, upgradeUrl: string): number {
  const left = Math.ceil((openedAt.getTime() + WINDOW_SECONDS * 1000 - now.getTime()) / 1000);
  if (left > 0) return Math.min(left, WINDOW_SECONDS);
  throw new DomainError(
    'daily_window_ended',
    "Today's 10-minute Data API window on the free plan has ended; it opens again with the first call of tomorrow (company time). Move to the paid plan for unlimited reads.",
    { upgradeUrl },
  );
}

/** Refuses a new lead past the free plan's daily quota (a deduplicated push makes no lead, so it is not counted). */
export function checkLeadQuota(plan: Plan, leadsToday: number, upgradeUrl: string): void {
  if (plan === 'free' && leadsToday >= LEADS_PER_DAY) {
    throw new DomainError(
      'lead_quota_exceeded',
      `The free plan takes ${LEADS_PER_DAY} new leads a day and today's are used; pushes of a lead made in the last 10 minutes still answer. Move to the paid plan for no quota.`,
      { upgradeUrl },
    );
  }
}

/**
 * The span of a new plan day opened at `now`: the company's local day, from its midnight (never before the
 * previous day's end) to the next (never past the next day's start, which only a clock set back can find).
 * Once written it is fixed: a timezone changed later neither ends the day early nor starts another.
 */
export function planDaySpan(
  timezone: string,
  now: Date,
  neighbours: { previousEnd: Date | null; nextStart: Date | null },
): { day: string; startsAt: Date; endsAt: Date } {
  const day = todayIn(timezone, now);
  const midnight = startOfDayIn(timezone, day);
  const nextMidnight = startOfDayIn(timezone, addDays(day, 1));
  const { previousEnd, nextStart } = neighbours;
  return {
    day,
    startsAt: previousEnd && previousEnd > midnight ? previousEnd : midnight,
    endsAt: nextStart && nextStart < nextMidnight ? nextStart : nextMidnight,
  };
}
