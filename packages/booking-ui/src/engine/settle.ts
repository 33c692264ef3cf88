import { type BookingClient, confirmJunkWithRetry, confirmWithRetry, type JunkConfirmOutcome } from '@svc/sdk';
import type { Settled } from './types';

type Pair = { session_id: string; payment_intent_id: string };

/**
 * Each kind's confirm as the engine's Settled: retried as the order flow rules say, or once (a page that
 * resumes after a reload asks whether the order is made; a refusal means the card is still to be given).
 */
export function settleOrder(client: BookingClient) {
  return async (pair: Pair, once = false): Promise<Settled> => {
    const outcome = once ? await client.confirm(pair) : await confirmWithRetry(client, pair);
    if (outcome.order_number === null) return { state: 'unconfirmed', session_id: pair.session_id };
    return { state: outcome.state, number: outcome.order_number, session_id: pair.session_id };
  };
}

export function settleJob(client: BookingClient) {
  return async (pair: Pair, once = false): Promise<Settled> => {
    const outcome: JunkConfirmOutcome = once
      ? await client.confirmJunk(pair)
      : await confirmJunkWithRetry(client, pair);
    if (outcome.job_number === null) return { state: 'unconfirmed', session_id: pair.session_id };
    return {
      state: outcome.state,
      number: outcome.job_number,
      session_id: pair.session_id,
      job: {
        date: outcome.job_date,
        start: outcome.time_window.start,
        end: outcome.time_window.end,
        photosUntil: outcome.photos.until,
        maxPhotos: outcome.photos.max_count,
      },
    };
  };
}
