import { createRoute, z } from '@hono/zod-openapi';
import { AUTH_ERRORS, bearer, Cents, DateString, Dollars, dataOf, errorResponses } from './common';

/** The Booking API's read side, declared once: validation, handler types and the OpenAPI document. */

const Size = z
  .object({
    id: z.uuid(),
    label: z.string(),
    yards: z.number(),
    description: z.string(),
    image_url: z.string().nullable(),
    price_from: Dollars.openapi({ description: 'the lowest tier price, in dollars' }),
    included_tons: z.number(),
    overage_per_ton: Dollars.nullable(),
    prices: z.object({
      d3: Dollars.nullable(),
      d7: Dollars.nullable(),
      d10: Dollars.nullable(),
      d14: Dollars.nullable(),
      d30: Dollars.nullable(),
      extra_day: Dollars,
    }),
    tax: z.object({ enabled: z.boolean(), percent: z.number() }),
    fuel_environmental_fee: z.object({ enabled: z.boolean(), amount: Dollars }),
    is_default: z.boolean(),
    is_popular: z.boolean(),
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

const Materials = z
  .object({
    enabled: z.boolean(),
    required: z.boolean(),
    materials: z.array(Material),
    note: z.string(),
  })
  .openapi('Materials');

const Company = z
  .object({
    slug: z.string(),
    name: z.string(),
    contact: z.object({ phone: z.string().nullable(), email: z.string().nullable(), website: z.string().nullable() }),
    address: z.object({
      line1: z.string(),
      line2: z.string().nullable(),
      city: z.string(),
      state: z.string(),
      zip: z.string(),
    }),
    country: z.enum(['US', 'CA']),
    currency: z.enum(['USD', 'CAD']),
    timezone: z.string(),
    branding: z.object({
      logo_url: z.string().nullable(),
      primary_color: z.string(),
      accent_color: z.string().nullable(),
    }),
    is_online: z.boolean(),
    payments_ready: z.boolean(),
    card_fee: z.object({
      handling: z.enum(['customer_pays', 'company_absorbs']),
      percent: z.number(),
      fixed: Dollars,
      fixed_cents: Cents,
    }),
    non_working_days: z.object({
      weekdays: z.array(z.enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'])),
      dates: z.array(z.object({ date: DateString, kind: z.enum(['holiday', 'blackout']), reason: z.string() })),
    }),
    booking_window: z.object({ min_notice_days: z.number().int(), max_advance_days: z.number().int() }),
    service_area: z.object({
      restricted: z.boolean().openapi({ description: 'false: every ZIP is accepted (unverified)' }),
      zips: z.array(z.string()),
    }),
    hosted_page_url: z.string(),
    booking: z.object({ materials: z.object({ enabled: z.boolean(), required: z.boolean() }) }),
  })
  .openapi('Company');

const Availability = z
  .object({
    today: DateString,
    min_date: DateString,
    max_date: DateString,
    from: DateString,
    to: DateString,
    max_days: z.number().int(),
    closed: z.array(z.object({ date: DateString, reason: z.enum(['past', 'holiday_or_blackout', 'non_working_day']) })),
  })
  .openapi('Availability');

const PromoResult = z
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

const Quote = z
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
  })
  .openapi('Quote');

export const QuoteBody = z
  .strictObject({
    size_id: z.uuid(),
    rental_days: z.number().int().min(1).max(365),
    promo_code: z.string().min(1).max(64).optional(),
    material: z.string().min(1).max(64).optional(),
  })
  .openapi('QuoteRequest');

export const CheckBody = z
  .strictObject({
    delivery_date: DateString.optional(),
    zip: z.string().min(1).max(20).optional(),
    promo_code: z.string().min(1).max(64).optional(),
  })
  .openapi('CheckRequest');

export const AvailabilityQuery = z.object({
  from: DateString.optional().openapi({ description: "default: today in the company's timezone" }),
  to: DateString.optional().openapi({ description: 'default: from + 59 days; at most from + 120 days' }),
});

const json = <T extends z.ZodType>(schema: T) => ({
  content: { 'application/json': { schema } },
  required: true,
});

export const getCompany = createRoute({
  operationId: 'getCompany',
  method: 'get',
  path: '/company',
  summary: "The company's booking profile",
  security: bearer,
  responses: { ...dataOf(Company, 'The company profile'), ...errorResponses(AUTH_ERRORS) },
});

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

export const getAvailability = createRoute({
  operationId: 'getAvailability',
  method: 'get',
  path: '/availability',
  summary: 'Closed delivery days in a date range',
  security: bearer,
  request: { query: AvailabilityQuery },
  responses: {
    ...dataOf(Availability, 'Closed days between from and to'),
    ...errorResponses([...AUTH_ERRORS, 'invalid_parameter']),
  },
});

export const check = createRoute({
  operationId: 'check',
  method: 'post',
  path: '/check',
  summary: 'Check a delivery date, ZIP and promo code before payment',
  security: bearer,
  request: { body: json(CheckBody) },
  responses: {
    ...dataOf(CheckResult, 'One result per field sent'),
    ...errorResponses([...AUTH_ERRORS, 'invalid_body']),
  },
});

export const quote = createRoute({
  operationId: 'quote',
  method: 'post',
  path: '/quote',
  summary: 'Price a rental',
  security: bearer,
  request: { body: json(QuoteBody) },
  responses: {
    ...dataOf(Quote, 'The server-computed price'),
    ...errorResponses([...AUTH_ERRORS, 'invalid_body', 'not_found', 'material_not_allowed']),
  },
});

export const bookingOperations = [getCompany, listSizes, getMaterials, getAvailability, check, quote];
