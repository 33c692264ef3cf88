import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import {
  CARDS,
  continueToPayment,
  customer,
  env,
  fillDetails,
  orderFromCli,
  payWith,
  screenshot,
  untilKeyRefused,
} from '../support/booking';
import { type HostPages, startHostPages } from '../support/host-pages';
import { repoRoot, svc } from '../support/platform';

// A company with a publishable key per website: each site's widget gets the key that allows it, and revoking
// one key stops only the sites no other key allows, which are told so in words.
const SLUG = 'e2e-two-sites';
let first: HostPages; // 127.0.0.1: the older key's site
let second: HostPages; // localhost: the newer key's site
let older = { id: '', key: '' };

test.beforeAll(async () => {
  const widget = `${env().hosted}/widget/v1/booking.js`;
  first = await startHostPages(widget, '127.0.0.1');
  second = await startHostPages(widget, 'localhost');
  const demo = JSON.parse(readFileSync(path.join(repoRoot, 'apps/api/config/demo-company.json'), 'utf8'));
  const file = path.join(env().dataDir, 'two-sites-company.json');
  writeFileSync(file, JSON.stringify({ ...demo, slug: SLUG, name: 'Two Sites Hauling' }));
  await svc(env().dataDir, 'company', 'apply', file);
  older = await svc(env().dataDir, 'keys', 'create', SLUG, '--kind', 'publishable', '--domain', '127.0.0.1');
  await svc(env().dataDir, 'keys', 'create', SLUG, '--kind', 'publishable', '--domain', 'localhost');
});
test.afterAll(async () => {
  await first?.close();
  await second?.close();
});

/** Books a 10-yard dumpster in the widget of the open page with 4242; the order number. */
async function book(page: Page, tag: string): Promise<number> {
  await expect(page.getByRole('radio', { name: /10 Yard Dumpster/ })).toBeChecked();
  await fillDetails(page, customer(tag));
  await continueToPayment(page);
  await payWith(page, CARDS.success);
  await expect(page.getByRole('heading', { name: 'Your dumpster is booked' })).toBeVisible();
  return Number((await page.locator('.num').textContent())?.replace('#', ''));
}

test('two keys, two sites: the widget books on each; the older key revoked, its site is told so, the other books', async ({
  page,
  context,
}, info) => {
  // Three bookings and a key revocation: a minute on a quiet machine, more beside the API suite in CI.
  test.setTimeout(150_000);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && m.text().startsWith('[svc widget]')) errors.push(m.text());
  });
  await page.goto(first.url('/two-sites.html'));
  const onFirst = await book(page, 'site-one');
  await page.goto(second.url('/two-sites.html'));
  const onSecond = await book(page, 'site-two');
  for (const n of [onFirst, onSecond]) {
    expect(await orderFromCli(SLUG, n)).toMatchObject({ status: 'confirmed', channel: 'widget' });
  }
  expect(errors).toEqual([]);

  // A visitor has the first site open when the company revokes its key.
  const open = await context.newPage();
  await open.goto(first.url('/two-sites.html'));
  await expect(open.getByRole('radio', { name: /10 Yard Dumpster/ })).toBeChecked();
  await svc(env().dataDir, 'keys', 'revoke', SLUG, older.id);
  await untilKeyRefused(env().api, older.key, first.origin);

  // Their next step is refused in words (no other key allows 127.0.0.1), with no key of the other site.
  await fillDetails(open, customer('site-one-late'));
  await continueToPayment(open);
  await expect(open.getByText(/Online booking is not available here/)).toBeVisible();
  await screenshot(open, info, 'widget-sites-revoked-open-page');
  // A new visitor of the first site is told before the form loads.
  await page.goto(first.url('/two-sites.html'));
  await expect(page.getByText('Online booking is not available on this site')).toBeVisible();
  await expect.poll(() => errors).toContainEqual(expect.stringMatching(/127\.0\.0\.1:\d+ is not an allowed domain/));
  await screenshot(page, info, 'widget-sites-revoked');

  // The second site still books (a new visitor: this tab keeps its first booking's receipt).
  const visitor = await context.newPage();
  await visitor.goto(second.url('/two-sites.html'));
  const after = await book(visitor, 'site-two-after');
  expect(await orderFromCli(SLUG, after)).toMatchObject({ status: 'confirmed', channel: 'widget' });
});
