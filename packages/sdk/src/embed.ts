import type { components } from './generated/embed';

/**
 * What our pages learn of a company from its slug alone: GET /embed/v1/companies/{slug}, generated from
 * its OpenAPI document (openapi/embed.json). The hosted page, the widget's loader and its flow use it.
 */
export type CompanyEmbed = components['schemas']['CompanyEmbed'];

/** Looks up a company for our pages; null for an unknown company. */
export async function fetchCompanyEmbed(
  apiBaseUrl: string,
  slug: string,
  init?: RequestInit,
): Promise<CompanyEmbed | null> {
  const res = await fetch(`${apiBaseUrl.replace(/\/$/, '')}/embed/v1/companies/${encodeURIComponent(slug)}`, init);
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`company lookup failed: HTTP ${res.status}`);
  return ((await res.json()) as { data: CompanyEmbed }).data;
}
