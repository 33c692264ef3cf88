import { z } from '@hono/zod-openapi';
import { isValidDate } from '../domain/dates';

export const DateString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date YYYY-MM-DD')
  .refine(isValidDate, 'not a calendar date')
  // Dates a booking can mean; any arithmetic on them stays a four-digit year (docs/decisions/text-fields.md).
  .refine((d) => d >= '2000-01-01' && d <= '2999-12-31', 'a date between 2000-01-01 and 2999-12-31')
  .openapi({ format: 'date', example: '2026-12-01' });

/**
 * Text we can store and show: no NUL or other control characters (tab and line breaks aside) and no lone
 * UTF-16 surrogates, which PostgreSQL refuses and no person types. Every text field of every request.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const isCleanText = (value: string) => !CONTROL.test(value) && !LONE_SURROGATE.test(value);
export const CLEAN_TEXT_MESSAGE = 'control characters and broken Unicode are not allowed';
/** A string schema that also refuses what isCleanText refuses. */
export const clean = <T extends z.ZodString>(schema: T) => schema.refine(isCleanText, CLEAN_TEXT_MESSAGE);

export const Dollars = z.number().openapi({ description: 'US or Canadian dollars', example: 395 });
export const Cents = z.number().int().openapi({ description: 'integer cents', example: 39500 });

/** The success envelope: { data }. */
export function dataOf<T extends z.ZodType>(schema: T, description: string) {
  return {
    200: {
      description,
      content: { 'application/json': { schema: z.object({ data: schema }) } },
    },
  };
}

export const bearer = [{ bearerAuth: [] }];

const utm = clean(z.string().trim().min(1).max(200)).optional();
/** Where the customer came from, stored on the order and sent in the booking webhooks (docs/decisions/attribution.md). */
export const Attribution = z
  .strictObject({
    utm_source: utm,
    utm_medium: utm,
    utm_campaign: utm,
    utm_term: utm,
    utm_content: utm,
    referrer: clean(z.string().trim().max(2000))
      .optional()
      .openapi({ description: "the landing page's document.referrer" }),
    landing_page: clean(z.string().trim().max(2000))
      .optional()
      .openapi({ description: 'the page the booking started on' }),
  })
  .openapi('Attribution', {
    description:
      "The host page's utm_* parameters and referrer; the hosted page and the widget send them, an integrator may.",
  });

/** A required JSON request body. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  content: { 'application/json': { schema } },
  required: true,
});

/** A size's prices by rental length, tax and fuel fee, in dollars: the Booking API's and the Data API's sizes. */
export const SizePricing = {
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
};

/** An order's address as the APIs show it. */
export const ShownAddress = z.object({
  line1: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string(),
});
/** A junk job's address as the APIs show it (with the second line a job may have). */
export const ShownAddressWithLine2 = z.object({
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string(),
});
