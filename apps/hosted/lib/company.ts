import { type CompanyEmbed, fetchCompanyEmbed } from '@svc/sdk';
import { cache } from 'react';
import { apiUrls } from './config';

/**
 * The company behind a slug, or null when there is none (or the slug is not a slug). Asked afresh for
 * every page (once per render: the metadata and the page share it), never from Next's data cache: a
 * revoked or replaced publishable key must not reach a browser after the change (docs/decisions.md).
 */
export const companyFor = cache(async (slug: string | undefined): Promise<CompanyEmbed | null> => {
  if (!slug || !/^[a-z0-9][a-z0-9-]{0,63}$/.test(slug)) return null;
  return fetchCompanyEmbed(apiUrls().internal, slug, { cache: 'no-store' });
});
