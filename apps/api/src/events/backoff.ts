/**
 * Retry schedules of a failed delivery, by the API an endpoint belongs to: the waits after the 1st, 2nd, …
 * failed attempt. After the last one the delivery is given up (status failed).
 *
 * - Booking API (its spec section 6: "retries with backoff for about an hour").
 * - Data API (data spec section 6: "retries with backoff, up to 5 attempts"): four waits, five attempts in
 *   all, over about 70 minutes (docs/decisions/data-webhooks.md).
 */
export const RETRY_SECONDS = [15, 60, 120, 300, 600, 900, 1800] as const;
export const DATA_RETRY_SECONDS = [30, 120, 600, 3600] as const;

export type WebhookApi = 'booking' | 'data';

const SCHEDULES: Record<WebhookApi, readonly number[]> = { booking: RETRY_SECONDS, data: DATA_RETRY_SECONDS };

/** Attempts a delivery gets in all, first one included. */
export function maxAttempts(api: WebhookApi): number {
  return SCHEDULES[api].length + 1;
}

/** An endpoint is switched off after this many failed attempts in a row (both specs' section 6). */
export const DISABLE_AFTER_FAILURES = 20;

/**
 * The endpoint's own backoff: after its nth failure in a row, its whole queue waits this long before the
 * next attempt of any of its events (the last wait repeats). Failures are counted per endpoint over time,
 * not per event, so a receiver that is down for 30 s costs three or four attempts, not one per pending
 * event; the 20 failures that switch an endpoint off take about 57 minutes of continuous failure (the
 * Booking API's "about an hour"), which is less than one event's own schedule of either API, so no event is
 * given up before its endpoint is (docs/decisions/webhook-endpoint-backoff.md).
 */
export const ENDPOINT_BACKOFF_SECONDS = [5, 10, 20, 40, 80, 160, 240] as const;

/** Seconds an endpoint's queue waits after its `failures`th failure in a row (the repository's SQL does the same). */
export function endpointBackoff(failures: number): number {
  const waits = ENDPOINT_BACKOFF_SECONDS;
  return waits[Math.min(Math.max(failures, 1), waits.length) - 1] as number;
}

/** How long a switched-off endpoint keeps the events produced while it is off (db/repositories/outbox.ts). */
export { HOLD_DAYS } from '../db/repositories/outbox';

/** Seconds to wait before the event's next attempt, or null when its attempts are exhausted. */
export function retryDelay(failedAttempts: number, api: WebhookApi = 'booking'): number | null {
  return SCHEDULES[api][failedAttempts - 1] ?? null;
}
