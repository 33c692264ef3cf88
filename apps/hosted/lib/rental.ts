import { apiUrls } from './config';
import { type AnyBooking, RENTAL_TOKEN } from './rental-format';

/**
 * The "My booking" page's server side (app/rental/[token]): reads the booking from the API's My booking
 * surface (/rental/v1, the link's token as the bearer) on every request, never cached, and says why when it
 * cannot. The browser's script then calls the same API directly (CORS *, the CSP's connect-src) for changes.
 */
export type RentalLoad =
  | { kind: 'ok'; booking: AnyBooking }
  | { kind: 'not_found' }
  | { kind: 'rate_limited'; message: string; seconds: number | null }
  | { kind: 'unavailable' };

/** How long the page waits for the API before it says the booking cannot be shown right now. */
const API_TIMEOUT_MS = 5000;

export async function loadRental(token: string, forwardedFor: string | null): Promise<RentalLoad> {
  if (!RENTAL_TOKEN.test(token)) return { kind: 'not_found' };
  const { internal } = apiUrls();
  try {
    const res = await fetch(`${internal}/rental/v1/booking`, {
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: 'application/json',
        ...visitorHeaders(forwardedFor),
      },
      cache: 'no-store',
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
    if (res.ok) return { kind: 'ok', booking: ((await res.json()) as { data: AnyBooking }).data };
    if (res.status === 404 || res.status === 401) return { kind: 'not_found' };
    if (res.status === 429) {
      const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
      const seconds = Number(res.headers.get('retry-after'));
      return {
        kind: 'rate_limited',
        message: body?.error?.message ?? 'Too many tries from this address.',
        seconds: Number.isFinite(seconds) && seconds > 0 ? seconds : null,
      };
    }
    console.error(`[hosted] /rental: the API answered ${res.status}`);
    return { kind: 'unavailable' };
  } catch (err) {
    console.error(`[hosted] /rental: ${(err as Error).message}`);
    return { kind: 'unavailable' };
  }
}

/**
 * The visitor's address for the API's per-address limits, as the booking pages send it (lib/pages.ts,
 * packages/widget's visitorHeaders): only with the proxy token, and only the entry our own proxies wrote.
 */
function visitorHeaders(forwardedFor: string | null): Record<string, string> {
  const token = process.env.SVC_PROXY_TOKEN;
  const hops =
    Number(process.env.HOSTED_TRUST_PROXY_HOPS ?? 0) + (process.env.SVC_NEXT_SOCKET_FORWARDED === '1' ? 1 : 0);
  if (!token || !Number.isInteger(hops) || hops < 1) return {};
  const list = (forwardedFor ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const ip = list[Math.max(0, list.length - hops)];
  return ip ? { 'X-SVC-Proxy-Token': token, 'X-SVC-Client-IP': ip } : {};
}
