import { createRoute, z } from '@hono/zod-openapi';
import { bearer, clean, DateString, Dollars, dataOf, jsonBody } from '../common';
import { AUTH_ERRORS, errorResponses } from '../errors';

/** POST /check: a delivery date, ZIP and promo code checked before payment. */
export const PromoResult = z
  .object({
    ok: z.boolean(),
    code: z.string(),
    discount_type: z.enum(['percent', 'amount']).optional(),
    discount_percent: z.number().optional(),
    discount_amount: Dollars.optional(),
    reason: z.enum(['not_found', 'not_started', 'expired', 'usage_limit_reached']).optional(),
    message: z.string().optional(),
  })
  .openapi('PromoResult');

const CheckResult = z
  .object({
    date: z
      .object({
        ok: z.boolean(),
        code: z.enum(['date_past', 'date_closed']).optional(),
        message: z.string().optional(),
      })
      .nullable(),
    service_area: z
      .object({
        ok: z.boolean(),
        code: z.enum(['zip_invalid', 'out_of_service_area']).optional(),
        message: z.string().optional(),
        unverified: z.boolean().optional(),
      })
      .nullable(),
    promo: PromoResult.nullable(),
    booking_online: z.boolean(),
    payments_ready: z.boolean(),
  })
  .openapi('CheckResult');

export const CheckBody = z
  .strictObject({
    delivery_date: DateString.optional(),
    zip: clean(z.string().min(1).max(20)).optional(),
    promo_code: clean(z.string().min(1).max(64)).optional(),
  })
  .openapi('CheckRequest');

export const check = createRoute({
  operationId: 'check',
  method: 'post',
  path: '/check',
  summary: 'Check a delivery date, ZIP and promo code before payment',
  security: bearer,
  request: { body: jsonBody(CheckBody) },
  responses: {
    ...dataOf(CheckResult, 'One result per field sent'),
    ...errorResponses([...AUTH_ERRORS, 'invalid_body']),
  },
});
