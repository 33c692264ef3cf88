import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { fetchCompanyEmbed } from '@svc/sdk';
// Types only: the renderer itself is loaded from the built file at run time (below).
import type * as SsrModule from '@svc/widget/ssr';
import { apiUrls } from './config';
import { flowScripts } from './widget';

/**
 * The hosted booking pages, rendered on this server by the booking flow's own renderer
 * (packages/widget/dist/ssr.js: the same React and components the page's one script hydrates with), so the
 * first paint shows the company's real prices and the page needs no framework script (docs/decisions/server-rendered-pages.md).
 */
type Ssr = Pick<typeof SsrModule, 'dumpsterPage' | 'junkPage' | 'visitorHeaders' | 'widgetScreen'>;

let ssr: Promise<Ssr> | null = null;

/** The flow's renderer (packages/widget/dist/ssr.js), loaded once. */
export function renderer(): Promise<Ssr> {
  if (!ssr) {
    const file = path.join(/*turbopackIgnore: true*/ process.cwd(), '../../packages/widget/dist/ssr.js');
    if (!existsSync(file)) throw new Error('the booking flow is not built: run the build of @svc/widget');
    ssr = import(/* turbopackIgnore: true */ /* webpackIgnore: true */ pathToFileURL(file).href) as Promise<Ssr>;
    ssr.catch(() => {
      ssr = null; // asked again on the next page, not cached broken
    });
  }
  return ssr;
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,63}$/;
/** How long the page waits for the company lookup before it answers that booking is unavailable. */
const API_TIMEOUT_MS = 3000;

/** Serves a booking page for the company behind `slug` (null: none given). */
export async function servePage(request: Request, service: 'dumpster' | 'junk', slug: string | null) {
  const urls = apiUrls();
  const url = new URL(request.url);
  let html: { status: number; html: string };
  try {
    const pages = await renderer();
    // Asked afresh for every page, never cached: a revoked key must not reach a browser (docs/decisions/revoked-keys-never-handed-out.md).
    const company =
      slug && SLUG.test(slug)
        ? await fetchCompanyEmbed(urls.internal, slug, {
            cache: 'no-store',
            signal: AbortSignal.timeout(API_TIMEOUT_MS),
          })
        : null;
    const render = service === 'junk' ? pages.junkPage : pages.dumpsterPage;
    html = await render({
      company,
      params: (name) => url.searchParams.get(name),
      publicApiUrl: urls.public,
      serverApiUrl: urls.internal,
      origin: (process.env.HOSTED_BASE_URL ?? url.origin).replace(/\/$/, ''),
      forward: pages.visitorHeaders(
        request.headers.get('x-forwarded-for'),
        believedHops(process.env.HOSTED_TRUST_PROXY_HOPS),
        process.env.SVC_PROXY_TOKEN,
      ),
      nonce: request.headers.get('x-nonce') ?? '',
      flow: flowScripts(service),
    });
  } catch (err) {
    console.error(`[hosted] ${url.pathname}: ${(err as Error).message}`);
    html = { status: 503, html: UNAVAILABLE };
  }
  return new Response(html.html, {
    status: html.status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-store' },
  });
}

const UNAVAILABLE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Booking is temporarily unavailable</title></head><body style="font:16px/1.5 system-ui,sans-serif;max-width:560px;margin:48px auto;padding:0 16px"><h1>Booking is temporarily unavailable</h1><p>We could not load this booking page. Please try again in a minute.</p></body></html>`;

/**
 * How many X-Forwarded-For entries from the right are written by servers we run: the proxies configured in
 * front, and our Next server itself, which adds the socket's address (apps/api/src/server/next-server.ts).
 * Under plain `next start` that last entry may be the browser's own word, so it is not counted.
 */
export function believedHops(configured: string | undefined): number {
  return Number(configured ?? 0) + (process.env.SVC_NEXT_SOCKET_FORWARDED === '1' ? 1 : 0);
}
