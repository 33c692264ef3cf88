import { createRoute, z } from '@hono/zod-openapi';
import { SLOT_CODES } from '../../domain/errors';
import { Attribution, bearer, clean, DateString, dataOf, jsonBody } from '../common';
import { AUTH_ERRORS, errorResponses } from '../errors';
import { LoadFraction, Time } from './junk';
import {
  ConfirmBody,
  Customer,
  Intent,
  ReplacesClientSecret,
  ReplacesSessionId,
  replacesTogether,
  SessionId,
  SessionRef,
} from './orders';

// The card-paid junk job: /junk/intents, /junk/confirm (the same pair as /confirm), /junk/photos. Same keys,
// sessions and payments as dumpsters.

export const JunkIntentBody = z
  .strictObject({
    load_fraction: LoadFraction,
    job_date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD')
      .openapi({ format: 'date', description: 'a day that does not exist is slot_bad_date', example: '2026-12-01' }),
    time_window_start: Time,
    time_window_end: Time,
    address_line1: clean(z.string().trim().min(1).max(200)).openapi({ description: 'street number and name' }),
    address_line2: clean(z.string().trim().max(200)).optional(),
    city: clean(z.string().trim().max(100)).optional(),
    state: clean(z.string().trim().max(100)).optional(),
    zip: clean(z.string().trim().min(1).max(20)),
    notes: clean(z.string().trim().max(2000))
      .optional()
      .openapi({ description: 'what is to be hauled and where it is (garage, backyard, stairs)' }),
    customer: Customer,
    promo_code: clean(z.string().min(1).max(64)).optional(),
    terms_accepted: z.literal(true, 'the customer must accept the terms (true)'),
    session_id: SessionId.optional(),
    replaces_session_id: ReplacesSessionId.optional(),
    replaces_client_secret: ReplacesClientSecret.optional(),
    attribution: Attribution.optional(),
  })
  .superRefine(replacesTogether)
  .openapi('JunkIntentRequest');

export const createJunkIntent = createRoute({
  operationId: 'createJunkIntent',
  method: 'post',
  path: '/junk/intents',
  summary: 'Check every rule, freeze the price and open a card payment',
  security: bearer,
  request: { body: jsonBody(JunkIntentBody) },
  responses: {
    ...dataOf(Intent, 'The payment to confirm in the browser'),
    ...errorResponses([
      ...AUTH_ERRORS,
      'invalid_body',
      'not_found',
      'booking_offline',
      'payments_not_ready',
      ...SLOT_CODES,
      'out_of_service_area',
      'promo_invalid',
      'account_customer',
      'already_authorized',
      'processing',
      'idempotency_conflict',
      'upstream',
    ]),
  },
});

export const confirmJunk = createRoute({
  operationId: 'confirmJunk',
  method: 'post',
  path: '/junk/confirm',
  summary: 'Create the job once the card is authorized; safe to repeat with the same pair',
  security: bearer,
  request: { body: jsonBody(ConfirmBody) },
  responses: {
    ...dataOf(
      z
        .object({
          state: z.enum(['confirmed', 'held']),
          job_number: z.number().int(),
          job_id: z.uuid(),
          invoice_id: z.uuid(),
          customer_id: z.uuid(),
          job_date: DateString,
          time_window: z.object({ start: Time, end: Time }),
          photos: z.object({
            max_count: z.number().int().openapi({ description: 'photos this job can still take' }),
            until: z.string().nullable().openapi({ format: 'date-time', description: 'photos are taken until then' }),
          }),
          already: z.boolean().optional().openapi({ description: 'true when this job was created by an earlier call' }),
          manage_url: z.url().optional().openapi({
            description:
              "the customer's private My booking page (see the job, move its window). Only the answer that created the job carries it; it is also in the confirmation e-mail and text",
          }),
        })
        .openapi('JunkConfirmation'),
      'The job',
    ),
    ...errorResponses([
      ...AUTH_ERRORS,
      'invalid_body',
      'not_found',
      'payment_intent_mismatch',
      'unconfirmed',
      'processing',
      'slot_bad_window',
      'promo_invalid',
      'upstream',
    ]),
  },
});

const JunkPhoto = z
  .object({
    id: z.uuid(),
    content_type: z.enum(['image/jpeg', 'image/png', 'image/webp']),
    bytes: z.number().int().openapi({ description: 'the stored size, after metadata was stripped' }),
    width: z.number().int(),
    height: z.number().int(),
  })
  .openapi('JunkPhoto');

/** A job's photos after an upload (POST /junk/photos, and the job's My booking link). */
export const JunkPhotos = z
  .object({
    job_number: z.number().int(),
    photos: z.array(JunkPhoto).openapi({ description: 'every photo of the job, this upload’s last' }),
    remaining: z.number().int().openapi({ description: 'photos the job can still take' }),
    until: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('JunkPhotos');

export const JunkPhotosForm = z.object({
  session_id: SessionRef.openapi({
    description:
      'the confirmed booking the photos are for; the first field of the form, before the photos: it is checked before any photo is read',
  }),
  photos: z.union([z.any(), z.array(z.any())]).openapi({
    type: 'array',
    items: { type: 'string', format: 'binary' },
    description:
      'one to three image files (JPEG, PNG or WebP, each up to 8 MB), in one or more form fields named photos',
  }),
});

export const uploadJunkPhotos = createRoute({
  operationId: 'uploadJunkPhotos',
  method: 'post',
  path: '/junk/photos',
  summary: 'Add photos of the pile to a confirmed job (up to 3 in all, within 2 hours)',
  security: bearer,
  request: { body: { content: { 'multipart/form-data': { schema: JunkPhotosForm } }, required: true } },
  responses: {
    ...dataOf(JunkPhotos, 'The job’s photos'),
    ...errorResponses([
      ...AUTH_ERRORS,
      'invalid_body',
      'not_found',
      'photos_not_available',
      'photos_expired',
      'photos_limit_reached',
      'photo_too_large',
      'photo_type',
      'photo_rejected',
    ]),
  },
});

export const junkOrderOperations = [createJunkIntent, confirmJunk, uploadJunkPhotos];
