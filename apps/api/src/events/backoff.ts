/**
 * Retry schedule of a failed delivery: the waits after the 1st, 2nd, … failed attempt, about an hour in
 * all (spec: "retries with backoff for about an hour"). After the last one the delivery is given up.
 */
export const RETRY_SECONDS = [15, 60, 120, 300, 600, 900, 1800] as const;

/** An endpoint is switched off after this many failed attempts in a row (spec section 6). */
export const DISABLE_AFTER_FAILURES = 20;

/** Seconds to wait before the next attempt, or null when attempts are exhausted. */
export function retryDelay(failedAttempts: number): number | null {
  return RETRY_SECONDS[failedAttempts - 1] ?? null;
}
