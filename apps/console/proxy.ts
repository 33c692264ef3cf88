import { type NextRequest, NextResponse } from 'next/server';
import { apiUrl } from './lib/config';

/**
 * /console/v1/* is the API's console surface, served on this app's origin: the session cookie is first-party
 * and the API's CSRF check sees this app's Origin. Cookie, Origin and the body go through unchanged and
 * Set-Cookie comes back. A proxy rather than next.config's rewrites, which are fixed at build time: the API's
 * address (SVC_API_URL) is read when the server runs.
 *
 * Who is calling: the X-Forwarded-For entries written by servers we run: our Next server's (it adds the
 * socket's address, apps/api/src/server/next-server.ts) and those of the proxies in front
 * (CONSOLE_TRUST_PROXY_HOPS: how many, as HOSTED_TRUST_PROXY_HOPS for the hosted pages). That address goes to
 * the API with the platform's proxy token (as the hosted pages' server does), so the sign-in throttle counts
 * visitors, not this server. Under plain `next start`, which keeps a header the browser wrote, with no proxy
 * in front, the header is dropped: the API sees this server's address, and nobody can pick their own.
 */
export function proxy(request: NextRequest) {
  if (!request.nextUrl.pathname.startsWith('/console/v1/')) return page(request);
  const target = new URL(`${request.nextUrl.pathname}${request.nextUrl.search}`, `${apiUrl()}/`);
  // `%2e%2e` is a `..` to the URL parser: nothing but the console surface is reached through here.
  if (!target.pathname.startsWith('/console/v1/')) return new NextResponse(null, { status: 404 });
  const headers = new Headers(request.headers);
  headers.delete('x-svc-proxy-token');
  headers.delete('x-svc-client-ip');
  const token = process.env.SVC_PROXY_TOKEN;
  const visitor = trustedClientIp(request);
  if (!visitor) headers.delete('x-forwarded-for');
  if (token && visitor) {
    headers.set('x-svc-proxy-token', token);
    headers.set('x-svc-client-ip', visitor);
  }
  return NextResponse.rewrite(target, { request: { headers } });
}

/** The entry our own servers added to X-Forwarded-For (the right-most `hops`), or none without them. */
function trustedClientIp(request: NextRequest): string | undefined {
  const socketForwarded = process.env.SVC_NEXT_SOCKET_FORWARDED === '1' ? 1 : 0;
  const hops = Number(process.env.CONSOLE_TRUST_PROXY_HOPS ?? 0) + socketForwarded;
  if (!(hops >= 1)) return undefined;
  const list = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return list[Math.max(0, list.length - hops)];
}

/**
 * Every page: a Content-Security-Policy with a fresh nonce (Next puts it on its own scripts; the console shows
 * customers' details, so no other script runs), and the page's own address (app/(console)/layout.tsx sends a
 * signed-out visitor back to it after sign-in).
 */
function page(request: NextRequest) {
  const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
  const policy = contentSecurityPolicy(nonce, process.env.NODE_ENV === 'development');
  const headers = new Headers(request.headers);
  headers.set('x-console-path', `${request.nextUrl.pathname}${request.nextUrl.search}`);
  headers.set('Content-Security-Policy', policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('Content-Security-Policy', policy);
  return response;
}

function contentSecurityPolicy(nonce: string, dev: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? ' ws:' : ''}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

export const config = {
  matcher: [
    '/console/v1/:path*',
    {
      source: '/((?!_next/static|_next/image|icon.svg|favicon.ico).*)',
      missing: [{ type: 'header', key: 'next-router-prefetch' }],
    },
  ],
};
