import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import {
  CARDS,
  continueToPayment,
  customer,
  deliveriesOf,
  env,
  fillDetails,
  jobDeliveries,
  jobFromCli,
  orderFromCli,
  payWith,
  screenshot,
} from '../support/booking';
import { type HostPages, startHostPages } from '../support/host-pages';
import { dayWithWindow, expectJobNumber, fillJunkDetails, junkCustomer, pickDay, windowRadio } from '../support/junk';

let site: HostPages;
let otherHost: HostPages;
test.beforeAll(async () => {
  const widget = `${env().hosted}/widget/v1/booking.js`;
  site = await startHostPages(widget);
  // The same pages under 127.0.0.1: a domain e2e-materials did not allow (it lists only localhost).
  otherHost = await startHostPages(widget, '127.0.0.1');
});
test.afterAll(async () => {
  await site?.close();
  await otherHost?.close();
});

/**
 * Records the widget's window events and its console errors (the browser's own network lines, such as a 404
 * for an unknown company, are not the widget's).
 */
async function watch(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && m.text().startsWith('[svc widget]')) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  await page.addInitScript(() => {
    const w = window as unknown as { __svcEvents: { type: string; detail: unknown }[] };
    w.__svcEvents = [];
    for (const type of ['svc:booking:complete', 'svc:booking:unconfirmed']) {
      window.addEventListener(type, (e) => w.__svcEvents.push({ type, detail: (e as CustomEvent).detail }));
    }
  });
  const events = () => page.evaluate(() => (window as unknown as { __svcEvents: unknown[] }).__svcEvents);
  return { errors, events };
}

test('inline on another origin: pre-filled from data-*, books with 4242, svc:booking:complete carries the order', async ({
  page,
}, info) => {
  const { events, errors } = await watch(page);
  await page.goto(site.url('/inline.html', 'utm_source=google&utm_medium=cpc&utm_campaign=spring-cleanout'));
  // data-size, data-zip and data-promo pre-fill the flow.
  await expect(page.getByRole('radio', { name: /20 Yard Dumpster/ })).toBeChecked();
  await expect(page.getByLabel('ZIP code')).toHaveValue('78704');
  await expect(page.getByLabel('Promo code (optional)')).toHaveValue('WELCOME10');
  await fillDetails(page, customer('widget-inline'));
  await screenshot(page, info, 'widget-inline-form');
  await continueToPayment(page);
  const pay = await page.getByRole('button', { name: /^Pay \$/ }).textContent();
  await payWith(page, CARDS.success);
  await expect(page.getByRole('heading', { name: 'Your dumpster is booked' })).toBeVisible();
  const orderNumber = Number((await page.locator('.num').textContent())?.replace('#', ''));
  await screenshot(page, info, 'widget-inline-confirmed');

  await expect.poll(events).toEqual([
    {
      type: 'svc:booking:complete',
      detail: { order_number: orderNumber, amount: Number(pay?.replace(/[^\d.]/g, '')) },
    },
  ]);
  const order = await orderFromCli('demo', orderNumber);
  expect(order).toMatchObject({ channel: 'widget', charged: Number(pay?.replace(/[^\d.]/g, '')) });
  expect(order?.attribution).toMatchObject({
    utm_source: 'google',
    utm_medium: 'cpc',
    utm_campaign: 'spring-cleanout',
    landing_page: expect.stringContaining('/inline.html?utm_source=google'),
  });
  await expect
    .poll(() => deliveriesOf(orderNumber, 'utm_campaign'), { timeout: 20_000 })
    .toContainEqual(['booking.completed', true, 'widget', 'spring-cleanout']);
  expect(errors).toEqual([]);
});

test('fab beside a junk fab: accessible modals (focus, Escape, scroll lock); each books, each event on window', async ({
  page,
}, info) => {
  const { events, errors } = await watch(page);
  await page.goto(site.url('/fab.html'));
  const open = page.getByRole('button', { name: 'Rent a dumpster' });
  const junk = page.getByRole('button', { name: 'Book Junk Removal' });
  await expect(open).toBeVisible();
  await expect(junk).toBeVisible();
  // Corners and color as the attributes say.
  const right = await open.boundingBox();
  const left = await junk.boundingBox();
  expect(right && left && right.x > left.x).toBe(true);
  expect(await open.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(22, 163, 74)');
  await screenshot(page, info, 'widget-fab-closed');

  // The junk script: its own dialog with the junk removal flow, closed with Escape.
  await junk.click();
  const junkDialog = page.getByRole('dialog', { name: /Book Junk Removal/ });
  await expect(junkDialog.getByRole('radio', { name: /1\/4 truck/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(junkDialog).toBeHidden();
  await expect(junk).toBeFocused();

  await open.click();
  const dialog = page.getByRole('dialog', { name: /Rent a dumpster/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
  // Focus stays in the dialog: tabbing through it never reaches the page behind (its "Contact us" link).
  await expect(dialog.getByRole('radio', { name: /10 Yard Dumpster/ })).toBeVisible();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press(i % 4 === 3 ? 'Shift+Tab' : 'Tab');
    const where = await page.evaluate(() => {
      const active = document.activeElement;
      if (active === document.body || active === null) return 'browser'; // the browser's own UI
      return active.shadowRoot?.activeElement?.closest('dialog') ? 'dialog' : active.outerHTML.slice(0, 60);
    });
    expect(['dialog', 'browser']).toContain(where);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
  // The page scrolls again once the modal has closed (its close runs after the focus moves back).
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');

  await open.click();
  await expect(dialog.getByRole('radio', { name: /10 Yard Dumpster/ })).toBeVisible();
  await fillDetails(dialog, customer('widget-fab'));
  await screenshot(page, info, 'widget-fab-open', false);
  await continueToPayment(dialog);
  await payWith(page, CARDS.success);
  await expect(dialog.getByRole('heading', { name: 'Your dumpster is booked' })).toBeVisible();
  const orderNumber = Number((await dialog.locator('.num').textContent())?.replace('#', ''));
  await expect
    .poll(events)
    .toEqual([{ type: 'svc:booking:complete', detail: { order_number: orderNumber, amount: 412.45 } }]);
  expect(await orderFromCli('demo', orderNumber)).toMatchObject({ channel: 'widget', charged: 412.45 });
  await page.keyboard.press('Escape');

  // Then the junk removal, in the other button's dialog: its event says which service and currency.
  const date = await dayWithWindow('demo', '13:00');
  await junk.click();
  await junkDialog.getByRole('radio', { name: /1\/2 truck/ }).check();
  await expect(junkDialog.getByTestId('gross-total')).toHaveText('$441.74');
  await pickDay(junkDialog, date);
  await windowRadio(junkDialog, '1:00 PM – 3:00 PM').check();
  await fillJunkDetails(junkDialog, junkCustomer('widget-fab'));
  await junkDialog.getByRole('button', { name: 'Continue to payment' }).click();
  await payWith(page, CARDS.success);
  await expect(junkDialog.getByRole('heading', { name: 'Your junk removal is booked' })).toBeVisible();
  const jobNumber = await expectJobNumber(junkDialog);
  await screenshot(page, info, 'widget-fab-junk-confirmed', false);
  await expect.poll(events).toEqual([
    { type: 'svc:booking:complete', detail: { order_number: orderNumber, amount: 412.45 } },
    {
      type: 'svc:booking:complete',
      detail: { order_number: jobNumber, amount: 441.74, currency: 'USD', service: 'junk' },
    },
  ]);
  expect(await jobFromCli('demo', jobNumber)).toMatchObject({ channel: 'widget', charged: 441.74, load: '1/2 truck' });
  expect(errors).toEqual([]);
});

test('junk inline beside an inline dumpster form: both work on one page; the job is a widget booking with its utm_*', async ({
  page,
}, info) => {
  const { events, errors } = await watch(page);
  await page.goto(site.url('/junk-inline.html', 'utm_source=yelp&utm_campaign=haul-away'));
  const dumpster = page.locator('#dc-booking');
  const junk = page.locator('#dc-junk-booking');
  // Both scripts drew their flow, each in its own container, each with its prices.
  await expect(dumpster.getByRole('radio', { name: /10 Yard Dumpster/ })).toBeChecked();
  await expect(dumpster.getByTestId('gross-total')).toHaveText('$412.45');
  await expect(junk.getByTestId('gross-total')).toHaveText(/\$\d/);

  const date = await dayWithWindow('demo', '08:00');
  await junk.getByRole('radio', { name: /Single item/ }).check();
  await pickDay(junk, date);
  await windowRadio(junk, '8:00 AM – 10:00 AM').check();
  await fillJunkDetails(junk, junkCustomer('widget-inline'));
  await screenshot(page, info, 'widget-junk-inline-form');
  await junk.getByRole('button', { name: 'Continue to payment' }).click();
  const pay = await junk.getByRole('button', { name: /^Pay \$/ }).textContent();
  await payWith(page, CARDS.success);
  await expect(junk.getByRole('heading', { name: 'Your junk removal is booked' })).toBeVisible();
  const jobNumber = await expectJobNumber(junk);
  const amount = Number(pay?.replace(/[^\d.]/g, ''));
  await expect
    .poll(events)
    .toEqual([
      { type: 'svc:booking:complete', detail: { order_number: jobNumber, amount, currency: 'USD', service: 'junk' } },
    ]);
  expect(await jobFromCli('demo', jobNumber)).toMatchObject({
    channel: 'widget',
    load: 'Single item',
    charged: amount,
  });
  await expect
    .poll(() => jobDeliveries(jobNumber), { timeout: 20_000 })
    .toContainEqual(['booking.completed', true, 'junk', 'widget', 'yelp']);
  // The dumpster form beside it is untouched and still books.
  await expect(dumpster.getByRole('button', { name: 'Continue to payment' })).toBeEnabled();
  expect(errors).toEqual([]);
});

test('a hostile host stylesheet (`* { all: unset }`, 40 px fonts) does not break the flow', async ({ page }, info) => {
  const { events } = await watch(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(site.url('/hostile.html'));
  const name = page.getByLabel('Full name');
  await expect(name).toBeVisible();
  // The host's 40 px fonts and dashed borders stop at the shadow root.
  expect(await name.evaluate((i) => getComputedStyle(i).fontSize)).toBe('16px');
  expect(await name.evaluate((i) => getComputedStyle(i).borderStyle)).toBe('solid');
  await fillDetails(page, customer('widget-hostile'));
  await screenshot(page, info, 'widget-hostile-form');
  await continueToPayment(page);
  await expect(page.getByLabel('Card number')).toBeVisible();
  expect(await page.getByLabel('Card number').evaluate((i) => getComputedStyle(i).fontSize)).toBe('16px');
  await payWith(page, CARDS.success);
  await expect(page.getByRole('heading', { name: 'Your dumpster is booked' })).toBeVisible();
  await screenshot(page, info, 'widget-hostile-confirmed');
  await expect.poll(async () => ((await events()) as unknown[]).length).toBe(1);
});

test("the company's 'booking confirmed page' works from the widget, after svc:booking:complete", async ({ page }) => {
  // The host page is left for the company's page, so the events are recorded outside the page.
  const seen: unknown[] = [];
  await page.exposeBinding('__record', (_source, detail) => seen.push(detail));
  await page.addInitScript(() =>
    window.addEventListener('svc:booking:complete', (e) =>
      (window as unknown as { __record(d: unknown): void }).__record((e as CustomEvent).detail),
    ),
  );
  await page.route('https://thanks.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Thanks</title><h1>Thank you!</h1>' }),
  );
  await page.goto(site.url('/redirect.html'));
  await fillDetails(page, customer('widget-redirect'));
  await continueToPayment(page);
  await payWith(page, CARDS.success);
  await page.waitForURL(/^https:\/\/thanks\.example\/booked/);
  const params = new URL(page.url()).searchParams;
  expect(params.get('first_name')).toBe('Jordan');
  expect(params.get('dumpster_size')).toBe('10 Yard Dumpster');
  const orderNumber = Number(params.get('order_number'));
  expect(seen).toEqual([{ order_number: orderNumber, amount: 412.45 }]);
  expect(await orderFromCli('e2e-redirect', orderNumber)).toMatchObject({ status: 'confirmed', channel: 'widget' });
});

test.describe('a site owner who got the tag wrong gets one console error and no broken UI', () => {
  for (const [pageName, expected] of [
    ['/missing.html', /data-company is required/],
    ['/unknown.html', /no company "no-such-co"/],
  ] as const) {
    test(pageName, async ({ page }) => {
      const { errors } = await watch(page);
      await page.goto(site.url(pageName));
      await expect.poll(() => errors.length).toBe(1);
      expect(errors[0]).toMatch(expected);
      await page.waitForTimeout(500);
      expect(errors).toHaveLength(1);
      expect(await page.locator('div[data-svc-widget]').count()).toBe(0);
    });
  }

  test('a page on a domain the company did not allow is told so, in the console and in words', async ({ page }) => {
    const { errors } = await watch(page);
    await page.goto(otherHost.url('/not-allowed.html'));
    await expect(page.getByText('Online booking is not available on this site')).toBeVisible();
    await expect(page.getByText(/book on Rock Solid Roll-Offs's booking page instead/)).toBeVisible();
    await expect.poll(() => errors).toEqual([expect.stringMatching(/127\.0\.0\.1:\d+ is not an allowed domain/)]);
  });
});

test("the flows' files: each page names only its own; cached for a year; another version's entry answered with this one's, never cached", async ({
  request,
}) => {
  const hosted = env().hosted;
  const html = await (await request.get(`${hosted}/book?company=demo`)).text();
  const entry = /<script type="module" src="([^"]+)"/.exec(html)?.[1] as string;
  expect(entry).toMatch(/^\/widget\/v1\/flow\/dumpster-[A-Z0-9]+\.js$/);
  // The entry and every chunk it imports are asked for at once.
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1] as string);
  expect(preloads[0]).toBe(entry);
  expect(preloads.length).toBeGreaterThan(1);
  for (const src of preloads) {
    const res = await request.get(`${hosted}${src}`);
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toContain('immutable');
  }
  // A page of the previous deploy asks this instance for its entry: it gets this version's, not cached.
  const current = await (await request.get(`${hosted}${entry}`)).text();
  const other = await request.get(`${hosted}/widget/v1/flow/dumpster-OLDVERSION1.js`);
  expect(other.status()).toBe(200);
  expect(other.headers()['cache-control']).toBe('no-store');
  expect(await other.text()).toBe(current);
  expect((await request.get(`${hosted}/widget/v1/flow/chunk-NOSUCHFILE.js`)).status()).toBe(404);
  // A rolling deploy: this instance put its files in the shared archive, and serves a file of another
  // version from there (the chunk an old page's entry imports).
  const archive = path.join(process.env.E2E_DATA_DIR as string, 'widget-archive');
  expect(readFileSync(path.join(archive, entry.split('/').at(-1) as string), 'utf8')).toBe(current);
  writeFileSync(path.join(archive, 'chunk-PREVIOUS1.js'), 'export const previous = 1;\n');
  const previous = await request.get(`${hosted}/widget/v1/flow/chunk-PREVIOUS1.js`);
  expect(previous.status()).toBe(200);
  expect(previous.headers()['cache-control']).toContain('immutable');
  expect(await previous.text()).toBe('export const previous = 1;\n');
  expect((await request.get(`${hosted}/widget/v1/flow/..%2Fwidget-archive.js`)).status()).toBe(404);
  // The junk page loads the junk flow, never the dumpster one.
  const junk = await (await request.get(`${hosted}/junk-checkout/demo`)).text();
  expect(junk).toMatch(/<script type="module" src="\/widget\/v1\/flow\/junk-[A-Z0-9]+\.js"/);
  expect(junk).not.toMatch(/flow\/dumpster-/);
});
