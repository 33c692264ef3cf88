import type { SvcApiError } from '@svc/sdk';
import {
  type Explained,
  explainApiCode,
  explainApiError,
  type FormWords,
  promoMessage,
  type Who,
} from '../engine/messages';
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
  placement: 'placement',
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

/** The dumpster form's words for the engine's explanations (engine/messages.ts). */
const DUMPSTER_WORDS: FormWords<Field> = { fields: API_FIELDS, messages: FIELD_MESSAGES, explain: explainOwn };

/**
 * Any failure of a Booking API call as one human sentence, placed next to the dumpster form's field it is
 * about.
 */
export function explainError(err: unknown, who: Who): Explained<Field> {
  return explainApiError(err, who, DUMPSTER_WORDS);
}

/** The refusals only the dumpster's calls answer (a size sold out, a pickup day closed), or undefined. */
function explainOwn(err: SvcApiError, who: Who): Explained<Field> | undefined {
  if (err.code === 'size_sold_out') return explainSoldOut(err);
  if ((err.code as string) === 'street_not_allowed') return explainStreetRefused(err);
  const details = (err.details ?? {}) as { reason?: string; earliest_delivery_date?: string };
  if (err.code === 'date_closed' && details.reason === 'permit_lead_days' && details.earliest_delivery_date) {
    return {
      field: 'date',
      message: `A street permit there must be applied for days ahead: the first delivery day on the street is ${longDate(details.earliest_delivery_date)}.`,
    };
  }
  if (err.code === 'date_closed' && err.field === 'pickup_date') {
    return {
      field: 'days',
      message: 'We do not pick up on the day this rental ends. Choose a rental one day shorter or longer.',
    };
  }
  return ownCode(err.code, who);
}

/** A refusal code (of an error or of a /check answer) as a sentence and the field it is about. */
export function explainCode(code: string, who: Who): Explained<Field> {
  return ownCode(code, who) ?? explainApiCode(code, who);
}

/** The codes whose sentence speaks of the dumpster's delivery, ZIP, size or material; undefined for others. */
function ownCode(code: string, who: Who): Explained<Field> | undefined {
  switch (code) {
    case 'date_past':
      return { field: 'date', message: 'That date has already passed. Choose a later delivery date.' };
    case 'date_closed':
      return { field: 'date', message: 'We do not deliver on that day. Choose another delivery date.' };
    case 'zip_invalid':
      return { field: 'zip', message: FIELD_MESSAGES.zip };
    case 'out_of_service_area':
      return { field: 'zip', message: `Sorry, ${who.companyName} does not deliver to this ZIP code.` };
    case 'material_not_allowed':
      return { field: 'size', message: 'This size does not take the material you chose. Pick one of the sizes shown.' };
    case 'not_found':
      return { field: 'size', message: 'That size is no longer offered. Please choose another one.' };
    default:
      return undefined;
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
export function explainSoldOut(err: SvcApiError): Explained<Field> {
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

/** The street where the company's rules do not allow a dumpster (409 street_not_allowed): the choice to change. */
export function explainStreetRefused(err: SvcApiError): Explained<Field> {
  const rule = ((err.details ?? {}) as { rule?: string | null }).rule;
  return {
    field: 'placement',
    message: `A dumpster cannot sit on the street ${rule ? `in ${rule}` : 'at this address'}. Choose a driveway or private property.`,
  };
}
