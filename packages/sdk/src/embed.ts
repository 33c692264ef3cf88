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

/**
 * What a booking form's first screen is drawn from, with the company lookup: GET
 * /embed/v1/companies/{slug}/first-screen (the catalog only for a page whose Origin may use the key).
 */
export type FirstScreen = components['schemas']['FirstScreen'];
export type FirstScreenQuery = {
  service?: 'dumpster' | 'junk';
  /** Dumpster: yards, rental days and material to price; junk: the load. */
  size?: number;
  days?: number;
  material?: string;
  load?: string;
  promo?: string;
};
export type FirstScreenAnswer =
  | { status: 200; screen: FirstScreen; etag: string | null }
  /** The answer named by `etag` is still the answer. */
  | { status: 304 };

/**
 * Asks for a company's first screen; null for an unknown company. With `etag` (an earlier answer's ETag),
 * an unchanged answer comes back as `{ status: 304 }` without its body. A server asking for a page sets
 * that page's Origin in `init.headers`.
 */
export async function fetchFirstScreen(
  apiBaseUrl: string,
  slug: string,
  query: FirstScreenQuery,
  init: RequestInit & { etag?: string } = {},
): Promise<FirstScreenAnswer | null> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const { etag, ...request } = init;
  const headers = new Headers(request.headers);
  if (etag) headers.set('If-None-Match', etag);
  const url = `${apiBaseUrl.replace(/\/$/, '')}/embed/v1/companies/${encodeURIComponent(slug)}/first-screen?${params}`;
  const res = await fetch(url, { ...request, headers });
  if (res.status === 304) return { status: 304 };
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`first screen failed: HTTP ${res.status}`);
  const { data } = (await res.json()) as { data: FirstScreen };
  return { status: 200, screen: data, etag: res.headers.get('etag') };
}
