import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { env, screenshot, seriousA11yViolations } from '../support/booking';
import { consoleUrl, createConsoleUser, signIn } from '../support/console';
import { repoRoot, svc } from '../support/platform';

/**
 * A swap on My booking (/rental/<token>): a company of its own (`svc company apply`, as my-booking-fleet.spec.ts
 * sets it up) with two 20-yard cans counted and a $95 swap fee for that size (rental_changes.swap_fees), booked
 * through the Booking API. On the page the customer books a swap for a day during the rental, priced (fee, tax,
 * card fee) and paid with the saved card; the change history has it on its day, and the company owner's
 * dispatch board lists the order under "Swaps" that day. The one 10-yard can has no second can for a swap.
 */
test.use({ viewport: { width: 390, height: 844 } });

const SLUG = 'e2e-my-booking-swap';
const SWAP_FEE = 95;
let server = '';

test.beforeAll(async () => {
  const demo = JSON.parse(readFileSync(path.join(repoRoot, 'apps/api/config/demo-company.json'), 'utf8'));
  const file = path.join(env().dataDir, 'my-booking-swap-company.json');
  const fleet = {
    turnaround_days: 0,
    sizes: [
      { size: '10yd', cans: 1 },
      { size: '20yd', cans: 2 },
      { size: '30yd', cans: 0 },
    ],
  };
  const rental_changes = { swap_fees: { '10yd': 80, '20yd': SWAP_FEE } };
  writeFileSync(file, JSON.stringify({ ...demo, slug: SLUG, name: 'Swap Ready Dumpsters', fleet, rental_changes }));
  await svc(env().dataDir, 'company', 'apply', file);
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

/** A rental booked and paid (4242, the card saved) through the Booking API: its number and its My booking link. */
async function book(yards: number, days: number) {
  const sizes = (await api('GET', '/sizes')).data as { id: string; yards: number }[];
  const availability = (await api('GET', '/availability')).data;
  const closed = new Set<string>(availability.closed.map((c: { date: string }) => c.date));
  let delivery = availability.min_date as string;
  while (closed.has(delivery)) delivery = isoDay(delivery, 1);
  const made = await api('POST', '/intents', {
    size_id: sizes.find((s) => s.yards === yards)?.id,
    rental_days: days,
    delivery_date: delivery,
    delivery_address: '1 Swap St',
    delivery_zip: '78704',
    customer: { name: 'A Customer', email: `swap+${Date.now()}@example.com`, phone: '+1 512 555 0100' },
    terms_accepted: true,
  });
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
  const link = done.data.manage_url as string;
  return { number: done.data.order_number as number, link, token: link.split('/rental/')[1] as string };
}

/** The rental API with the link's token: GET the booking, or POST a swap's quote. */
async function rental(token: string, route = '/booking', body?: object) {
  const res = await fetch(`${env().api}/rental/v1${route}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as any;
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

async function openRental(page: Page, link: string) {
  expect((await page.goto(link))?.status()).toBe(200);
  await page.locator('.rb-view[data-ready]').waitFor();
}

test('a swap booked on the page, paid with the saved card, is on the dispatch board under "Swaps" that day', async ({
  page,
}, info) => {
  const { link, token, number } = await book(20, 7);
  const booking = (await rental(token)).data;
  expect(booking.swap_price).toBe(SWAP_FEE);
  expect(booking.changes_allowed).toContain('swap');
  // The swap's day: the first day after the delivery that the API quotes (the company works it, past its notice).
  let swapDate = '';
  for (let plus = 1; plus < 7 && !swapDate; plus++) {
    const quoted = await rental(token, '/changes/quote', {
      kind: 'swap',
      swap_date: isoDay(booking.delivery_date, plus),
    });
    if (quoted.data) swapDate = quoted.data.swap_date;
  }
  expect(swapDate).not.toBe('');

  await openRental(page, link);
  const form = page.getByRole('form', { name: 'Swap the dumpster' });
  await expect(form.getByText(/^\$95\.00 plus tax\./)).toBeVisible();
  const input = form.getByLabel('Swap date');
  await expect(input).toHaveAttribute('min', isoDay(booking.delivery_date, 1));
  await expect(input).toHaveAttribute('max', isoDay(booking.pickup_date, -1));
  await input.fill(swapDate);
  await form.getByRole('button', { name: 'See the price' }).click();
  const quote = form.getByTestId('quote-swap');
  await expect(quote.getByTestId('quote-swap-date')).toHaveText(shownDay(swapDate));
  await expect(quote.getByTestId('quote-fee')).toHaveText('$95.00');
  await expect(quote.getByTestId('quote-tax')).toHaveText('$7.84');
  await expect(quote.getByTestId('quote-card-fee')).toBeVisible();
  await expect(quote.getByText('Charged to the card you booked with.')).toBeVisible();
  const total = (await quote.getByTestId('quote-total').textContent()) as string;
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'my-booking-swap-quote');

  await quote.getByRole('button', { name: `Pay ${total} and book the swap` }).click();
  await expect(page.getByTestId('notice')).toContainText(`Done: your swap is booked for ${shownDay(swapDate)}.`);
  const history = page.getByRole('region', { name: 'Changes made' });
  await expect(history.getByRole('listitem').first()).toContainText(
    `Swap: Full dumpster replaced with an empty one on ${shownDay(swapDate)}`,
  );
  await expect(history.getByRole('listitem').first()).toContainText(`${total} · Done`);
  await expect(page.getByTestId('pickup-date')).toHaveText(shownDay(booking.pickup_date));
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'my-booking-swap-booked');
  const after = (await rental(token)).data;
  expect(after.changes.map((c: { kind: string; status: string }) => `${c.kind} ${c.status}`)).toEqual(['swap applied']);
  expect(after.changes[0].swap_date).toBe(swapDate);
  expect(after.changes[0].amounts.fee).toBe(SWAP_FEE);

  // The office: the company owner's dispatch board lists the order under "Swaps" on the swap's day.
  const owner = await createConsoleUser({ slug: SLUG, role: 'owner' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, owner.email, owner.password, `/dispatch?date=${swapDate}`);
  const stop = page
    .getByRole('table', { name: 'Swaps' })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `#${number}` }) });
  await expect(async () => {
    await page.goto(consoleUrl(`/dispatch?date=${swapDate}`));
    await expect(page.getByRole('heading', { name: `Dispatch: ${swapDate}` })).toBeVisible();
    await expect(stop).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'my-booking-swap-dispatch');
});

// The quote counts the swap's day with the order's own can out: a size with one can has no second one for it.
test('the one 10-yard can has no second can for a swap: the page says so next to the day', async ({ page }, info) => {
  const { link, token } = await book(10, 7);
  const booking = (await rental(token)).data;
  let refused: { code: string; field: string; message: string } | null = null;
  let date = '';
  for (let plus = 1; plus < 7 && !refused; plus++) {
    date = isoDay(booking.delivery_date, plus);
    const quoted = await rental(token, '/changes/quote', { kind: 'swap', swap_date: date });
    if (quoted.error?.code === 'size_sold_out') refused = quoted.error;
  }
  expect(refused?.field).toBe('swap_date');

  await openRental(page, link);
  const form = page.getByRole('form', { name: 'Swap the dumpster' });
  await form.getByLabel('Swap date').fill(date);
  await form.getByRole('button', { name: 'See the price' }).click();
  await expect(form.getByText(refused?.message as string)).toBeVisible();
  await expect(form.getByLabel('Swap date')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByTestId('quote-swap')).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'my-booking-swap-sold-out');
});
