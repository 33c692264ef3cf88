import type { BookingClient, Quote, Size } from '@svc/sdk';
import { useEffect, useRef, useState } from 'react';
import type { Answers, FieldErrors } from './answers';
import { explainError, promoMessage, type Who } from './messages';

/** The live quote: every change of size, length, material or promo asks the server again (debounced). */
export function useLiveQuote(
  client: BookingClient,
  size: Size | undefined,
  answers: Answers,
  materialsOn: boolean,
  who: Who,
  setErrors: (update: (e: FieldErrors) => FieldErrors) => void,
  /** The quote the page's server rendered for the starting answers: not asked again. */
  initial: Quote | null = null,
) {
  const [quote, setQuote] = useState<Quote | null>(initial);
  const [busy, setBusy] = useState(false);
  const quoteKey = size
    ? `${size.id}|${answers.days}|${materialsOn ? answers.material : ''}|${answers.promo.trim()}`
    : '';
  const rendered = useRef(initial ? quoteKey : '');
  // biome-ignore lint/correctness/useExhaustiveDependencies: quoteKey carries every input of the quote
  useEffect(() => {
    if (!quoteKey || !size) return;
    if (quoteKey === rendered.current) return;
    rendered.current = '';
    let live = true;
    setBusy(true);
    const timer = setTimeout(() => {
      client
        .quote({
          size_id: size.id,
          rental_days: answers.days,
          ...(answers.promo.trim() ? { promo_code: answers.promo.trim() } : {}),
          ...(materialsOn && answers.material ? { material: answers.material } : {}),
        })
        .then((q) => {
          if (!live) return;
          setQuote(q);
          setErrors((e) => ({ ...e, promo: q.promo && !q.promo.ok ? promoMessage(q.promo.message) : undefined }));
        })
        .catch((err) => {
          if (!live) return;
          const { field, message } = explainError(err, who);
          setErrors((e) => ({ ...e, [field]: message }));
        })
        .finally(() => live && setBusy(false));
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [quoteKey]);
  return { quote, quoteBusy: busy, clearQuote: () => setQuote(null) };
}
