import { createRoute, z } from '@hono/zod-openapi';
import { bearer, Cents, clean, DateString, Dollars, dataOf, jsonBody } from '../common';
import { AUTH_ERRORS, errorResponses } from '../errors';
import { PromoResult } from './checks';

// Junk removal booking (spec section 2, "Junk removal resources"), the read side: /junk/config,
// /junk/availability, /junk/quote. The card-paid job and its photos are in junk-orders.ts.

export const Time = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected a time HH:MM (24-hour)')
  .openapi({ example: '08:00' });
const Weekday = z.enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
const CardFeeHandling = z.enum(['customer_pays', 'company_absorbs']);
const Currency = z.enum(['USD', 'CAD']);
const JunkLoad = z
  .object({
    load_fraction: z.string().openapi({ description: 'the value requests send', example: '1/4' }),
    label: z.string(),
    description: z.string().openapi({ description: 'what fits, for example the approximate cubic yards' }),
    price: Dollars,
    price_cents: Cents,
  })
  .openapi('JunkLoad');

export const JunkConfig = z
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

export const JunkAvailability = z
  .object({
    today: DateString,
    from: DateString,
    to: DateString,
    max_advance_days: z.number().int(),
    same_day: z.object({ allowed: z.boolean(), cutoff: Time }),
    days: z.array(JunkDay),
  })
  .openapi('JunkAvailability');

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
    ...dataOf(JunkAvailability, 'One entry per day from..to'),
    ...errorResponses([...AUTH_ERRORS, 'invalid_parameter']),
  },
});

/** No length limit of its own: an unknown load_fraction of any length is the spec's 404 (the body is 16 KB at most). */
export const LoadFraction = clean(z.string().min(1)).openapi({ example: '1/4' });

export const JunkQuote = z
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
  .openapi('JunkQuote');

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
    ...dataOf(JunkQuote, 'The server-computed price'),
    ...errorResponses([...AUTH_ERRORS, 'invalid_body', 'not_found']),
  },
});

export const junkReadOperations = [getJunkConfig, getJunkAvailability, junkQuote];
