import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { bookUrl, env, openBooking, screenshot, seriousA11yViolations } from '../support/booking';
import { repoRoot, svc } from '../support/platform';

/**
 * My booking (/rental/<token>) against the fleet (docs/decisions/fleet.md), as fleet.spec.ts sets it up: a
 * company of its own (`svc company apply`) with one 20-yard and one 10-yard can, booked through the Booking
 * API. A rental extended on the page keeps its can for the new days, so another customer is refused them;
 * a rental ended early on the page frees its can, so another customer gets the freed day.
 */
test.use({ viewport: { width: 390, height: 844 } });

const SLUG = 'e2e-my-booking-fleet';
let server = '';

test.beforeAll(async () => {
  const demo = JSON.parse(readFileSync(path.join(repoRoot, 'apps/api/config/demo-company.json'), 'utf8'));
  const file = path.join(env().dataDir, 'my-booking-fleet-company.json');
  const fleet = { turnaround_days: 0, sizes: [10, 20, 30].map((yd) => ({ size: `${yd}yd`, cans: yd === 30 ? 0 : 1 })) };
  writeFileSync(file, JSON.stringify({ ...demo, slug: SLUG, name: 'Two Can Dumpsters', fleet }));
  await svc(env().dataDir, 'company', 'apply', file);
  await svc(env().dataDir, 'keys', 'create', SLUG, '--kind', 'publishable', '--domain', 'localhost');
  server = (await svc(env().dataDir, 'keys', 'create', SLUG, '--kind', 'server')).key;
});

/** GET or POST on the Booking API with the company's server key. */
async function api(method: string, route: string, body?: object) {
  const res = await fetch(`${env().api}/booking/v1${route}`, {
    method,
    headers: { authorization: `Bearer ${server}`, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as any;
}

/** A customer's intent to rent a size from a day: `data`, or the API's `error` (size_sold_out when no can is free). */
const intent = (sizeId: string, delivery: string, days: number) =>
  api('POST', '/intents', {
    size_id: sizeId,
    rental_days: days,
    delivery_date: delivery,
    delivery_address: '1 Yard Rd',
    delivery_zip: '78704',
    customer: { name: 'A Customer', email: `fleet+${Date.now()}@example.com`, phone: '+1 512 555 0100' },
    terms_accepted: true,
  });

/** A rental booked and paid (4242) through the API: its number and its My booking link. */
async function book(sizeId: string, delivery: string, days: number) {
  const made = await intent(sizeId, delivery, days);
  expect(made.error).toBeUndefined();
  await fetch(`${env().api}/sandbox/v1/payment_intents/${made.data.payment_intent_id}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_secret: made.data.client_secret,
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
    }),
  });
  const done = await api('POST', '/confirm', {
    session_id: made.data.session_id,
    payment_intent_id: made.data.payment_intent_id,
  });
  expect(done.data.manage_url).toMatch(/\/rental\/rtl_[A-Za-z0-9_-]{32}$/);
  return { number: done.data.order_number as number, link: done.data.manage_url as string };
}

const isoDay = (date: string, plus: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + plus * 86_400_000).toISOString().slice(0, 10);

/** A YYYY-MM-DD day as the page writes it ("Tue, Dec 1, 2026"). */
const shownDay = (date: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));

/** The first delivery day the company's calendar offers, and its closed days (holidays, days off). */
async function calendar() {
  const data = (await api('GET', '/availability')).data;
  const closed = new Set<string>(data.closed.map((c: { date: string }) => c.date));
  let first = data.min_date as string;
  while (closed.has(first)) first = isoDay(first, 1);
  return { first, closed };
}

async function size(yards: number): Promise<string> {
  return ((await api('GET', '/sizes')).data as { id: string; yards: number }[]).find((s) => s.yards === yards)
    ?.id as string;
}

async function rental(link: string) {
  const token = link.split('/rental/')[1];
  const res = await fetch(`${env().api}/rental/v1/booking`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()).data as { delivery_date: string; pickup_date: string };
}

async function openRental(page: Page, link: string) {
  expect((await page.goto(link))?.status()).toBe(200);
  await page.locator('.rb-view[data-ready]').waitFor();
}

test('extended by 3 days on the page, the one 20-yard can is out on those days: another customer is refused them', async ({
  page,
}, info) => {
  const twenty = await size(20);
  const { first } = await calendar();
  const { link } = await book(twenty, first, 7);
  const before = await rental(link);
  // Before: the can is free again after its pickup (the next open day), a day that the 3 days will cover.
  const free = (await api('GET', `/availability?size_id=${twenty}&rental_days=7`)).data.fleet.next_delivery_date;
  expect(free > before.pickup_date && free <= isoDay(before.pickup_date, 3)).toBe(true);

  await openRental(page, link);
  const extend = page.getByRole('form', { name: 'Extend the rental' });
  await extend.getByLabel('Extra days').fill('3');
  await extend.getByRole('button', { name: 'See the price' }).click();
  const total = (await extend.getByTestId('quote-total').textContent()) as string;
  await extend.getByRole('button', { name: `Pay ${total} and extend` }).click();
  await expect(page.getByTestId('pickup-date')).toHaveText(shownDay(isoDay(before.pickup_date, 3)));
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'my-booking-fleet-extended');

  // After: the Booking API refuses the same size from the day that was free, and offers the day after the new pickup.
  const refused = await intent(twenty, free, 7);
  expect(refused.error?.code).toBe('size_sold_out');
  const next = (await api('GET', `/availability?size_id=${twenty}&rental_days=7`)).data.fleet.next_delivery_date;
  expect(next > isoDay(before.pickup_date, 3)).toBe(true);
  // And /book greys that day with the fleet's sentence.
  await openBooking(page, bookUrl(`company=${SLUG}&size=20`));
  const day = page.locator(`button.day[data-date="${free}"]`);
  if ((await day.count()) === 0) await page.getByRole('button', { name: 'Next month' }).click();
  await expect(day).toHaveAttribute('aria-disabled', 'true');
  await expect(day).toHaveAccessibleName(/all 20 Yard dumpsters are out then/);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'my-booking-fleet-refused-on-book');
});

test('ended early on the page ("No refund" said first), the one 10-yard can is free on the freed day: another customer books it', async ({
  page,
}, info) => {
  const ten = await size(10);
  const { first, closed } = await calendar();
  const { link } = await book(ten, first, 7);
  const before = await rental(link);
  // The early end: the first day from 2 days after the delivery that the API takes, and after which a 3-day
  // rental can start (its delivery and pickup days open), inside the days booked until now.
  let end = '';
  for (let plus = 2; plus < 7 && !end; plus++) {
    const date = isoDay(before.delivery_date, plus);
    if (closed.has(isoDay(date, 1)) || closed.has(isoDay(date, 4))) continue;
    const quoted = await fetch(`${env().api}/rental/v1/changes/quote`, {
      method: 'POST',
      headers: { authorization: `Bearer ${link.split('/rental/')[1]}`, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'end_early', pickup_date: date }),
    });
    if (quoted.ok) end = date;
  }
  expect(end).not.toBe('');
  const freed = isoDay(end, 1);
  expect((await intent(ten, freed, 3)).error?.code).toBe('size_sold_out');

  await openRental(page, link);
  const form = page.getByRole('form', { name: 'End early' });
  await expect(form.getByText(/No refund for the days not used\.$/)).toBeVisible();
  await form.getByLabel('New pickup date').fill(end);
  await form.getByRole('button', { name: 'See the price' }).click();
  const quote = form.getByTestId('quote-end_early');
  await expect(quote.getByText('No refund for the days not used.')).toBeVisible();
  await expect(quote.getByTestId('quote-total')).toHaveText('$0.00');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'my-booking-fleet-end-early-quote');
  await quote.getByRole('button', { name: `End the rental on ${shownDay(end)}` }).click();
  await expect(page.getByTestId('notice')).toHaveText(`Done: the new pickup date is ${shownDay(end)}.`);
  await expect(page.getByTestId('pickup-date')).toHaveText(shownDay(end));
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'my-booking-fleet-ended-early');

  // The freed day goes through now: booked and paid through the Booking API.
  const other = await book(ten, freed, 3);
  expect((await rental(other.link)).delivery_date).toBe(freed);
});
