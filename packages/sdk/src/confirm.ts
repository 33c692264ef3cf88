import type { BookingClient, Confirmation, JunkConfirmation } from './client';
import { type ErrorCode, SvcApiError, SvcConnectionError } from './errors';

/** The card is authorized but the order or job is not made yet: tell the customer it is being finalized. */
type Finalizing = { state: 'unconfirmed'; session_id: string };

export type ConfirmOutcome = (Confirmation & { state: 'confirmed' | 'held' }) | (Finalizing & { order_number: null });
export type JunkConfirmOutcome =
  | (JunkConfirmation & { state: 'confirmed' | 'held' })
  | (Finalizing & { job_number: null });

export type ConfirmWithRetryOptions = {
  /** POST /confirm attempts before polling the session. Default 4. */
  attempts?: number;
  /** First wait between attempts; doubled each time. Default 500 ms. */
  baseDelayMs?: number;
  /** How long to poll GET /sessions for a final state. Default 60 s. */
  pollTimeoutMs?: number;
  pollIntervalMs?: number;
};

type Pair = { session_id: string; payment_intent_id: string };

const RETRYABLE: ErrorCode[] = ['upstream', 'processing', 'rate_limited', 'internal'];

/**
 * POST /confirm as the order flow rules say: repeated with the same pair on upstream, processing,
 * rate-limit and network errors (it is idempotent), then GET /sessions is polled until the order exists.
 * Other refusals (unconfirmed: the card is not authorized; payment_intent_mismatch; not_found) are thrown.
 */
export async function confirmWithRetry(
  client: BookingClient,
  pair: Pair,
  options: ConfirmWithRetryOptions = {},
): Promise<ConfirmOutcome> {
  const made = await settle(client, pair, () => client.confirm(pair), options);
  return made ?? { state: 'unconfirmed', session_id: pair.session_id, order_number: null };
}

/** The same for a junk removal booking: POST /junk/confirm, retried, then the session polled for the job. */
export async function confirmJunkWithRetry(
  client: BookingClient,
  pair: Pair,
  options: ConfirmWithRetryOptions = {},
): Promise<JunkConfirmOutcome> {
  const made = await settle(client, pair, () => client.confirmJunk(pair), options);
  return made ?? { state: 'unconfirmed', session_id: pair.session_id, job_number: null };
}

/** The confirm call retried, then the session polled; null when the order or job is still being made. */
async function settle<T>(
  client: BookingClient,
  pair: Pair,
  confirm: () => Promise<T>,
  options: ConfirmWithRetryOptions,
): Promise<(T & { state: 'confirmed' | 'held' }) | null> {
  const attempts = options.attempts ?? 4;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  let delay = options.baseDelayMs ?? 500;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      return (await confirm()) as T & { state: 'confirmed' | 'held' };
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
    const made = session && (session.order_number ?? session.job_number) != null;
    if (made && (session.state === 'confirmed' || session.state === 'held')) {
      return (await confirm()) as T & { state: 'confirmed' | 'held' }; // the same order or job, with its ids
    }
    if (session?.state === 'failed')
      throw new Error(`The booking failed: ${session.last_error ?? 'no order was made'}`);
    if (Date.now() >= deadline) return null;
    await sleep(options.pollIntervalMs ?? 1000);
  }
}
