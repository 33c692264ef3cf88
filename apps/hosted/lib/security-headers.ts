/**
 * The hosted pages' security headers (docs/decisions/hosted-page-headers.md). Pages carry a client
 * secret in their address after a 3-D Secure return, so: a nonce-based Content-Security-Policy that lets
 * only our scripts, the API's sandbox component and Stripe's documented hosts run; no framing; no sniffing;
 * only the origin as referrer.
 */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://maps.googleapis.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com', 'https://maps.googleapis.com'],
  img: ['https://*.stripe.com'],
};

export function contentSecurityPolicy(options: { nonce: string; apiOrigin: string; dev: boolean }): string {
  const { nonce, apiOrigin, dev } = options;
  return [
    "default-src 'self'",
    // The API's origin serves the sandbox's card component (/sandbox/v1/js), as js.stripe.com serves Stripe's.
    `script-src 'self' 'nonce-${nonce}' ${apiOrigin} ${STRIPE.script.join(' ')}${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https: ${STRIPE.img.join(' ')}`,
    "font-src 'self' data:",
    `connect-src 'self' ${apiOrigin} ${STRIPE.connect.join(' ')}${dev ? ' ws:' : ''}`,
    `frame-src ${STRIPE.frame.join(' ')}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** Headers every answer of the hosted app carries, pages and scripts alike. */
export const COMMON_HEADERS = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin' },
];

/**
 * The customer's My booking page (/rental/<token>): the token in its address is the booking's only credential,
 * so no request from the page names it, not even its origin's pages (the browser sends no Referer). Next
 * already answers the page, dynamic, with `Cache-Control: private, no-cache, no-store, …`.
 * next.config.ts sends these after COMMON_HEADERS, which they override: { source: '/rental/:path*', headers: RENTAL_HEADERS }.
 */
export const RENTAL_PATHS = '/rental/:path*';
export const RENTAL_HEADERS = [{ key: 'Referrer-Policy', value: 'no-referrer' }];
