import type { CompanyEmbed } from '../../contract/embed';
import type { Queryable } from '../../db/client';
import { findCompanyBySlug } from '../../db/repositories/catalog';
import { newestPublishableKey } from '../../db/repositories/keys';
import { DomainError } from '../../domain/errors';
import { hostedPageUrl, pageMayUseKey } from '../../lib/api-keys';

/** A company's public face for our pages; an unknown or inactive company is a 404 alike. */
export async function readEmbed(
  db: Queryable,
  slug: string,
  hostedBaseUrl: string,
  origin: string | undefined,
): Promise<CompanyEmbed> {
  const company = await findCompanyBySlug(db, slug);
  if (!company?.active) throw new DomainError('not_found', `No company "${slug}".`, { field: 'slug' });
  const key = await newestPublishableKey(db, company.id);
  return {
    slug: company.slug,
    name: company.name,
    branding: company.branding as CompanyEmbed['branding'],
    publishable_key: key?.key ?? null,
    is_online: company.bookingOnline,
    payments_ready: company.paymentsReady,
    hosted_page_url: hostedPageUrl(hostedBaseUrl, company.slug),
    origin_allowed:
      origin === undefined ? null : key !== null && pageMayUseKey(origin, key.allowedDomains, hostedBaseUrl),
  };
}
