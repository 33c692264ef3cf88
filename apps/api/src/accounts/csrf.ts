import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The console's CSRF token: a signed double-submit cookie (OWASP). It is `nonce.mac`, the mac an HMAC of
 * the session's token and the nonce under the console secret, so a token planted by a sibling subdomain or
 * copied from another session does not verify. The page reads it from a non-HttpOnly cookie and sends it
 * back in X-SVC-CSRF on every write (docs/decisions/console-csrf.md).
 */
export const CSRF_COOKIE = 'svc-console.csrf';
/** On https the cookie is `__Host-` prefixed: Secure, Path=/, no Domain, so no subdomain can set it. */
export const csrfCookieName = (secure: boolean) => (secure ? `__Host-${CSRF_COOKIE}` : CSRF_COOKIE);
export const CSRF_HEADER = 'x-svc-csrf';

const mac = (secret: string, sessionToken: string, nonce: string) =>
  createHmac('sha256', secret).update(`csrf:${sessionToken}:${nonce}`).digest('base64url');

export function issueCsrfToken(secret: string, sessionToken: string): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${mac(secret, sessionToken, nonce)}`;
}

/** The header equals the cookie and both were issued for this session. */
export function csrfTokenValid(
  secret: string,
  sessionToken: string,
  cookie: string | undefined,
  header: string | undefined,
): boolean {
  if (!cookie || !header || !same(cookie, header)) return false;
  const [nonce, signature, extra] = header.split('.');
  if (!nonce || !signature || extra !== undefined) return false;
  return same(signature, mac(secret, sessionToken, nonce));
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
