import { createRoute, z } from '@hono/zod-openapi';
import { ORDER_STATUSES } from '../domain/order-status';
import { MAX_EXTENSION_DAYS } from '../domain/rental-changes';
import { DateString, Dollars, dataOf, jsonBody, ShownAddress } from './common';
import { errorResponses } from './errors';
import { RentalCharge, rentalChargeOperations } from './rental-charges';
import { RENTAL_BASE, RentalCompany, rentalBearer, TOKEN_ERRORS } from './rental-common';
import { JunkRentalBooking, moveRentalJob, uploadRentalJobPhotos } from './rental-jobs';

export { RentalCharge, RentalChargePayment } from './rental-charges';
export { JobChange, JunkRentalBooking, moveRentalJob, uploadRentalJobPhotos } from './rental-jobs';
export { RENTAL_BASE };

const Days = z.object({ delivery_date: DateString, pickup_date: DateString, rental_days: z.number().int() });

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
    permit_extension_fee: Dollars.optional().openapi({
      description:
        "only for an extension past what the street permit's fees cover: the city's extension fee, in total (docs/decisions/street-permits.md)",
    }),
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
    charges: z
      .array(RentalCharge)
      .openapi({ description: 'what the field added after the booking: an overage from the scale, a wasted trip' }),
  })
  .openapi('RentalBooking');

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

export const rentalOperations = [
  getRental,
  quoteRentalChange,
  makeRentalChange,
  confirmRentalChange,
  moveRentalJob,
  uploadRentalJobPhotos,
  ...rentalChargeOperations,
];
