import type { BookingClient, JunkQuote } from '@svc/sdk';
import { useEffect, useRef, useState } from 'react';
import type { Who } from '../dumpster/messages';
import { promoMessage } from '../dumpster/messages';
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
  const [quote, setQuote] = useState<JunkQuote | null>(initial);
  const [busy, setBusy] = useState(false);
  const quoteKey = load ? `${load}|${promo.trim()}` : '';
  const rendered = useRef(initial ? quoteKey : '');
  // biome-ignore lint/correctness/useExhaustiveDependencies: quoteKey carries every input of the quote
  useEffect(() => {
    if (!quoteKey || quoteKey === rendered.current) return;
    rendered.current = '';
    let live = true;
    setBusy(true);
    const timer = setTimeout(() => {
      client
        .junkQuote({ load_fraction: load, ...(promo.trim() ? { promo_code: promo.trim() } : {}) })
        .then((q) => {
          if (!live) return;
          setQuote(q);
          setErrors((e) => ({ ...e, promo: q.promo && !q.promo.ok ? promoMessage(q.promo.message) : undefined }));
        })
        .catch((err) => {
          if (!live) return;
          const { field, message } = explainJunkError(err, who);
          setErrors((e) => ({ ...e, [field]: message }));
        })
        .finally(() => live && setBusy(false));
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [quoteKey]);
  return { quote, quoteBusy: busy };
}
