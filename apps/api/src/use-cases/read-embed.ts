import type { CompanyEmbed } from '../contract/embed';
import type { Queryable } from '../db/client';
import { findCompanyBySlug } from '../db/repositories/catalog';
import { newestPublishableKey } from '../db/repositories/keys';
import { ApiError } from '../domain/errors';

/** A company's public face for our pages; an unknown or inactive company is a 404 alike. */
export async function readEmbed(db: Queryable, slug: string, hostedBaseUrl: string): Promise<CompanyEmbed> {
  const company = await findCompanyBySlug(db, slug);
  if (!company?.active) throw new ApiError('not_found', `No company "${slug}".`, { field: 'slug' });
  return {
    slug: company.slug,
    name: company.name,
    branding: company.branding as CompanyEmbed['branding'],
    publishable_key: await newestPublishableKey(db, company.id),
    is_online: company.bookingOnline,
    payments_ready: company.paymentsReady,
    hosted_page_url: `${hostedBaseUrl}/book?company=${encodeURIComponent(company.slug)}`,
  };
}
