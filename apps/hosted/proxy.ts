import { type NextRequest, NextResponse } from 'next/server';
import { apiUrls } from './lib/config';
import { contentSecurityPolicy } from './lib/security-headers';

/**
 * Every page gets a fresh nonce: Next reads it from the request's Content-Security-Policy and puts it on
 * its own scripts; the browser gets the same policy. (Scripts and assets are matched out below.)
 */
export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
  const policy = contentSecurityPolicy({
    nonce,
    apiOrigin: new URL(apiUrls().public).origin,
    dev: process.env.NODE_ENV === 'development',
  });
  const headers = new Headers(request.headers);
  headers.set('x-nonce', nonce);
  headers.set('Content-Security-Policy', policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('Content-Security-Policy', policy);
  return response;
}

export const config = {
  matcher: [
    {
      source: '/((?!_next/static|_next/image|widget/|icon.svg|favicon.ico).*)',
      missing: [{ type: 'header', key: 'next-router-prefetch' }],
    },
  ],
};
