import { type NextRequest, NextResponse } from 'next/server';

/**
 * Every page: a Content-Security-Policy with a fresh nonce (Next puts it on its own scripts; the console shows
 * customers' details, so no other script runs), and the page's own address (app/(console)/layout.tsx sends a
 * signed-out visitor back to it after sign-in). The console API on this origin is a route handler
 * (app/console/v1/[...path]/route.ts, lib/api-proxy.ts), left alone here.
 */
export function proxy(request: NextRequest) {
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
    {
      source: '/((?!_next/static|_next/image|icon.svg|favicon.ico|console/v1/).*)',
      missing: [{ type: 'header', key: 'next-router-prefetch' }],
    },
  ],
};
