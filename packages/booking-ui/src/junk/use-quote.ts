import type { BookingClient, JunkQuote } from '@svc/sdk';
import type { Who } from '../engine/messages';
import { useQuote } from '../engine/use-live-quote';
import type { JunkErrors } from './answers';
import { explainJunkError } from './messages';

/** The live junk quote: every change of load or promo asks the server again (debounced). */
export function useJunkQuote(
  client: BookingClient,
  load: string,
  promo: string,
  who: Who,
  setErrors: (update: (e: JunkErrors) => JunkErrors) => void,
  initial: JunkQuote | null = null,
) {
  const code = promo.trim();
  const { quote, quoteBusy } = useQuote(
    load ? `${load}|${code}` : '',
    () => client.junkQuote({ load_fraction: load, ...(code ? { promo_code: code } : {}) }),
    (err) => explainJunkError(err, who),
    setErrors,
    initial,
  );
  return { quote, quoteBusy };
}
