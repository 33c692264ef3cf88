import { createRoute, z } from '@hono/zod-openapi';
import { bearer, Cents, DateString, Dollars, dataOf } from '../common';
import { AUTH_ERRORS, errorResponses } from '../errors';

/** GET /company: the company's booking profile. */
export const Company = z
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
    booking: z.object({
      materials: z.object({ enabled: z.boolean(), required: z.boolean() }),
      placement: z
        .object({ ask: z.literal(true) })
        .optional()
        .openapi({
          description:
            'only for a company with street permit rules: ask "Where will it sit?" (driveway or private property / street) and send placement with the address (docs/decisions/street-permits.md)',
        }),
    }),
  })
  .openapi('Company');

export const getCompany = createRoute({
  operationId: 'getCompany',
  method: 'get',
  path: '/company',
  summary: "The company's booking profile",
  security: bearer,
  responses: { ...dataOf(Company, 'The company profile'), ...errorResponses(AUTH_ERRORS) },
});
