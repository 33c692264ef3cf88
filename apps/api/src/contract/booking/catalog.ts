import { createRoute, z } from '@hono/zod-openapi';
import { bearer, DateString, Dollars, dataOf, SizePricing } from '../common';
import { AUTH_ERRORS, errorResponses } from '../errors';

/** GET /sizes and GET /materials: what a company rents out, with live prices. */
export const Size = z
  .object({
    id: z.uuid(),
    label: z.string(),
    yards: z.number(),
    description: z.string(),
    image_url: z.string().nullable(),
    price_from: Dollars.openapi({ description: 'the lowest tier price, in dollars' }),
    included_tons: z.number(),
    overage_per_ton: Dollars.nullable(),
    ...SizePricing,
    is_default: z.boolean(),
    is_popular: z.boolean(),
    fleet: z
      .object({
        rental_days: z.number().int().openapi({ description: 'the shortest rental the size is priced for' }),
        next_delivery_date: DateString.nullable().openapi({
          description: 'the first bookable delivery day with a can free for that rental; null: none until max_date',
        }),
      })
      .optional()
      .openapi({
        description:
          "present when the company counts this size's cans: it is sold only while one is free (GET /availability with size_id shows the days); absent: every open day",
      }),
  })
  .openapi('Size');

const MaterialSize = z
  .object({
    id: z.uuid(),
    label: z.string(),
    yards: z.number(),
    price: Dollars.nullable().openapi({ description: "replaces the 7-day base; null: the size's own price" }),
    max_weight_tons: z.number().nullable(),
    overage_mode: z.enum(['inherit', 'flat', 'per_ton']),
    overage_per_ton: Dollars.nullable(),
  })
  .openapi('MaterialSize');

const Material = z
  .object({
    slug: z.string(),
    label: z.string(),
    explanation: z.string().nullable(),
    requires_ack: z.boolean(),
    is_catch_all: z.boolean(),
    is_heavy: z.boolean(),
    sort_order: z.number().int(),
    size_policy: z.enum(['all', 'listed']),
    sizes: z.array(MaterialSize),
  })
  .openapi('Material');

export const Materials = z
  .object({
    enabled: z.boolean(),
    required: z.boolean(),
    materials: z.array(Material),
    note: z.string(),
  })
  .openapi('Materials');

export const listSizes = createRoute({
  operationId: 'listSizes',
  method: 'get',
  path: '/sizes',
  summary: 'Dumpster sizes with live prices',
  security: bearer,
  responses: { ...dataOf(z.array(Size), 'Active sizes in display order'), ...errorResponses(AUTH_ERRORS) },
});

export const getMaterials = createRoute({
  operationId: 'getMaterials',
  method: 'get',
  path: '/materials',
  summary: 'Materials (debris types) and the sizes that accept them',
  security: bearer,
  responses: { ...dataOf(Materials, 'The materials envelope'), ...errorResponses(AUTH_ERRORS) },
});
