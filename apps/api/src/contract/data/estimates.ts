import { createRoute, z } from '@hono/zod-openapi';
import { DateString, Dollars, dataOf } from '../common';
import { errorResponses } from '../errors';
import {
  CreatedRange,
  DATA_ONE_ERRORS,
  DATA_READ_ERRORS,
  dataBearer,
  listOf,
  listResponse,
  NoQuery,
  Paging,
  Q,
} from './common';

// GET /v1/estimates and GET /v1/estimates/{id}: checkouts priced for a customer who did not pay (the issue's
// definition; its fields and statuses are ours: docs/decisions/data-api-lists.md).

export const ESTIMATE_STATUSES = ['open', 'expired', 'converted'] as const;

export const EstimateId = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _')
  .openapi({ description: "the booking session's id (the Booking API's session_id)", example: 'ses_4f9a2c1e8b7d' });

export const DataEstimate = z
  .object({
    id: EstimateId,
    kind: z.enum(['dumpster', 'junk']),
    status: z.enum(ESTIMATE_STATUSES).openapi({
      description:
        'converted: this e-mail booked an order or job since; expired: the requested day has passed; open: neither, worth a call',
    }),
    requested_date: DateString.openapi({ description: 'the delivery day (dumpster) or job day (junk) asked for' }),
    customer: z
      .object({
        name: z.string(),
        email: z.string(),
        phone: z.string(),
        type: z.enum(['residential', 'contractor']),
        company_name: z.string().nullable(),
      })
      .openapi({ description: 'the contact details given at checkout' }),
    customer_ref: z.uuid().nullable().openapi({
      description:
        'the customer with this e-mail, when GET /v1/customers shows one (a returning or converted customer)',
    }),
    address: z.object({
      line1: z.string(),
      line2: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string().nullable(),
      zip: z.string(),
    }),
    dumpster: z
      .object({
        size: z.string().openapi({ description: 'the size label', example: '20 Yard' }),
        size_ref: z.uuid().openapi({ description: 'the size id: joinable against GET /v1/sizes' }),
        rental_days: z.number().int(),
        delivery_date: DateString,
        pickup_date: DateString,
        debris_type: z.string().nullable(),
      })
      .nullable()
      .openapi({ description: 'what was chosen, for a dumpster (null for junk)' }),
    junk: z
      .object({
        load_fraction: z.string().openapi({ example: '1/2' }),
        load_label: z.string(),
        job_date: DateString,
        time_window: z.object({ start: z.string(), end: z.string() }),
        notes: z.string().nullable(),
      })
      .nullable()
      .openapi({ description: 'what was chosen, for junk removal (null for a dumpster)' }),
    total_price: Dollars.openapi({ description: 'the frozen price, as an order or job would have been invoiced' }),
    base_price: Dollars,
    discount: Dollars.openapi({ description: 'what the promo code took off' }),
    promo_code: z.string().nullable(),
    processing_fee: Dollars.openapi({
      description: 'the card fee the customer was to pay (0 when the company absorbs it)',
    }),
    gross_total: Dollars.openapi({ description: 'what the card would have been charged' }),
    currency: z.enum(['USD', 'CAD']),
    booking_channel: z.enum(['api', 'link', 'widget']),
    created_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('Estimate');

export const EstimatesQuery = z.strictObject({
  status: z.enum(ESTIMATE_STATUSES).optional(),
  kind: z.enum(['dumpster', 'junk']).optional(),
  q: Q,
  ...CreatedRange,
  ...Paging,
});

export const listEstimates = createRoute({
  method: 'get',
  path: '/estimates',
  operationId: 'listEstimates',
  summary: 'List estimates (priced checkouts not paid), newest first',
  description:
    "Every booking that reached a price with the customer's contact details and never became an order or job: the list a company calls back. status=open gives the ones still worth a call. An estimate leaves the list when its own checkout is paid.",
  security: dataBearer,
  request: { query: EstimatesQuery },
  responses: {
    ...listResponse(listOf(DataEstimate, 'EstimateList'), 'A page of estimates'),
    ...errorResponses(DATA_READ_ERRORS),
  },
});

export const getEstimate = createRoute({
  method: 'get',
  path: '/estimates/{id}',
  operationId: 'getEstimate',
  summary: 'Read one estimate by its id',
  security: dataBearer,
  request: { params: z.strictObject({ id: EstimateId }), query: NoQuery },
  responses: {
    ...dataOf(DataEstimate, 'The estimate'),
    ...errorResponses(DATA_ONE_ERRORS),
  },
});
