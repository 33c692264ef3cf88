import { SvcApiError, SvcConnectionError } from '@svc/sdk';

/** The company a sentence sends the customer to, with its phone once the company's profile is loaded. */
export type Who = { companyName: string; phone: string | null };
/** One sentence for the customer and the field it stands next to ('form': above the submit button). */
export type Explained<F extends string> = { field: F; message: string };

/** What a form adds to the engine's explanations: its own field names and its own refusals. */
export type FormWords<F extends string> = {
  /** The API's field names (dotted, as in error.field) to the form's fields. */
  fields: Record<string, F>;
  /** What each of the form's fields asks for: said when the API refused its value. */
  messages: Record<Exclude<F, 'form' | 'card'>, string>;
  /** The codes only the form's calls answer, before the engine's; undefined for the others. */
  explain(err: SvcApiError, who: Who): Explained<F> | undefined;
};

/** A refused promo code that came with no reason (both forms word their field the same). */
const PROMO_INVALID = 'This promo code is not valid.';

export const callUs = (who: Who) =>
  who.phone ? `call ${who.companyName} at ${who.phone}` : `contact ${who.companyName}`;

/**
 * Any failure of a Booking API call as one human sentence, placed next to the field it is about: the
 * form's own words first (`form`), then what any call can answer. Codes are the contract; the API's own
 * messages are written for developers and are not shown.
 */
export function explainApiError<F extends string>(
  err: unknown,
  who: Who,
  form: FormWords<F>,
): Explained<F | 'form' | 'email' | 'promo'> {
  if (err instanceof SvcConnectionError) {
    return { field: 'form', message: 'We could not reach the booking service. Check your connection and try again.' };
  }
  if (!(err instanceof SvcApiError)) return explainApiCode('internal', who);
  if (err.code === 'invalid_body' || err.code === 'invalid_parameter') {
    const field = form.fields[err.field ?? ''];
    return field && field !== 'form' && field !== 'card'
      ? { field, message: form.messages[field as Exclude<F, 'form' | 'card'>] }
      : { field: 'form', message: 'Some of the details could not be read. Please check the form and try again.' };
  }
  if (err.code === 'promo_invalid') return explainPromoRefusal(err);
  if (err.code === 'rate_limited') {
    const wait = err.retryAfter ?? 60;
    if (wait > 90) {
      const minutes = Math.ceil(wait / 60);
      return {
        field: 'form',
        message: `Too many payment attempts. Please try again in about ${minutes} minutes, or ${callUs(who)}.`,
      };
    }
    return { field: 'form', message: `Too many tries in a short time. Please wait ${wait} seconds and try again.` };
  }
  return form.explain(err, who) ?? explainApiCode(err.code, who);
}

/** A refusal code any Booking API call can answer, whatever the form, as a sentence and its field. */
export function explainApiCode(code: string, who: Who): Explained<'form' | 'email'> {
  switch (code) {
    case 'account_customer':
      return {
        field: 'email',
        message: `This e-mail belongs to a business account with ${who.companyName}. To order on your account, ${callUs(who)}.`,
      };
    case 'booking_offline':
      return { field: 'form', message: `Online booking is paused right now. To book, ${callUs(who)}.` };
    case 'payments_not_ready':
      return { field: 'form', message: `Card payments are not set up yet. To book, ${callUs(who)}.` };
    case 'upstream':
      return {
        field: 'form',
        message: 'The payment service did not answer. You have not been charged; please try again.',
      };
    case 'origin_not_allowed':
    case 'origin_required':
    case 'unauthorized':
    case 'company_inactive':
      return { field: 'form', message: `Online booking is not available here. To book, ${callUs(who)}.` };
    default:
      return { field: 'form', message: 'Something went wrong on our side. Please try again in a moment.' };
  }
}

/**
 * A promo refused when the payment is opened (at the promo field), or when the booking is made: the code's
 * last use went to someone else while the card was pending, nothing was booked and the card released.
 */
export function explainPromoRefusal(err: SvcApiError): Explained<'promo' | 'form'> {
  if ((err.details as { payment?: string } | undefined)?.payment === 'released') {
    return {
      field: 'form',
      message:
        'The promo code ran out while you were paying, so nothing was booked and your card was not charged. Change the details to book without it.',
    };
  }
  return { field: 'promo', message: promoMessage(err.message) };
}

/** The API's promo refusal ("This promo code has expired.") with what to do about it. */
export function promoMessage(apiMessage: string | undefined): string {
  return apiMessage ? `${apiMessage.replace(/\.$/, '')}. Remove it or try another code.` : PROMO_INVALID;
}

/** A quote's refused promo as the form's error, or none. */
export function promoErrors(promo: { ok: boolean; message?: string } | null | undefined): { promo?: string } {
  return promo && !promo.ok ? { promo: promoMessage(promo.message) } : {};
}
