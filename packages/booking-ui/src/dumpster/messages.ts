import { SvcApiError, SvcConnectionError } from '@svc/sdk';
import { longDate } from '../format';
import { FIELD_MESSAGES, type Field, type FieldErrors } from './answers';

/** The API's field names (dotted, as in error.field) to the form's fields. */
const API_FIELDS: Record<string, Field> = {
  size_id: 'size',
  rental_days: 'days',
  delivery_date: 'date',
  pickup_date: 'date',
  delivery_address: 'address',
  delivery_city: 'city',
  delivery_state: 'state',
  delivery_zip: 'zip',
  zip: 'zip',
  promo_code: 'promo',
  material: 'material',
  material_acknowledged: 'ack',
  debris_type: 'debris',
  terms_accepted: 'terms',
  'customer.name': 'name',
  'customer.email': 'email',
  'customer.phone': 'phone',
  'customer.company_name': 'companyName',
};

export type Explained<F extends string = Field> = { field: F; message: string };
export type Who = { companyName: string; phone: string | null };

const callUs = (who: Who) => (who.phone ? `call ${who.companyName} at ${who.phone}` : `contact ${who.companyName}`);

/**
 * Any failure of a Booking API call as one human sentence, placed next to the field it is about. Codes are
 * the contract; the API's own messages are written for developers and are not shown.
 */
export function explainError(err: unknown, who: Who): Explained {
  if (err instanceof SvcConnectionError) {
    return { field: 'form', message: 'We could not reach the booking service. Check your connection and try again.' };
  }
  if (!(err instanceof SvcApiError)) return explainCode('internal', who);
  if (err.code === 'invalid_body' || err.code === 'invalid_parameter') {
    const field = API_FIELDS[err.field ?? ''];
    return field && field !== 'form' && field !== 'card'
      ? { field, message: FIELD_MESSAGES[field] }
      : { field: 'form', message: 'Some of the details could not be read. Please check the form and try again.' };
  }
  if (err.code === 'promo_invalid') return explainPromoRefusal(err);
  if (err.code === 'size_sold_out') return explainSoldOut(err);
  if (err.code === 'date_closed' && err.field === 'pickup_date') {
    return {
      field: 'days',
      message: 'We do not pick up on the day this rental ends. Choose a rental one day shorter or longer.',
    };
  }
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
  return explainCode(err.code, who);
}

/** A refusal code (of an error or of a /check answer) as a sentence and the field it is about. */
export function explainCode(code: string, who: Who): Explained {
  switch (code) {
    case 'date_past':
      return { field: 'date', message: 'That date has already passed. Choose a later delivery date.' };
    case 'date_closed':
      return { field: 'date', message: 'We do not deliver on that day. Choose another delivery date.' };
    case 'zip_invalid':
      return { field: 'zip', message: FIELD_MESSAGES.zip };
    case 'out_of_service_area':
      return { field: 'zip', message: `Sorry, ${who.companyName} does not deliver to this ZIP code.` };
    case 'account_customer':
      return {
        field: 'email',
        message: `This e-mail belongs to a business account with ${who.companyName}. To order on your account, ${callUs(who)}.`,
      };
    case 'material_not_allowed':
      return { field: 'size', message: 'This size does not take the material you chose. Pick one of the sizes shown.' };
    case 'not_found':
      return { field: 'size', message: 'That size is no longer offered. Please choose another one.' };
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

/** /check's answers for the date, the ZIP and the promo code as field errors. */
export function explainCheck(
  check: {
    date: { ok: boolean; code?: string } | null;
    service_area: { ok: boolean; code?: string } | null;
    promo: { ok: boolean; message?: string } | null;
    booking_online: boolean;
    payments_ready: boolean;
  },
  who: Who,
): FieldErrors {
  const errors: FieldErrors = {};
  if (check.date && !check.date.ok) errors.date = explainCode(check.date.code ?? 'date_closed', who).message;
  if (check.service_area && !check.service_area.ok) {
    errors.zip = explainCode(check.service_area.code ?? 'out_of_service_area', who).message;
  }
  if (check.promo && !check.promo.ok) errors.promo = promoMessage(check.promo.message);
  if (!check.booking_online) errors.form = explainCode('booking_offline', who).message;
  else if (!check.payments_ready) errors.form = explainCode('payments_not_ready', who).message;
  return errors;
}

/**
 * No can of the size free for the whole rental (docs/decisions/fleet.md): at the intent, the date is
 * the field to change (the page re-reads the calendar); at confirm, the card was released and nothing booked.
 */
export function explainSoldOut(err: SvcApiError): Explained {
  const details = (err.details ?? {}) as { payment?: string; next_delivery_date?: string | null };
  if (details.payment === 'released') {
    return {
      field: 'form',
      message:
        'The last dumpster of this size for those days was booked while you were paying, so nothing was booked and your card was not charged. Change the details to choose another day.',
    };
  }
  const next = details.next_delivery_date
    ? ` The first day with one free is ${longDate(details.next_delivery_date)}.`
    : '';
  return {
    field: 'date',
    message: `All dumpsters of this size are out for some of those days: choose another delivery day.${next}`,
  };
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
  return apiMessage ? `${apiMessage.replace(/\.$/, '')}. Remove it or try another code.` : FIELD_MESSAGES.promo;
}

/** A quote's refused promo as the form's error, or none. */
export function promoErrors(promo: { ok: boolean; message?: string } | null | undefined): { promo?: string } {
  return promo && !promo.ok ? { promo: promoMessage(promo.message) } : {};
}
