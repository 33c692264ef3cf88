import type { IntentRequest, Size } from '@svc/sdk';
import type { Attribution } from '../attribution';
import { type Answers, pickupDate } from './answers';

/** What the dumpster form sends: the /intents body from its answers, and the confirmed-page address. */

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
    // Asked only of a company with permit rules; absent is the driveway, as for every other company.
    ...(a.placement ? { placement: a.placement } : {}),
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
