import { useEffect, useRef, useState } from 'react';
import { type Explained, promoErrors } from './messages';

/**
 * A form's live quote: each new `key` (every input of the quote, '' for none to ask) asks the server again,
 * debounced; a late answer for an older key is dropped. The quote the page's server rendered for the
 * starting answers (`initial`) is not asked again. A refused promo, or a failed call, becomes a field error.
 */
export function useQuote<Q extends { promo: { ok: boolean; message?: string } | null }, F extends string>(
  key: string,
  ask: () => Promise<Q>,
  explain: (err: unknown) => Explained<F>,
  setErrors: (update: (e: Partial<Record<F, string>>) => Partial<Record<F, string>>) => void,
  initial: Q | null = null,
) {
  const [quote, setQuote] = useState<Q | null>(initial);
  const [busy, setBusy] = useState(false);
  const rendered = useRef(initial ? key : '');
  const latest = useRef(ask);
  latest.current = ask;
  // biome-ignore lint/correctness/useExhaustiveDependencies: key carries every input of the quote
  useEffect(() => {
    if (!key || key === rendered.current) return;
    rendered.current = '';
    let live = true;
    setBusy(true);
    const timer = setTimeout(() => {
      latest
        .current()
        .then((q) => {
          if (!live) return;
          setQuote(q);
          // Every form calls its promo code field 'promo'.
          setErrors((e) => ({ ...e, ['promo' as F]: promoErrors(q.promo).promo }));
        })
        .catch((err) => {
          if (!live) return;
          const { field, message } = explain(err);
          setErrors((e) => ({ ...e, [field]: message }));
        })
        .finally(() => live && setBusy(false));
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key]);
  return { quote, quoteBusy: busy, clearQuote: () => setQuote(null) };
}
