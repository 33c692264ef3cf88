import { createHash } from 'node:crypto';
import { apiUrls } from './config';
import { believedHops, renderer } from './pages';

/**
 * A widget's first screen (/widget/v1/companies/<slug>/first-screen?service=dumpster|junk&size=…): the one
 * request of the loader on a site owner's page. This server asks the API's first screen for the host page's
 * Origin (GET /embed/v1/companies/{slug}/first-screen: the company, the key that page may use, the form's
 * data and price) and renders the form with the flow's own renderer (packages/widget, widget-screen.tsx);
 * the loader draws it at once, and the flow module hydrates it (docs/decisions/widget-first-screen.md).
 *
 * The same for every visitor of a page (no customer's data, the tag's own answers only): kept by browsers
 * and caches (varying by Origin) and revalidated with its ETag on every use, so a key revoked meanwhile is
 * never drawn from a cache (docs/decisions/revoked-keys-never-handed-out.md). This server keeps what it rendered
 * per request with the API's ETag, and asks the API with it: while the catalog is unchanged the API answers
 * 304 and nothing is rendered again.
 */
const SLUG = /^[a-z0-9][a-z0-9-]{0,63}$/;
const CACHE = 'no-cache';
/** The tag's answers the form is drawn with (the hosted page's parameter names). */
const ANSWERS = ['size', 'zip', 'promo', 'debris'];
const MAX_KEPT = 500;

type Rendered = { apiEtag: string; body: string; etag: string };
const kept = new Map<string, Rendered>();

export async function serveWidgetScreen(request: Request, slug: string): Promise<Response> {
  const url = new URL(request.url);
  if (!SLUG.test(slug)) return refusal(404, 'not_found', `No company "${slug}".`);
  const service = url.searchParams.get('service') === 'junk' ? 'junk' : 'dumpster';
  const answers = service === 'junk' ? [] : ANSWERS.map((name) => url.searchParams.get(name));
  // A page of our own origin sends no Origin with a GET: it is our hosted pages.
  const origin = request.headers.get('origin') ?? (process.env.HOSTED_BASE_URL ?? url.origin).replace(/\/$/, '');
  const name = JSON.stringify([slug, service, origin, answers]);
  const before = kept.get(name);
  try {
    const pages = await renderer();
    const urls = apiUrls();
    const result = await pages.widgetScreen({
      slug,
      service,
      params: (param) => (ANSWERS.includes(param) && service === 'dumpster' ? url.searchParams.get(param) : null),
      publicApiUrl: urls.public,
      serverApiUrl: urls.internal,
      origin,
      forward: pages.visitorHeaders(
        request.headers.get('x-forwarded-for'),
        believedHops(process.env.HOSTED_TRUST_PROXY_HOPS),
        process.env.SVC_PROXY_TOKEN,
      ),
      etag: before?.apiEtag,
    });
    if (result.status === 404) return refusal(404, 'not_found', `No company "${slug}".`);
    let rendered = before;
    if (result.status === 200) {
      const body = JSON.stringify(result.body);
      rendered = {
        apiEtag: result.etag ?? '',
        body,
        etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      };
      if (kept.size >= MAX_KEPT) kept.clear();
      if (result.etag) kept.set(name, rendered);
    }
    if (!rendered) throw new Error('the API answered 304 to a first screen this server did not keep');
    const headers = { 'Cache-Control': CACHE, ETag: rendered.etag, Vary: 'Origin', 'Access-Control-Allow-Origin': '*' };
    if (namesEtag(request.headers.get('if-none-match'), rendered.etag))
      return new Response(null, { status: 304, headers });
    return new Response(rendered.body, { headers: { ...headers, 'Content-Type': 'application/json' } });
  } catch (err) {
    // The loader then asks the API's company lookup itself, and the flow loads its own data.
    console.error(`[hosted] ${url.pathname}: ${(err as Error).message}`);
    return refusal(503, 'unavailable', 'The booking form could not be prepared; the widget loads it itself.');
  }
}

function refusal(status: number, code: string, message: string): Response {
  return Response.json(
    { error: { code, message } },
    { status, headers: { 'Cache-Control': 'no-store', 'Access-Control-Allow-Origin': '*', Vary: 'Origin' } },
  );
}

/** Whether an If-None-Match header names this ETag (weak or strong, in a list, or `*`). */
function namesEtag(header: string | null, etag: string): boolean {
  return (header ?? '').split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}
