import type { BookingClient, Quote, Size } from '@svc/sdk';
import type { Who } from '../engine/messages';
import { useQuote } from '../engine/use-live-quote';
import type { Answers, FieldErrors } from './answers';
import { explainError } from './messages';

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
  const material = materialsOn ? answers.material : '';
  const promo = answers.promo.trim();
  return useQuote(
    size ? `${size.id}|${answers.days}|${material}|${promo}` : '',
    () =>
      client.quote({
        size_id: size?.id as string,
        rental_days: answers.days,
        ...(promo ? { promo_code: promo } : {}),
        ...(material ? { material } : {}),
      }),
    (err) => explainError(err, who),
    setErrors,
    initial,
  );
}
