import { type BookingClient, createBookingClient, type IntentRequest, type Size } from '@svc/sdk';
import { type Answers, pickupDate } from './answers';
import type { Attribution } from './attribution';
import { type Channel, fetchCompanyEmbed } from './types';

/** What the flow sends: its client, the /intents body from the answers, and the confirmed-page address. */
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

/** The answers as a POST /intents body (pure: unit-tested in requests.test.ts). */
export function intentBody(a: Answers, size: Size, materialsOn: boolean, attribution?: Attribution): IntentRequest {
  const debris = materialsOn ? '' : a.debris;
  return {
    size_id: size.id,
    rental_days: a.days,
    delivery_date: a.date,
    delivery_address: a.address.trim(),
    ...(a.city.trim() ? { delivery_city: a.city.trim() } : {}),
    ...(a.state.trim() ? { delivery_state: a.state.trim() } : {}),
    delivery_zip: a.zip.trim(),
    ...(debris ? { debris_type: debris } : {}),
    ...(a.promo.trim() ? { promo_code: a.promo.trim() } : {}),
    ...(materialsOn && a.material ? { material: a.material, material_acknowledged: a.ack } : {}),
    customer: {
      name: a.name.trim(),
      email: a.email.trim(),
      phone: a.phone.trim(),
      type: a.type === 'contractor' ? 'contractor' : 'residential',
      ...(a.type === 'contractor' && a.companyName.trim() ? { company_name: a.companyName.trim() } : {}),
    },
    terms_accepted: true,
    ...(attribution && Object.keys(attribution).length ? { attribution } : {}),
  };
}

/** The spec's redirect: the company's page with the booking in its query string. */
export function confirmedPageUrl(target: string, a: Answers, sizeLabel: string, orderNumber: number): string {
  const url = new URL(target);
  const [first = '', ...rest] = a.name.trim().split(/\s+/);
  const params: Record<string, string> = {
    email: a.email.trim(),
    phone: a.phone.trim(),
    first_name: first,
    last_name: rest.join(' '),
    dumpster_size: sizeLabel,
    delivery_date: a.date,
    pickup_date: pickupDate(a.date, a.days),
    order_number: String(orderNumber),
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
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
