import { createRoute, z } from '@hono/zod-openapi';
import { SLOT_CODES } from '../domain/errors';
import { ORDER_STATUSES } from '../domain/order-status';
import { MAX_EXTENSION_DAYS } from '../domain/rental-changes';
import { JunkPhotos } from './booking/junk-orders';
import { DateString, Dollars, dataOf, jsonBody, ShownAddress, ShownAddressWithLine2 } from './common';
import { errorResponses } from './errors';

/**
 * The customer's "My booking" page (/rental/v1, docs/decisions/my-booking.md): one order, opened by the private
 * token of its link (Authorization: Bearer rtl_…), never by a key. Readable from any origin: the token is the
 * only credential, and it opens that one booking and nothing else.
 */
export const RENTAL_BASE = '/rental/v1';

const rentalBearer = [{ rentalToken: [] }];
const TOKEN_ERRORS = ['unauthorized', 'not_found', 'rate_limited', 'method_not_allowed'] as const;

const Days = z.object({ delivery_date: DateString, pickup_date: DateString, rental_days: z.number().int() });

/** The company to reach about a booking. */
const RentalCompany = z.object({ name: z.string(), phone: z.string().nullable(), email: z.string().nullable() });

export const ChangeKinds = ['extend', 'end_early', 'move_delivery', 'swap'] as const;

export const ChangeRequestBody = z
  .discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('extend'),
      days: z.number().int().min(1).max(MAX_EXTENSION_DAYS).openapi({ description: 'days added to the rental' }),
    }),
    z.strictObject({
      kind: z.literal('end_early'),
      pickup_date: DateString.openapi({ description: 'the new pickup day: from tomorrow, before the booked one' }),
    }),
    z.strictObject({
      kind: z.literal('move_delivery'),
      delivery_date: DateString.openapi({ description: 'the new delivery day; the rental keeps its length' }),
    }),
    z.strictObject({
      kind: z.literal('swap'),
      swap_date: DateString.openapi({
        description: 'the day the full can is taken and an empty one set in its place, between delivery and pickup',
      }),
    }),
  ])
  .openapi('RentalChangeRequest');

const Amounts = z
  .object({
    days: z.number().int().openapi({ description: 'days added (negative: an early end)' }),
    extra_days: Dollars.openapi({ description: 'extra_day of the size times the days added' }),
    fee: Dollars.openapi({ description: "a swap's fee (0 for the other kinds)" }),
    tax: Dollars,
    total: Dollars,
    processing_fee: Dollars.openapi({ description: 'the card fee, when the company passes it on' }),
    gross_total: Dollars.openapi({ description: 'what is charged: 0 for a free change' }),
    currency: z.enum(['USD', 'CAD']),
  })
  .openapi('RentalChangeAmounts');

const SwapDate = DateString.nullable().openapi({ description: "a swap's day; null for the other kinds" });

export const ChangeQuote = z
  .object({ kind: z.enum(ChangeKinds), before: Days, after: Days, swap_date: SwapDate, amounts: Amounts })
  .openapi('RentalChangeQuote');

export const Change = z
  .object({
    id: z.uuid(),
    kind: z.enum(ChangeKinds),
    status: z.enum(['pending', 'requires_payment', 'applied', 'refused', 'failed']).openapi({
      description:
        'applied: the order has its new days (and the card was charged); requires_payment: the bank asked for the customer (or no card is saved): confirm client_secret with the processor, then POST …/confirm',
    }),
    before: Days,
    after: Days,
    swap_date: SwapDate,
    amounts: Amounts,
    client_secret: z.string().nullable().openapi({ description: 'set while status is requires_payment' }),
    decline_code: z.string().nullable(),
    made_by: z.enum(['customer', 'api', 'office']),
    created_at: z.string().openapi({ format: 'date-time' }),
    applied_at: z.string().nullable().openapi({ format: 'date-time' }),
  })
  .openapi('RentalChange');

export const RentalBooking = z
  .object({
    service: z.literal('dumpster'),
    reference: z.string(),
    order_number: z.number().int(),
    company: RentalCompany,
    status: z.enum(ORDER_STATUSES),
    size: z.string(),
    material: z.string().nullable(),
    delivery_date: DateString,
    pickup_date: DateString,
    rental_days: z.number().int(),
    address: ShownAddress,
    paid: Dollars.openapi({ description: 'the booking and its paid changes, card fees included' }),
    currency: z.enum(['USD', 'CAD']),
    extra_day_price: Dollars.openapi({ description: 'what one more day costs before tax and card fee' }),
    swap_price: Dollars.nullable().openapi({
      description: "the company's swap fee for this size before tax and card fee; null: no swap online",
    }),
    card_saved: z.boolean().openapi({ description: 'a paid change is charged to the card saved at booking' }),
    processor: z.object({
      kind: z.enum(['sandbox', 'stripe']),
      publishable_key: z.string(),
      account: z.string().nullable(),
    }),
    changes_allowed: z.array(z.enum(ChangeKinds)).openapi({ description: 'what the customer may change now' }),
    move_cutoff: z.string().nullable().openapi({
      description: 'until when (company time, "YYYY-MM-DD HH:00") the delivery can move; null once it cannot',
    }),
    changes: z.array(Change),
  })
  .openapi('RentalBooking');

const Window = z.object({ start: z.string(), end: z.string() });

export const JobChange = z
  .object({
    id: z.uuid(),
    kind: z.literal('move_window'),
    status: z.literal('applied'),
    before: z.object({ job_date: DateString, time_window: Window }),
    after: z.object({ job_date: DateString, time_window: Window }),
    made_by: z.enum(['customer', 'api', 'office']),
    created_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('JunkRentalChange');

export const JunkRentalBooking = z
  .object({
    service: z.literal('junk'),
    reference: z.string(),
    job_number: z.number().int(),
    company: RentalCompany,
    status: z
      .string()
      .openapi({ description: 'confirmed, scheduled, en_route, completed, canceled or pending_risk_review' }),
    load: z.string(),
    job_date: DateString,
    time_window: Window,
    address: ShownAddressWithLine2,
    photos: z.number().int().openapi({ description: 'photos of the pile the crew has' }),
    photos_remaining: z
      .number()
      .int()
      .openapi({ description: 'photos the job can still take now (0 once the time is over)' }),
    photos_until: z.string().nullable().openapi({
      format: 'date-time',
      description: 'photos are taken until then (2 hours after booking); null when the company takes none online',
    }),
    paid: Dollars,
    currency: z.enum(['USD', 'CAD']),
    move_cutoff: z.string().nullable().openapi({
      description: 'until when (company time, "YYYY-MM-DD HH:00") the job can move; null once it cannot',
    }),
    windows: z
      .array(z.object({ date: DateString, windows: z.array(Window.extend({ remaining: z.number().int() })) }))
      .openapi({ description: 'the next days with a window that has a free seat: where the job can move now' }),
    changes: z.array(JobChange),
  })
  .openapi('JunkRentalBooking');

export const getRental = createRoute({
  method: 'get',
  path: '/booking',
  operationId: 'getRental',
  summary: 'The booking the link opens (a dumpster order or a junk job): what was booked, status, payments, changes',
  security: rentalBearer,
  responses: {
    ...dataOf(z.discriminatedUnion('service', [RentalBooking, JunkRentalBooking]), 'The booking'),
    ...errorResponses([...TOKEN_ERRORS]),
  },
});

export const quoteRentalChange = createRoute({
  method: 'post',
  path: '/changes/quote',
  operationId: 'quoteRentalChange',
  summary: 'What a change would make of the booking and cost, checked against the fleet; nothing is written',
  security: rentalBearer,
  request: { body: jsonBody(ChangeRequestBody) },
  responses: {
    ...dataOf(ChangeQuote, 'The change priced'),
    ...errorResponses([
      ...TOKEN_ERRORS,
      'invalid_body',
      'change_not_allowed',
      'size_sold_out',
      'date_closed',
      'date_past',
    ]),
  },
});

export const IdempotencyKey = z
  .string()
  .min(8)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/)
  .openapi({ description: 'one per change the customer asks for: a repeat answers the same change, charged once' });

export const makeRentalChange = createRoute({
  method: 'post',
  path: '/changes',
  operationId: 'makeRentalChange',
  summary: 'Makes a change: free ones at once, paid ones charged to the saved card (or requires_payment)',
  security: rentalBearer,
  request: { headers: z.object({ 'idempotency-key': IdempotencyKey }), body: jsonBody(ChangeRequestBody) },
  responses: {
    ...dataOf(Change, 'The change'),
    ...errorResponses([
      ...TOKEN_ERRORS,
      'invalid_body',
      'change_not_allowed',
      'size_sold_out',
      'date_closed',
      'date_past',
      'processing',
      'payments_not_ready',
      'upstream',
    ]),
  },
});

export const confirmRentalChange = createRoute({
  method: 'post',
  path: '/changes/{change_id}/confirm',
  operationId: 'confirmRentalChange',
  summary: 'After the page confirmed the card of a change waiting for payment: applies it',
  security: rentalBearer,
  request: { params: z.object({ change_id: z.uuid() }) },
  responses: {
    ...dataOf(Change, 'The change'),
    ...errorResponses([...TOKEN_ERRORS, 'unconfirmed', 'change_not_allowed', 'size_sold_out', 'upstream']),
  },
});

export const moveRentalJob = createRoute({
  method: 'post',
  path: '/job/window',
  operationId: 'moveRentalJob',
  summary: "Moves a junk job to another day and arrival window with a free seat, until the company's cutoff; free",
  security: rentalBearer,
  request: {
    body: jsonBody(
      z
        .strictObject({
          job_date: DateString,
          time_window_start: z.string().max(5),
          time_window_end: z.string().max(5),
        })
        .openapi('JunkRentalMove'),
    ),
  },
  responses: {
    ...dataOf(JobChange, 'The move'),
    ...errorResponses([...TOKEN_ERRORS, 'invalid_body', 'change_not_allowed', ...SLOT_CODES]),
  },
});

export const uploadRentalJobPhotos = createRoute({
  method: 'post',
  path: '/job/photos',
  operationId: 'uploadRentalJobPhotos',
  summary: 'Adds photos of the pile to the junk job (the rules of POST /junk/photos: up to 3, within 2 hours)',
  security: rentalBearer,
  request: {
    body: {
      content: {
        'multipart/form-data': {
          schema: z.object({
            photos: z.union([z.any(), z.array(z.any())]).openapi({
              type: 'array',
              items: { type: 'string', format: 'binary' },
              description: 'one to three image files (JPEG, PNG or WebP, each up to 8 MB), in fields named photos',
            }),
          }),
        },
      },
      required: true,
    },
  },
  responses: {
    ...dataOf(JunkPhotos, 'The job’s photos'),
    ...errorResponses([
      ...TOKEN_ERRORS,
      'invalid_body',
      'change_not_allowed',
      'photos_not_available',
      'photos_expired',
      'photos_limit_reached',
      'photo_too_large',
      'photo_type',
      'photo_rejected',
    ]),
  },
});

export const rentalOperations = [
  getRental,
  quoteRentalChange,
  makeRentalChange,
  confirmRentalChange,
  moveRentalJob,
  uploadRentalJobPhotos,
];
