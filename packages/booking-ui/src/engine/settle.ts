import { type BookingClient, confirmJunkWithRetry, confirmWithRetry, type JunkConfirmOutcome } from '@svc/sdk';
import type { Settled } from './types';

/** The intent being confirmed: the pair the API takes, and the reference an unconfirmed booking shows. */
type Pair = { session_id: string; payment_intent_id: string; reference: string };
const pairOf = ({ session_id, payment_intent_id }: Pair) => ({ session_id, payment_intent_id });
const unconfirmed = (pair: Pair): Settled => ({
  state: 'unconfirmed',
  session_id: pair.session_id,
  reference: pair.reference,
});

/**
 * Each kind's confirm as the engine's Settled: retried as the order flow rules say, or once (a page that
 * resumes after a reload asks whether the order is made; a refusal means the card is still to be given).
 */
export function settleOrder(client: BookingClient) {
  return async (pair: Pair, once = false): Promise<Settled> => {
    const outcome = once ? await client.confirm(pairOf(pair)) : await confirmWithRetry(client, pairOf(pair));
    if (outcome.order_number === null) return unconfirmed(pair);
    return {
      state: outcome.state,
      number: outcome.order_number,
      session_id: pair.session_id,
      ...(outcome.manage_url ? { manageUrl: outcome.manage_url } : {}),
    };
  };
}

export function settleJob(client: BookingClient) {
  return async (pair: Pair, once = false): Promise<Settled> => {
    const outcome: JunkConfirmOutcome = once
      ? await client.confirmJunk(pairOf(pair))
      : await confirmJunkWithRetry(client, pairOf(pair));
    if (outcome.job_number === null) return unconfirmed(pair);
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
