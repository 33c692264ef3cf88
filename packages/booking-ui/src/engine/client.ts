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
  const refused = new Set<string>();
  const send: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    // The widget names itself; the hosted page is known by its origin (docs/decisions.md, "Booking channel").
    if (channel === 'widget') request.headers.set('X-SVC-Channel', 'widget');
    request.headers.set('Authorization', `Bearer ${key}`);
    const again = request.clone();
    const res = await fetch(request);
    if (res.status !== 401 || refused.has(key)) return res;
    refused.add(key);
    const fresh = await replacementKey(apiBaseUrl, slug, key);
    if (!fresh) return res;
    key = fresh;
    onKey?.(fresh);
    again.headers.set('Authorization', `Bearer ${fresh}`);
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

/** The company lookup asked again (it is never cached): its key when it is another one, else null. */
export async function replacementKey(apiBaseUrl: string, slug: string, current: string): Promise<string | null> {
  const fresh = await fetchCompanyEmbed(apiBaseUrl, slug, { cache: 'no-store' }).catch(() => null);
  const key = fresh?.publishable_key ?? null;
  return key && key !== current ? key : null;
}
