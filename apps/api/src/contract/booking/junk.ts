import { createRoute, z } from '@hono/zod-openapi';
import { Attribution, bearer, Cents, clean, DateString, Dollars, dataOf, jsonBody } from '../common';
import { AUTH_ERRORS, errorResponses } from '../errors';
import { PromoResult } from './checks';
import { Customer, Intent, SessionId } from './orders';

// Junk removal booking (spec section 2, "Junk removal resources"): /junk/config, /junk/availability,
// /junk/quote, /junk/intents, /junk/confirm, /junk/photos. Same keys, sessions and payments as dumpsters.

const Time = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected a time HH:MM (24-hour)')
  .openapi({ example: '08:00' });
const Weekday = z.enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
const CardFeeHandling = z.enum(['customer_pays', 'company_absorbs']);
const Currency = z.enum(['USD', 'CAD']);
const SLOT_ERRORS = [
  'slot_past_date',
  'slot_same_day_closed',
  'slot_too_far',
  'slot_non_working_day',
  'slot_blackout',
  'slot_bad_window',
  'slot_bad_date',
] as const;

const JunkLoad = z
  .object({
    load_fraction: z.string().openapi({ description: 'the value requests send', example: '1/4' }),
    label: z.string(),
    description: z.string().openapi({ description: 'what fits, for example the approximate cubic yards' }),
    price: Dollars,
    price_cents: Cents,
  })
  .openapi('JunkLoad');

const JunkConfig = z
  .object({
    junk_online: z.boolean(),
    payments_ready: z.boolean(),
    hosted_page: z.string().openapi({ description: 'the hosted junk booking page of this company' }),
    currency: Currency,
    loads: z.array(JunkLoad),
    windows: z.array(
      z.object({
        start: Time,
        end: Time,
        capacity: z.number().int().openapi({ description: 'jobs per window' }),
        weekdays: z.array(Weekday),
      }),
    ),
    same_day: z.object({
      allowed: z.boolean(),
      cutoff: Time.openapi({ description: "same-day bookings close at this time (company's timezone)" }),
    }),
    min_notice_days: z.number().int().openapi({ description: 'for days after today: 1 = tomorrow' }),
    max_advance_days: z.number().int(),
    non_working_weekdays: z.array(Weekday),
    blackout_dates: z.array(z.object({ date: DateString, reason: z.string() })),
    photo: z.object({
      enabled: z.boolean(),
      max_count: z.number().int(),
      types: z.array(z.enum(['image/jpeg', 'image/png', 'image/webp'])),
      max_bytes: z.number().int(),
      window_minutes: z.number().int().openapi({ description: 'photos are taken for this long after /junk/confirm' }),
    }),
    locations: z.object({
      zips: z.array(z.string()),
      any_zip: z.boolean().openapi({ description: 'true when the company lists no ZIPs (every address is accepted)' }),
    }),
    not_accepted: z.array(z.object({ label: z.string(), note: z.string().nullable() })),
    extra_fee: z.array(
      z
        .object({ label: z.string(), amount: Dollars, amount_cents: Cents, note: z.string().nullable() })
        .openapi({ description: 'charged on site when it applies, never online' }),
    ),
    terms: z.object({ text: z.string() }),
    cancellation_policy: z.object({ text: z.string() }),
    card_fee_handling: CardFeeHandling,
  })
  .openapi('JunkConfig');

export const getJunkConfig = createRoute({
  operationId: 'junkConfig',
  method: 'get',
  path: '/junk/config',
  summary: 'What the company hauls, for how much, and when its crews come',
  security: bearer,
  responses: { ...dataOf(JunkConfig, 'The junk removal setup'), ...errorResponses([...AUTH_ERRORS]) },
});

const JunkDay = z
  .object({
    date: DateString,
    open: z.boolean(),
    windows: z.array(
      z.object({ start: Time, end: Time, remaining: z.number().int().openapi({ description: 'seats left' }) }),
    ),
    reason: z
      .enum(['past', 'same_day_closed', 'too_far', 'non_working_day', 'blackout', 'full'])
      .nullable()
      .openapi({ description: 'why the day is closed; null when open' }),
    note: z.string().nullable().openapi({ description: 'a blackout day’s reason, or more on why it is closed' }),
  })
  .openapi('JunkDay');

export const JunkAvailabilityQuery = z.object({
  from: DateString.optional().openapi({ description: "default: today in the company's timezone" }),
  to: DateString.optional().openapi({ description: 'default: from + 29 days; at most from + 120 days' }),
});

export const getJunkAvailability = createRoute({
  operationId: 'junkAvailability',
  method: 'get',
  path: '/junk/availability',
  summary: 'Days and arrival windows with the seats left',
  security: bearer,
  request: { query: JunkAvailabilityQuery },
  responses: {
    ...dataOf(
      z
        .object({
          today: DateString,
          from: DateString,
          to: DateString,
          max_advance_days: z.number().int(),
          same_day: z.object({ allowed: z.boolean(), cutoff: Time }),
          days: z.array(JunkDay),
        })
        .openapi('JunkAvailability'),
      'One entry per day from..to',
    ),
    ...errorResponses([...AUTH_ERRORS, 'invalid_parameter']),
  },
});

const LoadFraction = clean(z.string().min(1).max(16)).openapi({ example: '1/4' });

export const JunkQuoteBody = z
  .strictObject({ load_fraction: LoadFraction, promo_code: clean(z.string().min(1).max(64)).optional() })
  .openapi('JunkQuoteRequest');

export const junkQuote = createRoute({
  operationId: 'junkQuote',
  method: 'post',
  path: '/junk/quote',
  summary: 'Price a junk removal load',
  security: bearer,
  request: { body: jsonBody(JunkQuoteBody) },
  responses: {
    ...dataOf(
      z
        .object({
          load: z.object({ load_fraction: z.string(), label: z.string() }),
          lines: z.object({ base: Dollars, promo_discount: Dollars }),
          promo: PromoResult.nullable(),
          total: Dollars,
          total_cents: Cents,
          processing_fee: Dollars,
          processing_fee_cents: Cents,
          card_fee_handling: CardFeeHandling,
          gross_total: Dollars.openapi({ description: 'total + processing_fee: what the card is charged' }),
          gross_total_cents: Cents,
          currency: Currency,
        })
        .openapi('JunkQuote'),
      'The server-computed price',
    ),
    ...errorResponses([...AUTH_ERRORS, 'invalid_body', 'not_found']),
  },
});

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
    attribution: Attribution.optional(),
  })
  .openapi('JunkIntentRequest');

export const createJunkIntent = createRoute({
  operationId: 'createJunkIntent',
  method: 'post',
  path: '/junk/intents',
  summary: "Check every rule, hold the window's seat, freeze the price and open a card payment",
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
      ...SLOT_ERRORS,
      'out_of_service_area',
      'promo_invalid',
      'account_customer',
      'already_authorized',
      'idempotency_conflict',
      'upstream',
    ]),
  },
});

export const JunkConfirmBody = z
  .strictObject({ session_id: SessionId, payment_intent_id: z.string().min(1).max(100) })
  .openapi('JunkConfirmRequest');

export const confirmJunk = createRoute({
  operationId: 'confirmJunk',
  method: 'post',
  path: '/junk/confirm',
  summary: 'Create the job once the card is authorized; safe to repeat with the same pair',
  security: bearer,
  request: { body: jsonBody(JunkConfirmBody) },
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

export const JunkPhotosForm = z.object({
  session_id: SessionId,
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
    ...dataOf(
      z
        .object({
          job_number: z.number().int(),
          photos: z.array(JunkPhoto).openapi({ description: 'every photo of the job, this upload’s last' }),
          remaining: z.number().int().openapi({ description: 'photos the job can still take' }),
          until: z.string().openapi({ format: 'date-time' }),
        })
        .openapi('JunkPhotos'),
      'The job’s photos',
    ),
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

export const junkOperations = [
  getJunkConfig,
  getJunkAvailability,
  junkQuote,
  createJunkIntent,
  confirmJunk,
  uploadJunkPhotos,
];
