import { createRoute, z } from '@hono/zod-openapi';
import { Attribution, AUTH_ERRORS, bearer, Cents, clean, DateString, Dollars, dataOf, errorResponses } from './common';

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
    confirmed_page_url: z.string().nullable().openapi({
      description:
        "The company's 'booking confirmed page': after a confirmed order the hosted page and the widget send the customer there with email, phone, first_name, last_name, dumpster_size, delivery_date, pickup_date and order_number.",
    }),
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
    promo_code: clean(z.string().min(1).max(64)).optional(),
    material: clean(z.string().min(1).max(64)).optional(),
  })
  .openapi('QuoteRequest');

export const CheckBody = z
  .strictObject({
    delivery_date: DateString.optional(),
    zip: clean(z.string().min(1).max(20)).optional(),
    promo_code: clean(z.string().min(1).max(64)).optional(),
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

// The card-paid order: POST /intents, POST /confirm, GET /sessions/{session_id}.

const SessionId = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _')
  .openapi({ description: 'idempotency id of the booking attempt', example: 'ses_4f9a2c1e8b7d' });

export const IntentBody = z
  .strictObject({
    size_id: z.uuid(),
    rental_days: z.number().int().min(1).max(365),
    delivery_date: DateString,
    pickup_date: DateString.optional().openapi({
      description:
        'delivery_date + rental_days, which is also the default; any other date is refused (every rental day is paid)',
    }),
    delivery_address: clean(z.string().trim().min(1).max(200)).openapi({ description: 'street number and name' }),
    delivery_city: clean(z.string().trim().max(100)).optional(),
    delivery_state: clean(z.string().trim().max(100)).optional(),
    delivery_zip: clean(z.string().trim().min(1).max(20)),
    placement_lat: z.number().min(-90).max(90).optional(),
    placement_lng: z.number().min(-180).max(180).optional(),
    debris_type: clean(z.string().trim().max(100)).optional(),
    customer: z.strictObject({
      name: clean(z.string().trim().min(1).max(120)),
      email: z.email().max(200),
      phone: z
        .string()
        .trim()
        .regex(/^\+?[\d\s().-]{7,40}$/, 'a phone number'),
      type: z.enum(['residential', 'contractor']).optional(),
      company_name: clean(z.string().trim().max(120)).optional(),
    }),
    promo_code: clean(z.string().min(1).max(64)).optional(),
    terms_accepted: z.literal(true, 'the customer must accept the terms (true)'),
    session_id: SessionId.optional(),
    material: clean(z.string().min(1).max(64)).optional(),
    material_acknowledged: z.boolean().optional(),
    attribution: Attribution.optional(),
  })
  .openapi('IntentRequest');

const Amount = z.object({
  total: Dollars,
  total_cents: Cents,
  processing_fee: Dollars,
  processing_fee_cents: Cents,
  gross_total: Dollars,
  gross_total_cents: Cents,
  card_fee_handling: z.enum(['customer_pays', 'company_absorbs']),
});

const Intent = z
  .object({
    session_id: z.string(),
    payment_intent_id: z.string(),
    client_secret: z.string(),
    processor: z.object({
      kind: z.enum(['sandbox', 'stripe']),
      publishable_key: z.string(),
      account: z.string().nullable().openapi({ description: 'connected account (Canadian companies)' }),
    }),
    currency: z.enum(['USD', 'CAD']),
    amount: Amount,
    next: z.object({
      action: z.literal('confirm_payment'),
      description: z.string(),
    }),
  })
  .openapi('Intent');

export const ConfirmBody = z
  .strictObject({ session_id: SessionId, payment_intent_id: z.string().min(1).max(100) })
  .openapi('ConfirmRequest');

const Confirmation = z
  .object({
    state: z.enum(['confirmed', 'held']),
    order_number: z.number().int(),
    order_id: z.uuid(),
    invoice_id: z.uuid(),
    customer_id: z.uuid(),
    already: z.boolean().optional().openapi({ description: 'true when this order was created by an earlier call' }),
  })
  .openapi('Confirmation');

const Session = z
  .object({
    session_id: z.string(),
    state: z.enum(['intent_created', 'confirmed', 'held', 'unconfirmed', 'failed']),
    payment_intent_id: z.string().nullable(),
    order_number: z.number().int().nullable(),
    order_id: z.uuid().nullable(),
    last_error: z.string().nullable(),
    updated_at: z.string().openapi({ format: 'date-time' }),
    material: z.object({ slug: z.string(), label: z.string(), acknowledged_at: z.string().nullable() }).nullable(),
    amount_cents: Cents,
  })
  .openapi('Session');

export const createIntent = createRoute({
  operationId: 'createIntent',
  method: 'post',
  path: '/intents',
  summary: 'Check every booking rule, freeze the price and open a card payment',
  security: bearer,
  request: { body: json(IntentBody) },
  responses: {
    ...dataOf(Intent, 'The payment to confirm in the browser'),
    ...errorResponses([
      ...AUTH_ERRORS,
      'invalid_body',
      'not_found',
      'booking_offline',
      'payments_not_ready',
      'date_past',
      'date_closed',
      'out_of_service_area',
      'promo_invalid',
      'account_customer',
      'material_not_allowed',
      'already_authorized',
      'idempotency_conflict',
      'upstream',
    ]),
  },
});

export const confirm = createRoute({
  operationId: 'confirm',
  method: 'post',
  path: '/confirm',
  summary: 'Create the order once the card is authorized; safe to repeat with the same pair',
  security: bearer,
  request: { body: json(ConfirmBody) },
  responses: {
    ...dataOf(Confirmation, 'The order'),
    ...errorResponses([
      ...AUTH_ERRORS,
      'invalid_body',
      'not_found',
      'payment_intent_mismatch',
      'unconfirmed',
      'processing',
      'upstream',
    ]),
  },
});

export const getSession = createRoute({
  operationId: 'getSession',
  method: 'get',
  path: '/sessions/{session_id}',
  summary: 'Where a booking attempt stands',
  security: bearer,
  request: { params: z.object({ session_id: SessionId }) },
  responses: {
    ...dataOf(Session, 'The session'),
    ...errorResponses([...AUTH_ERRORS, 'invalid_parameter', 'not_found']),
  },
});

export const bookingOperations = [
  getCompany,
  listSizes,
  getMaterials,
  getAvailability,
  check,
  quote,
  createIntent,
  confirm,
  getSession,
];
