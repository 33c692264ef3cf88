import type { CompanyEmbed } from '../../contract/embed';
import type { EmbedSource } from '../../db/repositories/keys';
import { hostedPageUrl, pageMayUseKey } from '../../lib/api-keys';

/**
 * A company's public face for our pages, for the active company the embed route found by its slug (with its
 * active publishable keys, newest first). The key is the newest the asking page may use (its Origin among
 * the key's domains, or our hosted pages), so a company with a key per website has every site working; when
 * none allows the Origin, the newest key with `origin_allowed: false`, and the page says why.
 */
export function readEmbed(company: EmbedSource, hostedBaseUrl: string, origin: string | undefined): CompanyEmbed {
  const { keys } = company;
  const allowed =
    origin === undefined ? undefined : keys.find((k) => pageMayUseKey(origin, k.allowedDomains, hostedBaseUrl));
  const key = allowed ?? keys[0] ?? null;
  return {
    slug: company.slug,
    name: company.name,
    branding: company.branding as CompanyEmbed['branding'],
    publishable_key: key?.key ?? null,
    is_online: company.bookingOnline,
    payments_ready: company.paymentsReady,
    hosted_page_url: hostedPageUrl(hostedBaseUrl, company.slug),
    origin_allowed: origin === undefined ? null : allowed !== undefined,
  };
}
