import {
  answersFromParams,
  type DumpsterPreload,
  type JunkPreload,
  junkFromParams,
  loadCatalog,
  loadJunk,
  startingAnswers,
  startingJunk,
} from '@svc/booking-ui';
import { type BookingClient, createBookingClient } from '@svc/sdk';

/**
 * What a hosted page's server loads before it renders: the same calls the flow makes in the browser, with
 * the company's publishable key, sent as the page itself (its Origin) on behalf of the visitor (`forward`:
 * the platform's proxy token and the visitor's address, so per-IP limits count the visitor, not us).
 */
const PRELOAD_TIMEOUT_MS = 2000;

export type ServerCall = { apiUrl: string; key: string; origin: string; forward: Record<string, string> };

export function serverClient(call: ServerCall): BookingClient {
  const withPage: typeof fetch = (input, init) => {
    // The SDK hands over a Request of its own making: its headers are ours to add to, with no copy.
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    request.headers.set('Origin', call.origin);
    for (const [name, value] of Object.entries(call.forward)) request.headers.set(name, value);
    // A slow API does not hold the page: past the timeout it is rendered without the data (ssr.tsx).
    return fetch(request, { cache: 'no-store', signal: AbortSignal.timeout(PRELOAD_TIMEOUT_MS) } as RequestInit);
  };
  return createBookingClient({ baseUrl: call.apiUrl, apiKey: call.key, fetch: withPage });
}

/**
 * The visitor as the API should count it, vouched for with the platform's proxy token: the entry `hops`
 * from the right of X-Forwarded-For, where `hops` counts the servers we run that add to it (the proxies in
 * front, HOSTED_TRUST_PROXY_HOPS, and our Next server, which adds the socket's address). With none (plain
 * `next start` keeps a header the browser wrote), nothing a browser sent is passed on, and the API counts
 * the page server's own address. Pure: unit-tested in preload.test.ts.
 */
export function visitorHeaders(
  xForwardedFor: string | null,
  hops: number,
  token: string | undefined,
): Record<string, string> {
  if (!token || !Number.isInteger(hops) || hops < 1) return {};
  const list = (xForwardedFor ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const ip = list[Math.max(0, list.length - hops)];
  return ip ? { 'X-SVC-Proxy-Token': token, 'X-SVC-Client-IP': ip } : {};
}

type Params = (name: string) => string | null;

/** The dumpster page: catalog, the answers the link carries, and the quote for them (when there is one). */
export async function preloadDumpster(client: BookingClient, get: Params): Promise<DumpsterPreload> {
  const data = await loadCatalog(client);
  const answers = startingAnswers(data, answersFromParams(get));
  const size = data.sizes.find((s) => s.yards === answers.sizeYards);
  const material = data.materials.enabled ? data.materials.materials.find((m) => m.slug === answers.material) : null;
  const waitForMaterial = data.materials.enabled && data.profile.booking.materials.required && !material;
  const quote =
    size && !waitForMaterial
      ? await client
          .quote({
            size_id: size.id,
            rental_days: answers.days,
            ...(answers.promo.trim() ? { promo_code: answers.promo.trim() } : {}),
            ...(material ? { material: material.slug } : {}),
          })
          .catch(() => null)
      : null;
  return { data, answers, quote };
}

/** The junk page: loads, days and seats, the answers the link carries, and the quote for the load. */
export async function preloadJunk(client: BookingClient, get: Params): Promise<JunkPreload> {
  const data = await loadJunk(client);
  const answers = startingJunk(data, junkFromParams(get));
  const quote = answers.load
    ? await client
        .junkQuote({
          load_fraction: answers.load,
          ...(answers.promo.trim() ? { promo_code: answers.promo.trim() } : {}),
        })
        .catch(() => null)
    : null;
  return { data, answers, quote };
}
