import type { SvcApiError } from '@svc/sdk';
import { type Explained, explainApiError, type FormWords, type Who } from '../engine/messages';
import { JUNK_MESSAGES, type JunkField, outOfArea } from './answers';

/** The API's field names (error.field) to the junk form's fields. */
const API_FIELDS: Record<string, JunkField> = {
  load_fraction: 'load',
  job_date: 'date',
  time_window_start: 'window',
  time_window_end: 'window',
  address_line1: 'address',
  city: 'city',
  zip: 'zip',
  notes: 'notes',
  promo_code: 'promo',
  terms_accepted: 'terms',
  'customer.name': 'name',
  'customer.email': 'email',
  'customer.phone': 'phone',
};

/** Why /junk/intents refused the day or the window, for the customer. */
const SLOT_MESSAGES: Record<string, [JunkField, string]> = {
  slot_past_date: ['date', 'That day has already passed. Choose another pickup date.'],
  slot_same_day_closed: ['date', 'Same-day pickups are closed for today. Choose another pickup date.'],
  slot_too_far: ['date', 'That day is too far ahead to book online. Choose an earlier pickup date.'],
  slot_non_working_day: ['date', 'The crew does not work on that day. Choose another pickup date.'],
  slot_blackout: ['date', 'The crew is off on that day. Choose another pickup date.'],
  slot_bad_date: ['date', 'That day cannot be booked. Choose another pickup date.'],
  slot_bad_window: [
    'window',
    'That arrival window was just taken or is no longer offered. Choose another window or another day.',
  ],
};

export type JunkExplained = Explained<JunkField>;

/** The junk form's words for the engine's explanations (engine/messages.ts). */
const JUNK_WORDS: FormWords<JunkField> = { fields: API_FIELDS, messages: JUNK_MESSAGES, explain: explainOwn };

/** Any failure of a junk call as one human sentence next to the field it is about. */
export function explainJunkError(err: unknown, who: Who): JunkExplained {
  return explainApiError(err, who, JUNK_WORDS);
}

/** The refusals only the junk calls answer, or the ones the junk form words its own way; else undefined. */
function explainOwn(err: SvcApiError, who: Who): JunkExplained | undefined {
  const slot = SLOT_MESSAGES[err.code];
  if (slot) return { field: slot[0], message: slot[1] };
  if (err.code === 'out_of_service_area') return { field: 'zip', message: outOfArea(who.companyName) };
  if (err.code === 'not_found') {
    return err.field === 'load_fraction'
      ? { field: 'load', message: 'That load size is no longer offered. Please choose another one.' }
      : // Anything else the API no longer knows (a stale tab's session at /junk/confirm): the sentence this
        // form has always shown there, the one the dumpster form says of a size, kept word for word.
        { field: 'form', message: 'That size is no longer offered. Please choose another one.' };
  }
  if (err.code === 'booking_offline') {
    return { field: 'form', message: `Online junk removal booking is paused right now. ${callUs(who)}` };
  }
  return undefined;
}

const callUs = (who: Who) =>
  who.phone ? `To book, call ${who.companyName} at ${who.phone}.` : `To book, contact ${who.companyName}.`;

/** A refused photo (POST /junk/photos) as a sentence about that photo. */
export function explainPhotoError(code: string, reason: string | undefined, retryAfter?: number): string {
  switch (code) {
    case 'photo_too_large':
      return 'This photo is larger than 8 MB even after resizing. Try a smaller photo or a screenshot of it.';
    case 'photo_type':
      return 'This file is not a photo we can take. Use a JPEG, PNG or WebP picture.';
    case 'photo_rejected':
      return (
        {
          too_small: 'This picture is too small to be useful. Use a photo at least 200 pixels wide.',
          too_many_pixels: 'This picture is too large to process. Try a smaller photo.',
          animated: 'Animated pictures cannot be used. Choose a still photo.',
        }[reason ?? ''] ?? 'This picture could not be read. Try another photo.'
      );
    case 'photos_expired':
      return 'The time to add photos has passed. You can send them to the crew when they call.';
    case 'photos_limit_reached':
      return 'This booking already has the most photos it can take.';
    case 'photos_not_available':
      return 'Photos can be added once the booking is confirmed.';
    case 'rate_limited':
      return `Many photos are being uploaded right now. Please try again in ${retryAfter ?? 5} seconds.`;
    case 'network':
      return 'The upload was interrupted. Check your connection and try again.';
    default:
      return 'Something went wrong while uploading this photo. Please try again.';
  }
}
