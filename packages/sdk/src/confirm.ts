import type { BookingClient, Confirmation } from './client';
import { type ErrorCode, SvcApiError, SvcConnectionError } from './errors';

export type ConfirmOutcome =
  | (Confirmation & { state: 'confirmed' | 'held' })
  /** The card is authorized but the order is not made yet: tell the customer it is being finalized. */
  | { state: 'unconfirmed'; session_id: string; order_number: null };

export type ConfirmWithRetryOptions = {
  /** POST /confirm attempts before polling the session. Default 4. */
  attempts?: number;
  /** First wait between attempts; doubled each time. Default 500 ms. */
  baseDelayMs?: number;
  /** How long to poll GET /sessions for a final state. Default 60 s. */
  pollTimeoutMs?: number;
  pollIntervalMs?: number;
};

const RETRYABLE: ErrorCode[] = ['upstream', 'processing', 'rate_limited', 'internal'];

/**
 * POST /confirm as the order flow rules say: repeated with the same pair on upstream, processing,
 * rate-limit and network errors (it is idempotent), then GET /sessions is polled until the order exists.
 * Other refusals (unconfirmed: the card is not authorized; payment_intent_mismatch; not_found) are thrown.
 */
export async function confirmWithRetry(
  client: BookingClient,
  pair: { session_id: string; payment_intent_id: string },
  options: ConfirmWithRetryOptions = {},
): Promise<ConfirmOutcome> {
  const attempts = options.attempts ?? 4;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  let delay = options.baseDelayMs ?? 500;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      return (await client.confirm(pair)) as ConfirmOutcome;
    } catch (err) {
      const retryable =
        err instanceof SvcConnectionError || (err instanceof SvcApiError && RETRYABLE.includes(err.code));
      if (!retryable) throw err;
      if (attempt === attempts) break;
      await sleep(err instanceof SvcApiError && err.retryAfter ? err.retryAfter * 1000 : delay);
      delay *= 2;
    }
  }
  const deadline = Date.now() + (options.pollTimeoutMs ?? 60_000);
  for (;;) {
    const session = await client.session(pair.session_id).catch((err) => {
      if (err instanceof SvcConnectionError) return null;
      throw err;
    });
    if (session && (session.state === 'confirmed' || session.state === 'held') && session.order_number !== null) {
      return (await client.confirm(pair)) as ConfirmOutcome; // the same order, with its ids
    }
    if (session?.state === 'failed')
      throw new Error(`The booking failed: ${session.last_error ?? 'no order was made'}`);
    if (Date.now() >= deadline) return { state: 'unconfirmed', session_id: pair.session_id, order_number: null };
    await sleep(options.pollIntervalMs ?? 1000);
  }
}
