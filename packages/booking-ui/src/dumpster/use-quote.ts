import type { BookingClient, Quote, Size } from '@svc/sdk';
import type { Who } from '../engine/messages';
import { useQuote } from '../engine/use-live-quote';
import type { Answers, FieldErrors } from './answers';
import { explainError } from './messages';
import { type StreetQuery, streetKey } from './placement';

/**
 * The live quote: every change of size, length, material, promo or (on the street) the address's ZIP and
 * city asks the server again (debounced). The driveway's quote is asked without placement, as always.
 */
export function useLiveQuote(
  client: BookingClient,
  size: Size | undefined,
  answers: Answers,
  materialsOn: boolean,
  who: Who,
  setErrors: (update: (e: FieldErrors) => FieldErrors) => void,
  /** The quote the page's server rendered for the starting answers: not asked again. */
  initial: Quote | null = null,
  /** The street at the address (placement.ts), or null: the driveway, or no ZIP yet. */
  street: StreetQuery | null = null,
) {
  const material = materialsOn ? answers.material : '';
  const promo = answers.promo.trim();
  return useQuote(
    size ? `${size.id}|${answers.days}|${material}|${promo}${street ? `|${streetKey(street)}` : ''}` : '',
    () =>
      client.quote({
        size_id: size?.id as string,
        rental_days: answers.days,
        ...(promo ? { promo_code: promo } : {}),
        ...(material ? { material } : {}),
        ...street,
      }),
    (err) => explainError(err, who),
    setErrors,
    initial,
  );
}
