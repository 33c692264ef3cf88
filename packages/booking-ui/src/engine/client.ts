import { type BookingClient, createBookingClient, fetchCompanyEmbed } from '@svc/sdk';
import type { Channel } from './types';

/** The flow's Booking API client: the page's publishable key, the widget naming itself. */
export function makeClient(apiBaseUrl: string, key: string, channel: Channel): BookingClient {
  // The widget names itself; the hosted page is known by its origin (docs/decisions.md, "Booking channel").
  const fetchWithChannel: typeof fetch = (input, init) => {
    if (channel !== 'widget') return fetch(input, init);
    const request = new Request(input, init);
    request.headers.set('X-SVC-Channel', 'widget');
    return fetch(request);
  };
  return createBookingClient({ baseUrl: apiBaseUrl, apiKey: key, fetch: fetchWithChannel, retryOnRateLimit: 1 });
}

/**
 * After the API refused the page's key: the company lookup asked again (it is never cached), and its key
 * when it is another one (the company replaced it, or the platform started on a new database); else null.
 */
export async function replacementKey(apiBaseUrl: string, slug: string, current: string): Promise<string | null> {
  const fresh = await fetchCompanyEmbed(apiBaseUrl, slug, { cache: 'no-store' }).catch(() => null);
  const key = fresh?.publishable_key ?? null;
  return key && key !== current ? key : null;
}
