import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import {
  bookUrl,
  CARDS,
  continueToPayment,
  customer,
  env,
  fillDetails,
  openBooking,
  payWith,
  screenshot,
  untilKeyRefused,
} from '../support/booking';
import { freePort, startPlatform, svc } from '../support/platform';

// The hosted page's security headers, a booking that works under them, and a
// page that never hands a browser a key that no longer exists.

/** Every Content-Security-Policy complaint the page's console prints. */
function cspViolations(page: Page) {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

test('the booking page sends its security headers, and a 3-D Secure booking runs under them', async ({
  page,
}, info) => {
  const violations = cspViolations(page);
  const response = await openBooking(page, bookUrl('company=demo'));
  const headers = response?.headers() ?? {};
  const csp = headers['content-security-policy'] ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' /);
  expect(csp).toContain(new URL(env().api).origin); // the API and its sandbox card component
  expect(csp).toContain('https://js.stripe.com');
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toContain("'unsafe-eval'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin');
  // A fresh nonce for every page.
  const again = await page.request.get(bookUrl('company=demo'));
  expect(again.headers()['content-security-policy']).not.toBe(csp);

  await expect(page.getByTestId('gross-total')).toHaveText(/\$\d/, { timeout: 30_000 });
  await fillDetails(page, customer('csp'));
  await continueToPayment(page);
  await payWith(page, CARDS.threeDSecure);
  // The sandbox's 3-D Secure page, then back to the booking page with the client secret in its address.
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page.getByRole('heading', { name: 'Your dumpster is booked' })).toBeVisible();
  await screenshot(page, info, 'security-3ds-confirmed');
  expect(violations).toEqual([]);

  // The widget's script is served for other sites: plain JavaScript, never sniffed, no page policy.
  const script = await page.request.get(`${env().hosted}/widget/v1/booking.js`);
  expect(script.headers()['x-content-type-options']).toBe('nosniff');
  expect(script.headers()['content-type']).toMatch(/javascript/);
});

test.describe('a key that no longer exists', () => {
  test.describe.configure({ timeout: 240_000 });

  test('is never handed out: a restart on a new database, then a replaced key, then a key replaced while the page loads', async ({
    context,
  }, info) => {
    const ports = { api: await freePort(), hosted: await freePort() };
    const dirs = [mkdtempSync(path.join(tmpdir(), 'svc-e2e-a-')), mkdtempSync(path.join(tmpdir(), 'svc-e2e-b-'))];
    let platform = await startPlatform(dirs[0] as string, {}, ports);
    const book = `${platform.hostedUrl}/book?company=demo`;
    const refusals: string[] = [];
    context.on('response', (r) => {
      if (r.url().includes('/booking/v1/') && r.status() === 401) refusals.push(r.url());
    });
    // Each visit in a new tab: a tab keeps a finished booking in its session storage.
    let page = await context.newPage();
    try {
      await openBooking(page, book);
      await expect(page.getByTestId('gross-total')).toHaveText(/\$\d/, { timeout: 30_000 });
      const firstKey = platform.keys.publishable;

      // Started over on a new database (as `rm -rf .data && npm start` does): new keys, same addresses.
      await platform.stop();
      platform = await startPlatform(dirs[1] as string, {}, ports);
      expect(platform.keys.publishable).not.toBe(firstKey);
      page = await context.newPage();
      await openBooking(page, book);
      await expect(page.getByTestId('gross-total')).toHaveText(/\$\d/, { timeout: 30_000 });
      await fillDetails(page, customer('restart'));
      await continueToPayment(page);
      await payWith(page, CARDS.success);
      await expect(page.getByRole('heading', { name: 'Your dumpster is booked' })).toBeVisible();
      expect(refusals).toEqual([]);

      // The company replaces its publishable key: the next page has the new one.
      const keys = (await svc(platform.dataDir, 'keys', 'list', 'demo')) as {
        id: string;
        kind: string;
        status: string;
      }[];
      const old = keys.find((k) => k.kind === 'publishable' && k.status === 'active') as { id: string };
      await svc(platform.dataDir, 'keys', 'revoke', 'demo', old.id);
      await svc(platform.dataDir, 'keys', 'create', 'demo', '--kind', 'publishable', '--domain', 'localhost');
      page = await context.newPage();
      await openBooking(page, book);
      await expect(page.getByTestId('gross-total')).toHaveText(/\$\d/, { timeout: 30_000 });
      expect(refusals).toEqual([]);

      // Replaced again while a page is open: the page was rendered with the old key, so its next call is
      // refused; it looks the company up once more and goes on with the new key.
      page = await context.newPage();
      await openBooking(page, `${book}&size=10`);
      const before = await page.getByTestId('gross-total').textContent();
      const current = (
        (await svc(platform.dataDir, 'keys', 'list', 'demo')) as { id: string; kind: string; status: string }[]
      ).find((k) => k.kind === 'publishable' && k.status === 'active') as { id: string };
      const stale = (await svc(platform.dataDir, 'keys', 'list', 'demo')).find(
        (k: { id: string }) => k.id === current.id,
      ).key as string;
      await svc(platform.dataDir, 'keys', 'revoke', 'demo', current.id);
      await svc(platform.dataDir, 'keys', 'create', 'demo', '--kind', 'publishable', '--domain', 'localhost');
      // From now on the page's key is refused (clicking before the API heard was a race lost one run in a few).
      await untilKeyRefused(platform.apiUrl, stale, platform.hostedUrl);
      await page.getByRole('radio', { name: /20 Yard Dumpster/ }).check();
      await expect(page.getByTestId('gross-total')).not.toHaveText(before ?? '', { timeout: 30_000 });
      await expect(page.getByTestId('gross-total')).toHaveText(/\$\d/);
      expect(refusals.length).toBeGreaterThan(0); // the stale key was refused, and the page recovered
      await screenshot(page, info, 'security-key-replaced');
    } finally {
      await platform.stop();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  });
});
