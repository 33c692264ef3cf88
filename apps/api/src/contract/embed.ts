import { createRoute, z } from '@hono/zod-openapi';
import { dataOf } from './common';
import { errorResponses } from './errors';

/**
 * GET /embed/v1/companies/{slug}: what our own pages (the hosted page and the widget) know of a company
 * from its slug alone. Public, like the booking link itself; never cached. See docs/decisions/company-key-lookup.md.
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

export const embedOperations = [getCompanyEmbed];
