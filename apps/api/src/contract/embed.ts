import { createRoute, z } from '@hono/zod-openapi';
import { Availability } from './booking/calendar';
import { Materials, Size } from './booking/catalog';
import { Company } from './booking/company';
import { JunkAvailability, JunkConfig, JunkQuote } from './booking/junk';
import { Quote } from './booking/quote';
import { clean, dataOf } from './common';
import { errorResponses } from './errors';

/**
 * GET /embed/v1/companies/{slug}: what our own pages (the hosted page and the widget) know of a company
 * from its slug alone. Public, like the booking link itself; never cached. See docs/decisions/company-key-lookup.md.
 * GET /embed/v1/companies/{slug}/first-screen: the same, with everything a booking form's first screen is
 * drawn from, prices included, in one answer kept for a while (docs/decisions/widget-first-screen.md).
 */
export const EMBED_BASE = '/embed/v1';

export const CompanyEmbed = z
  .object({
    slug: z.string(),
    name: z.string(),
    branding: z.object({
      logo_url: z.string().nullable(),
      primary_color: z.string(),
      accent_color: z.string().nullable(),
    }),
    publishable_key: z.string().nullable().openapi({
      description:
        "the newest active publishable key whose allowed domains include the asking page's Origin (any key for the hosted pages), else the newest active key; null when the company has none: online booking is not set up",
    }),
    is_online: z.boolean(),
    payments_ready: z.boolean(),
    hosted_page_url: z.string(),
    origin_allowed: z.boolean().nullable().openapi({
      description:
        "Whether the asking page's Origin may use that key (one of its allowed domains, or our hosted pages); null when no Origin was sent (a server). Lets the widget explain a wrong domain before loading the flow.",
    }),
  })
  .openapi('CompanyEmbed');
export type CompanyEmbed = z.infer<typeof CompanyEmbed>;

/** A well-formed slug; anything else is answered like an unknown company. */
export const EmbedSlug = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'a company slug: lower-case letters, digits and dashes');

export const getCompanyEmbed = createRoute({
  operationId: 'getCompanyEmbed',
  method: 'get',
  path: '/companies/{slug}',
  summary: "A company's public face for our booking pages: name, branding and its publishable key",
  request: {
    params: z.object({
      slug: z.string().openapi({ description: "the company's slug, as in /book?company=<slug>", example: 'demo' }),
    }),
  },
  responses: {
    ...dataOf(CompanyEmbed, 'The company'),
    ...errorResponses(['not_found', 'method_not_allowed', 'internal']),
  },
});

const Service = z.enum(['dumpster', 'junk']);

export const FirstScreenQuery = z.object({
  service: Service.default('dumpster').openapi({ description: 'which booking form: dumpster (default) or junk' }),
  size: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .optional()
    .openapi({ description: "dumpster: the size to price, in yards; default: the company's default size" }),
  days: z.coerce
    .number()
    .int()
    .min(1)
    .max(365)
    .optional()
    .openapi({ description: 'dumpster: the rental length to price; default 7' }),
  material: clean(z.string().min(1).max(64))
    .optional()
    .openapi({ description: 'dumpster: the material to price with, when the company prices by material' }),
  load: clean(z.string().min(1).max(16))
    .optional()
    .openapi({ description: 'junk: the load to price (a load_fraction); default: 1/4, else the first load' }),
  promo: clean(z.string().min(1).max(64)).optional().openapi({ description: 'a promo code to price with' }),
});

const DumpsterScreen = z
  .object({
    profile: Company,
    sizes: z.array(Size),
    materials: Materials,
    availability: Availability.openapi({ description: 'closed days from today, as GET /availability without a size' }),
    quote: Quote.nullable().openapi({
      description:
        'the price of the asked (or the default) size, days, material and promo; null when it cannot be priced (a material the size does not take, or one the company requires and none was asked)',
    }),
  })
  .openapi('DumpsterFirstScreen');

const JunkScreen = z
  .object({
    profile: Company,
    config: JunkConfig,
    availability: JunkAvailability.openapi({ description: 'days and windows from today, as GET /junk/availability' }),
    quote: JunkQuote.nullable().openapi({ description: 'the price of the asked (or the suggested) load and promo' }),
  })
  .openapi('JunkFirstScreen');

export const FirstScreen = z
  .object({
    company: CompanyEmbed,
    dumpster: DumpsterScreen.nullable().openapi({
      description:
        "service=dumpster, when the asking page may use the company's key and online booking is set up; otherwise null (the page says why from `company`)",
    }),
    junk: JunkScreen.nullable().openapi({ description: 'service=junk, on the same terms' }),
  })
  .openapi('FirstScreen');
export type FirstScreen = z.infer<typeof FirstScreen>;

export const getFirstScreen = createRoute({
  operationId: 'getFirstScreen',
  method: 'get',
  path: '/companies/{slug}/first-screen',
  summary:
    "What a booking form's first screen is drawn from: the company, its key for the asking page, its catalog and a price",
  description:
    "One answer instead of the lookup and five Booking API reads. The same for every visitor of a page: it carries no customer's data and may be kept by browsers and caches (varying by Origin) and is revalidated on every use (Cache-Control: no-cache; If-None-Match with its ETag: 304 while nothing changed), so a revoked key is never handed out from a cache. The catalog is given only to an Origin the company's key allows (or our hosted pages).",
  request: {
    params: z.object({
      slug: z.string().openapi({ description: "the company's slug, as in /book?company=<slug>", example: 'demo' }),
    }),
    query: FirstScreenQuery,
  },
  responses: {
    ...dataOf(FirstScreen, "The company and its form's first screen"),
    304: { description: 'Not modified: the answer named by If-None-Match is still the answer' },
    ...errorResponses(['invalid_parameter', 'not_found', 'method_not_allowed', 'rate_limited', 'internal']),
  },
});

export const embedOperations = [getCompanyEmbed, getFirstScreen];
