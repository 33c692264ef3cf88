import { createRoute, z } from '@hono/zod-openapi';
import { Dollars, SizePricing } from '../common';
import { errorResponses } from '../errors';
import { DATA_READ_ERRORS, dataBearer, listOf, listResponse, Paging } from './common';

// GET /v1/sizes (data spec section 4): the company's dumpster sizes and their prices, as stored.

export const DataSize = z
  .object({
    id: z.uuid().openapi({ description: 'the size_id the Booking API takes' }),
    key: z.string().openapi({ description: "the size's key in the company's configuration", example: '20yd' }),
    label: z.string().openapi({ description: 'what orders carry as size', example: '20 Yard' }),
    yards: z.number(),
    description: z.string(),
    image_url: z.string().nullable(),
    active: z.boolean().openapi({
      description: 'false: retired, no longer offered, kept because earlier orders name it',
    }),
    currency: z.enum(['USD', 'CAD']),
    price_from: Dollars.nullable().openapi({ description: 'the lowest tier price' }),
    included_tons: z.number(),
    overage_per_ton: Dollars.nullable(),
    ...SizePricing,
    is_default: z.boolean(),
    is_popular: z.boolean(),
    sort_order: z.number().int(),
    fleet: z
      .object({
        cans: z.number().int().openapi({ description: 'the cans of this size the company owns' }),
        out_today: z.number().int().openapi({
          description: 'cans with customers today (delivery through pickup plus turnaround), or held by a checkout',
        }),
        in_repair_today: z.number().int().openapi({ description: 'cans out of service today' }),
      })
      .nullable()
      .openapi({ description: "null: the company does not count this size's cans (docs: the fleet)" }),
    created_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('Size');

export const SizesQuery = z.strictObject({
  active: z
    .enum(['true', 'false'])
    .optional()
    .openapi({ description: 'true: only sizes offered now; false: only retired ones; absent: both' }),
  ...Paging,
});

export const listSizes = createRoute({
  method: 'get',
  path: '/sizes',
  operationId: 'listSizes',
  summary: 'List dumpster sizes and their prices, in display order',
  description: 'Retired sizes are listed too, with active: false, because earlier orders name them.',
  security: dataBearer,
  request: { query: SizesQuery },
  responses: {
    ...listResponse(listOf(DataSize, 'SizeList'), 'A page of sizes'),
    ...errorResponses(DATA_READ_ERRORS),
  },
});
