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

/** Seconds to wait before the next attempt, or null when attempts are exhausted. */
export function retryDelay(failedAttempts: number, api: WebhookApi = 'booking'): number | null {
  return SCHEDULES[api][failedAttempts - 1] ?? null;
}
