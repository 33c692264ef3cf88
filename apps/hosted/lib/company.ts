import { type CompanyEmbed, fetchCompanyEmbed } from '@svc/booking-ui';
import { apiUrls } from './config';

/** The company behind a slug, or null when there is none (or the slug is not a slug). */
export async function companyFor(slug: string | undefined): Promise<CompanyEmbed | null> {
  if (!slug || !/^[a-z0-9][a-z0-9-]{0,63}$/.test(slug)) return null;
  // A minute of caching, as the API's own Cache-Control says; a company's changes show within it.
  return fetchCompanyEmbed(apiUrls().internal, slug, { next: { revalidate: 60 } } as RequestInit);
}
