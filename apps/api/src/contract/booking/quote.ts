import { createRoute, z } from '@hono/zod-openapi';
import { bearer, Cents, clean, Dollars, dataOf, jsonBody } from '../common';
import { AUTH_ERRORS, errorResponses } from '../errors';
import { PromoResult } from './checks';
import { PlacementAddress, StreetAnswer } from './permits';

/** POST /quote: the server-computed price of a rental. */
export const Quote = z
  .object({
    size: z.object({ id: z.uuid(), label: z.string(), yards: z.number() }),
    rental_days: z.number().int(),
    material: z.string().nullable(),
    lines: z.object({
      base: Dollars,
      extra_days: Dollars,
      fuel_environmental_fee: Dollars,
      promo_discount: Dollars,
      subtotal: Dollars,
      tax_percent: z.number(),
      tax: Dollars,
      permit_fee: Dollars.optional().openapi({
        description: 'only with placement street: the permit and its handling (0 when none is needed); in subtotal',
      }),
    }),
    promo: PromoResult.nullable(),
    total: Dollars,
    total_cents: Cents,
    processing_fee: Dollars,
    processing_fee_cents: Cents,
    card_fee_handling: z.enum(['customer_pays', 'company_absorbs']),
    gross_total: Dollars.openapi({ description: 'total + processing_fee: what the card is charged' }),
    gross_total_cents: Cents,
    currency: z.enum(['USD', 'CAD']),
    pricing: z.enum(['material', 'general']),
    ...StreetAnswer,
  })
  .openapi('Quote');

export const QuoteBody = z
  .strictObject({
    size_id: z.uuid(),
    rental_days: z.number().int().min(1).max(365),
    promo_code: clean(z.string().min(1).max(64)).optional(),
    material: clean(z.string().min(1).max(64)).optional(),
    ...PlacementAddress,
  })
  .openapi('QuoteRequest');

export const quote = createRoute({
  operationId: 'quote',
  method: 'post',
  path: '/quote',
  summary: 'Price a rental',
  security: bearer,
  request: { body: jsonBody(QuoteBody) },
  responses: {
    ...dataOf(Quote, 'The server-computed price'),
    ...errorResponses([...AUTH_ERRORS, 'invalid_body', 'not_found', 'material_not_allowed', 'street_not_allowed']),
  },
});
