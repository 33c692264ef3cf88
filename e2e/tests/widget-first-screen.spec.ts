import { expect, type Page, test } from '@playwright/test';
import { CARDS, continueToPayment, customer, env, fillDetails, orderFromCli, payWith } from '../support/booking';
import { type HostPages, startHostPages } from '../support/host-pages';

/**
 * The widget in two round trips (issue 55): after the loader, one request brings the form's first screen
 * with its prices (the company, the key this page may use, the form drawn by our server), while the flow's
 * modules load beside it; the flow then hydrates what is on screen and asks nothing it was given.
 */
let site: HostPages;
test.beforeAll(async () => {
  site = await startHostPages(`${env().hosted}/widget/v1/booking.js`);
});
test.afterAll(async () => {
  await site?.close();
});

type Resource = { path: string; query: string; origin: string; start: number };

/**
 * Watches the page from inside: when a price first shows in a price panel (in the document or a widget's
 * shadow root), on the page's own clock, and the requests it made on the same clock (resource timing).
 */
async function watchPage(page: Page) {
  const notes: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.text().includes('rendered again')) notes.push(m.text());
  });
  page.on('pageerror', (e) => notes.push(`page error: ${e.message}`));
  await page.addInitScript(() => {
    const w = window as unknown as { __prices: number };
    w.__prices = 0;
    const roots: (Document | ShadowRoot)[] = [document];
    const watch = new MutationObserver(() => {
      if (w.__prices) return;
      const shown = roots.some((r) => /\$\d/.test(r.querySelector('[data-testid=gross-total]')?.textContent ?? ''));
      if (shown) w.__prices = performance.now();
    });
    const options = { childList: true, subtree: true, characterData: true };
    watch.observe(document, options);
    const attach = Element.prototype.attachShadow;
    Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
      const root = attach.call(this, init);
      roots.push(root);
      watch.observe(root, options);
      return root;
    };
  });
  return {
    notes,
    pricesAt: () => page.evaluate(() => (window as unknown as { __prices: number }).__prices),
    resources: () =>
      page.evaluate(() =>
        performance.getEntriesByType('resource').map((r) => {
          const u = new URL(r.name);
          return { path: u.pathname, query: u.search, origin: u.origin, start: r.startTime };
        }),
      ) as Promise<Resource[]>,
  };
}

const FIRST_SCREEN = /^\/widget\/v1\/companies\/demo\/first-screen$/;
/** What the form's first screen is drawn from: never asked of the Booking API when the page was given it. */
const FIRST_READS = /^\/booking\/v1\/(company|sizes|materials|quote|junk\/config|junk\/quote)$/;

test('inline on another origin: the first answer after the loader carries the prices; nothing is asked again; it books', async ({
  page,
}) => {
  const watched = await watchPage(page);
  const answer = page.waitForResponse((res) => FIRST_SCREEN.test(new URL(res.url()).pathname));
  await page.goto(site.url('/inline.html'));
  // Its answer is the form with its prices: the pre-filled 20 yard, priced with the tag's promo code.
  const body = await (await answer).json();
  expect(body.company).toMatchObject({ slug: 'demo', origin_allowed: true });
  expect(body.screen.input.preload.quote).toMatchObject({ size: { yards: 20 }, promo: { ok: true } });
  expect(body.screen.html).toMatch(/data-testid="gross-total"[^>]*>\$\d/);
  expect((await answer).headers()['cache-control']).toBe('no-cache');

  const total = page.getByTestId('gross-total');
  await expect(total).toHaveText(`$${body.screen.input.preload.quote.gross_total.toFixed(2)}`);
  await expect(page.locator('.svc-b[data-ready]')).toHaveCount(1);
  await page.waitForTimeout(1000); // whatever the hydrated flow would ask, it has asked by now
  const pricesAt = await watched.pricesAt();
  const resources = await watched.resources();
  const after = resources.filter((r) => !/\/widget\/v1\/flow\//.test(r.path));
  // The loader, then the first screen: the first request after the loader that is not one of the flow's modules.
  expect(after.map((r) => r.path).slice(0, 2)).toEqual(['/widget/v1/booking.js', expect.stringMatching(FIRST_SCREEN)]);
  // No Booking API request before the prices were on screen, and none of the first screen's reads after.
  const api = new URL(env().api).origin;
  expect(resources.filter((r) => r.origin === api && r.start < pricesAt)).toEqual([]);
  expect(resources.filter((r) => r.origin === api && FIRST_READS.test(r.path))).toEqual([]);
  // The sizes' calendar without a size is what the first screen carried: not asked again either.
  expect(resources.filter((r) => r.path === '/booking/v1/availability' && !r.query.includes('size_id'))).toEqual([]);
  expect(resources.filter((r) => FIRST_SCREEN.test(r.path))).toHaveLength(1);
  expect(watched.notes).toEqual([]);

  // And it books, through the widget's channel.
  await fillDetails(page, customer('widget-first-screen'));
  await continueToPayment(page);
  await payWith(page, CARDS.success);
  await expect(page.getByRole('heading', { name: 'Your dumpster is booked' })).toBeVisible();
  const orderNumber = Number((await page.locator('.num').textContent())?.replace('#', ''));
  expect(await orderFromCli('demo', orderNumber)).toMatchObject({ status: 'confirmed', channel: 'widget' });
});

test('an inline form and a floating button of one company share one first screen and one copy of each module', async ({
  page,
}) => {
  const watched = await watchPage(page);
  await page.goto(site.url('/twice.html'));
  const inline = page.locator('#dc-booking');
  await expect(inline.getByTestId('gross-total')).toHaveText(/\$\d/);
  await page.getByRole('button', { name: 'Book from anywhere' }).click();
  const dialog = page.getByRole('dialog', { name: /Book from anywhere/ });
  await expect(dialog.getByTestId('gross-total')).toHaveText(/\$\d/);
  await expect(page.locator('.svc-b[data-ready]')).toHaveCount(2);
  await page.waitForTimeout(500);
  const resources = await watched.resources();
  expect(resources.filter((r) => FIRST_SCREEN.test(r.path))).toHaveLength(1);
  const modules = resources.filter((r) => r.path.startsWith('/widget/v1/flow/')).map((r) => r.path);
  expect(modules.length).toBeGreaterThan(1);
  expect(new Set(modules).size).toBe(modules.length);
  expect(resources.filter((r) => FIRST_READS.test(r.path))).toEqual([]);
  expect(watched.notes).toEqual([]);
});

test('a junk form beside a dumpster form: each service its own first screen, each with its prices', async ({
  page,
}) => {
  const watched = await watchPage(page);
  await page.goto(site.url('/junk-inline.html'));
  for (const total of await page.getByTestId('gross-total').all()) await expect(total).toHaveText(/\$\d/);
  await expect(page.locator('.svc-b[data-ready]')).toHaveCount(2);
  await page.waitForTimeout(500);
  const resources = await watched.resources();
  const screens = resources.filter((r) => FIRST_SCREEN.test(r.path)).map((r) => new URLSearchParams(r.query));
  expect(screens.map((q) => q.get('service')).sort()).toEqual(['dumpster', 'junk']);
  expect(resources.filter((r) => FIRST_READS.test(r.path))).toEqual([]);
  expect(watched.notes).toEqual([]);
});
