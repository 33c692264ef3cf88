import { type BookingClient, createBookingClient, fetchCompanyEmbed } from '@svc/sdk';
import type { Channel } from './types';

/**
 * The flow's Booking API client: the page's publishable key, the widget naming itself. A key the API
 * refuses (401) was replaced or revoked since the page was made (the company changed it, or the platform
 * started on a new database): the company lookup is asked once more, and with a new key the request is
 * sent again and every later one carries it (`onKey` tells the form, which uploads photos with it).
 */
export function makeClient(
  apiBaseUrl: string,
  slug: string,
  initialKey: string,
  channel: Channel,
  onKey?: (key: string) => void,
): BookingClient {
  let key = initialKey;
  // One lookup per refused key, shared by every request it refused (a form loads several at once).
  const lookups = new Map<string, Promise<string | null>>();
  const lookUp = (refused: string) => {
    let lookup = lookups.get(refused);
    if (!lookup) {
      lookup = replacementKey(apiBaseUrl, slug, refused).then((fresh) => {
        if (fresh && key === refused) {
          key = fresh;
          onKey?.(fresh);
        }
        return fresh;
      });
      lookups.set(refused, lookup);
    }
    return lookup;
  };
  const send: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    // The widget names itself; the hosted page is known by its origin (docs/decisions/booking-channel.md).
    if (channel === 'widget') request.headers.set('X-SVC-Channel', 'widget');
    const used = key;
    request.headers.set('Authorization', `Bearer ${used}`);
    const again = request.clone();
    const res = await fetch(request);
    if (res.status !== 401) return res;
    if (key === used) await lookUp(used);
    // Sent again only with another key: the one that replaced it meanwhile, or the one just looked up.
    if (key === used) return res;
    again.headers.set('Authorization', `Bearer ${key}`);
    return fetch(again);
  };
  // A wait of a few seconds is retried unseen; a longer one is told to the customer with its length.
  return createBookingClient({
    baseUrl: apiBaseUrl,
    apiKey: initialKey,
    fetch: send,
    retryOnRateLimit: 1,
    maxRetryWaitSeconds: 5,
  });
}

/**
 * The company lookup asked again (it is never cached): the key it hands this page when it is another one
 * this page may use, else null (a key of another of the company's sites would only be refused here).
 */
export async function replacementKey(apiBaseUrl: string, slug: string, current: string): Promise<string | null> {
  const fresh = await fetchCompanyEmbed(apiBaseUrl, slug, { cache: 'no-store' }).catch(() => null);
  const key = fresh?.origin_allowed === false ? null : (fresh?.publishable_key ?? null);
  return key && key !== current ? key : null;
}
