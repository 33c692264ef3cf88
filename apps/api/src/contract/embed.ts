import { z } from 'zod';

/**
 * GET /embed/v1/companies/{slug}: what our own pages (the hosted page and the widget) know of a company
 * from its slug alone. Public, like the booking link itself; see docs/decisions.md.
 */
export const EMBED_BASE = '/embed/v1';

export const CompanyEmbed = z.object({
  slug: z.string(),
  name: z.string(),
  branding: z.object({
    logo_url: z.string().nullable(),
    primary_color: z.string(),
    accent_color: z.string().nullable(),
  }),
  /** null when the company has no active publishable key: online booking is not set up. */
  publishable_key: z.string().nullable(),
  is_online: z.boolean(),
  payments_ready: z.boolean(),
  hosted_page_url: z.string(),
  /**
   * Whether the asking page's Origin may use that key (one of its allowed domains, or our hosted pages);
   * null when no Origin was sent (a server). Lets the widget explain a wrong domain before loading the flow.
   */
  origin_allowed: z.boolean().nullable(),
});
export type CompanyEmbed = z.infer<typeof CompanyEmbed>;

export const EmbedSlug = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'a company slug: lower-case letters, digits and dashes');
