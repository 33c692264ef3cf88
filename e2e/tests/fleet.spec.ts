import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  bookUrl,
  CARDS,
  continueToPayment,
  customer,
  env,
  fillDetails,
  openBooking,
  orderFromCli,
  payWith,
  pickFirstOpenDay,
  screenshot,
  seriousA11yViolations,
} from '../support/booking';
import { consoleUrl, createConsoleUser, signIn } from '../support/console';
import { repoRoot, svc } from '../support/platform';

// The fleet as a booking rule (docs/decisions/fleet.md), as a customer and the office see it: a
// company with one 20-yard can, rented out from the first delivery day; the booking page greys the days
// it is out with a sentence, the customer books the next free day, and the console's Fleet page and
// dispatch board show the can out.
const SLUG = 'e2e-fleet';
let server = '';

test.beforeAll(async () => {
  const demo = JSON.parse(readFileSync(path.join(repoRoot, 'apps/api/config/demo-company.json'), 'utf8'));
  const file = path.join(env().dataDir, 'fleet-company.json');
  writeFileSync(
    file,
    JSON.stringify({
      ...demo,
      slug: SLUG,
      name: 'One Can Dumpsters',
      fleet: {
        turnaround_days: 0,
        sizes: [
          { size: '20yd', cans: 1 },
          { size: '30yd', cans: 0 },
        ],
      },
    }),
  );
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

/** A 7-day rental of the one 20-yard can from the first delivery day, booked and paid through the API. */
async function rentTheCan(sizeId: string, delivery: string) {
  const intent = (
    await api('POST', '/intents', {
      size_id: sizeId,
      rental_days: 7,
      delivery_date: delivery,
      delivery_address: '1 Yard Rd',
      delivery_zip: '78704',
      customer: { name: 'First Customer', email: `first+${Date.now()}@example.com`, phone: '+1 512 555 0100' },
      terms_accepted: true,
    })
  ).data;
  await fetch(`${env().api}/sandbox/v1/payment_intents/${intent.payment_intent_id}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_secret: intent.client_secret,
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
    }),
  });
  const made = await api('POST', '/confirm', {
    session_id: intent.session_id,
    payment_intent_id: intent.payment_intent_id,
  });
  return made.data.order_number as number;
}

test('a size whose one can is out greys those days with a sentence; the customer books the next free day; the Fleet page shows it', async ({
  page,
}, info) => {
  const sizes = (await api('GET', '/sizes')).data as any[];
  const twenty = sizes.find((s) => s.yards === 20);
  const calendar = (await api('GET', '/availability')).data;
  const closed = new Set(calendar.closed.map((c: any) => c.date));
  let first = calendar.min_date as string;
  while (closed.has(first)) first = new Date(Date.parse(`${first}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const taken = await rentTheCan(twenty.id, first);
  const next = (await api('GET', `/availability?size_id=${twenty.id}&rental_days=7`)).data.fleet.next_delivery_date;
  expect(next > first).toBe(true);

  await openBooking(page, bookUrl(`company=${SLUG}&size=20`));
  // The size nobody can rent says when instead of selling it.
  await expect(page.getByRole('radio', { name: /30 Yard/ })).toHaveAccessibleName(/All out for now/);
  const note = page.getByTestId('fleet-note');
  await expect(note).toContainText('all 20 Yard dumpsters are out for a 7-day rental from then');
  const out = page.locator(`button.day[data-date="${first}"]`);
  await expect(out).toHaveAttribute('aria-disabled', 'true');
  await expect(out).toHaveAccessibleName(/all 20 Yard dumpsters are out then/);
  await screenshot(page, info, 'fleet-sold-out-days');
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The first day the calendar offers is the next free one. While the customer fills the form, someone else
  // books that day's can: the refusal is said at the date, the calendar is read again with that day greyed,
  // and everything else the customer typed stays.
  await fillDetails(page, customer('fleet'));
  await rentTheCan(twenty.id, next);
  await continueToPayment(page);
  await expect(page.getByText(/All dumpsters of this size are out for some of those days/)).toBeVisible();
  await expect(page.locator(`button.day[data-date="${next}"]`)).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByLabel('Full name')).toHaveValue(customer('fleet').name);
  await expect(page.getByLabel('Street address')).toHaveValue(customer('fleet').address);
  await screenshot(page, info, 'fleet-refused-at-payment');
  const after = (await api('GET', `/availability?size_id=${twenty.id}&rental_days=7`)).data.fleet.next_delivery_date;
  expect(after > next).toBe(true);
  await pickFirstOpenDay(page);
  await continueToPayment(page);
  await payWith(page, CARDS.success);
  await expect(page.getByRole('heading', { name: 'Your dumpster is booked' })).toBeVisible();
  const number = Number((await page.locator('.num').textContent())?.replace('#', ''));
  expect((await orderFromCli(SLUG, number))?.delivery_date).toBe(after);

  // The office: the Fleet page shows the can out on the rented days; dispatch marks the last can.
  const owner = await createConsoleUser({ slug: SLUG });
  await signIn(page, owner.email, owner.password, '/fleet');
  const section = page.getByTestId('fleet-20yd');
  await expect(section.getByRole('heading', { name: '20 Yard Dumpster: 1 can' })).toBeVisible();
  await expect(page.getByTestId('fleet-20yd-full')).toContainText('Full (no can free)');
  await section.getByText('Day by day').click();
  const firstRow = section
    .getByRole('row')
    .filter({ hasText: /0 \(full\)/ })
    .first();
  await expect(firstRow).toBeVisible();
  await screenshot(page, info, 'fleet-console-page');
  expect(await seriousA11yViolations(page)).toEqual([]);
  // A tablet held upright: the chart fits, the table scrolls inside its box.
  await page.setViewportSize({ width: 768, height: 1024 });
  await expect(section.locator('.fleet-chart svg.recharts-surface').last()).toBeVisible();
  // The chart measures its box after the resize (a ResizeObserver): wait for it, then nothing scrolls sideways.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  await screenshot(page, info, 'fleet-console-tablet', false);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(consoleUrl(`/dispatch?date=${first}`));
  const stop = page.getByRole('row').filter({ hasText: `#${taken}` });
  await expect(stop.getByText('Last can')).toBeVisible();
  await screenshot(page, info, 'fleet-dispatch-last-can');

  // The owner buys a second can: Settings, Fleet; the Fleet page and the booking page have it at once.
  await page.goto(consoleUrl('/settings/fleet'));
  const cans = page.getByRole('group', { name: 'Cans owned' }).getByLabel('20 Yard Dumpster');
  await expect(cans).toHaveValue('1');
  await cans.fill('2');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Fleet saved')).toBeVisible();
  await page.goto(consoleUrl('/fleet'));
  await expect(section.getByRole('heading', { name: '20 Yard Dumpster: 2 cans' })).toBeVisible();
  await expect(page.getByTestId('fleet-20yd-full')).toContainText('A can is free every day');
  await screenshot(page, info, 'fleet-console-two-cans');
});
