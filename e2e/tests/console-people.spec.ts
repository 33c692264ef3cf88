import { expect, test } from '@playwright/test';
import {
  bookUrl,
  CARDS,
  continueToPayment,
  customer,
  fillDetails,
  openBooking,
  payWith,
  screenshot,
} from '../support/booking';
import { type ConsoleUser, createConsoleUser, signIn } from '../support/console';

/**
 * The office's people as staff sees them: a customer found by search and opened with their orders; an
 * abandoned checkout (priced with contact details, never paid) listed in Estimates with contact and amount.
 */
let staff: ConsoleUser;

test.beforeAll(async () => {
  staff = await createConsoleUser({ role: 'staff', name: 'Pat People' });
});

test('a customer found by search; their page shows their order', async ({ page }, info) => {
  const tag = `people-${Date.now()}`;
  const who = { ...customer(tag), name: `Casey Customer ${tag.slice(-6)}` };
  await openBooking(page, bookUrl('company=demo&size=10'));
  await fillDetails(page, who);
  await continueToPayment(page);
  await payWith(page, CARDS.success);
  await expect(page.getByRole('heading', { name: 'Your dumpster is booked' })).toBeVisible();
  const number = Number((await page.locator('.num').textContent())?.replace('#', ''));

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, staff.email, staff.password, '/customers');
  await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();
  await page.getByLabel('Search name, e-mail or phone').fill(who.email);
  await expect(page).toHaveURL(/[?&]q=/);
  const rows = page.getByRole('table', { name: /Customers/ }).getByRole('row');
  const row = rows.filter({ hasText: who.email });
  await expect(row).toContainText(who.name);
  await expect(rows).toHaveCount(2); // the header and the one customer
  await screenshot(page, info, 'console-customers-search');

  await row.getByRole('link', { name: who.name }).click();
  await expect(page.getByRole('heading', { name: who.name, level: 1 })).toBeVisible();
  const orders = page.getByRole('table', { name: 'Orders' });
  await expect(orders.getByRole('link', { name: `#${number}` })).toBeVisible();
  await screenshot(page, info, 'console-customer-page');
  await orders.getByRole('link', { name: `#${number}` }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`Order #${number}`) })).toBeVisible();
});

test('an abandoned checkout is listed in Estimates with its contact and amount', async ({ page }, info) => {
  const tag = `estimate-${Date.now()}`;
  const who = { ...customer(tag), name: `Abby Abandoned ${tag.slice(-6)}` };
  await openBooking(page, bookUrl('company=demo&size=10'));
  await fillDetails(page, who);
  const total = (await page.getByTestId('gross-total').textContent())?.trim() as string;
  expect(total).toMatch(/^\$\d/);
  await continueToPayment(page);
  // Priced with the contact details; the visitor leaves without paying.
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, staff.email, staff.password, '/estimates');
  await expect(page.getByRole('heading', { name: 'Estimates' })).toBeVisible();
  const row = page
    .getByRole('table', { name: /Abandoned checkouts/ })
    .getByRole('row')
    .filter({ hasText: who.name });
  await expect(row).toContainText(who.email);
  await expect(row).toContainText(who.phone);
  await expect(row).toContainText(total);
  await expect(row).toContainText('Dumpster on');
  await screenshot(page, info, 'console-estimates');
});
