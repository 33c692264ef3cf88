import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import {
  bookUrl,
  CARDS,
  continueToPayment,
  fillDetails,
  junkUrl,
  openBooking,
  payWith,
  screenshot,
  seriousA11yViolations,
} from '../support/booking';
import { consoleUrl, createConsoleUser, signIn } from '../support/console';
import { dayWithWindow, expectJobNumber, fillJunkDetails, pickDay, windowRadio } from '../support/junk';

/**
 * The office finds any booking in a second (docs/decisions/office-lists.md), in
 * Chromium as an owner of the demo company: an order found by a part of its street and by its customer's
 * phone typed another way, the jobs list filtered by status and day, CSV downloads whose rows are the
 * list's, the home dashboard's 30-day count equal to the orders list's for the same days; each page
 * axe-clean and, at 1280, 1024 and 768 px, with its number column in sight and no sideways scroll.
 */

/** The numbers in a CSV's first column, and how many rows it has. */
async function csvNumbers(page: Page, click: () => Promise<void>): Promise<number[]> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const text = readFileSync((await download.path()) as string, 'utf8');
  const [header, ...rows] = text.trimEnd().split('\r\n');
  expect(header).toMatch(/^(order|job)_number,booked_on,/);
  return rows.filter(Boolean).map((r) => Number(r.split(',')[0]));
}

/** The numbers the table shows, from its first column's links. */
async function tableNumbers(page: Page): Promise<number[]> {
  const links = page.locator('table.data tbody tr td:first-child a');
  return (await links.allTextContents()).map((t) => Number(t.replace('#', '')));
}

async function searchFor(page: Page, text: string) {
  await page.getByLabel('Search', { exact: true }).fill(text);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(text).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  await expect(page.locator('.table-wrap[aria-busy]')).toHaveCount(0);
}

async function keyColumnsInSight(page: Page, width: number) {
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(scroll, `${width} px: the page scrolls sideways`).toBeLessThanOrEqual(0);
  const first = await page.locator('table.data tbody tr td:first-child').first().boundingBox();
  expect(first, `${width} px: no first cell`).not.toBeNull();
  expect(first!.x).toBeGreaterThanOrEqual(0);
  expect(first!.x + first!.width).toBeLessThanOrEqual(width);
}

test('an owner finds an order by street and phone, filters jobs, exports the lists, and the dashboard agrees', async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  const tag = Date.now().toString(36);
  const last4 = String(Date.now()).slice(-4);
  const street = `Wisteria${tag} Lane`;
  await openBooking(page, bookUrl('company=demo&size=10'));
  await fillDetails(page, {
    name: 'Martha Elmwood',
    email: `martha+${tag}@example.com`,
    phone: `(415) 555-${last4}`,
    address: `77 ${street}`,
    zip: '78704',
  });
  await continueToPayment(page);
  // Held for review (the sandbox's elevated-risk card): a held order is in the lists too, and in Needs action.
  await payWith(page, CARDS.elevatedRisk);
  await expect(page.getByRole('heading', { name: 'Order received, under review' })).toBeVisible();
  const order = Number((await page.locator('.num').textContent())?.replace('#', ''));

  const jobDay = await dayWithWindow('demo', '10:00');
  await openBooking(page, junkUrl('demo'));
  await pickDay(page, jobDay);
  await windowRadio(page, '10:00 AM – 12:00 PM').check();
  await fillJunkDetails(page, {
    name: 'Hal Hauler',
    email: `hal+${tag}@example.com`,
    phone: '(512) 555-0177',
    address: `3 Haul${tag} St`,
    zip: '78701',
  });
  await continueToPayment(page);
  await payWith(page, CARDS.success);
  await expect(page.getByRole('heading', { name: 'Your junk removal is booked' })).toBeVisible();
  const job = await expectJobNumber(page);

  const owner = await createConsoleUser({ role: 'owner', name: 'Olive Office' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, owner.email, owner.password, '/orders');
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();

  // A part of the street, in other letters' case: the one order, the matched part marked.
  await searchFor(page, `steria${tag}`.toUpperCase());
  await expect.poll(() => tableNumbers(page)).toEqual([order]);
  await expect(page.locator('mark.hit')).toHaveText(`steria${tag}`);
  expect(await csvNumbers(page, () => page.getByRole('link', { name: /^Download these orders/ }).click())).toEqual([
    order,
  ]);
  // The phone as the office types it, dots for dashes: the same order.
  await searchFor(page, `415.555.${last4}`);
  await expect.poll(() => tableNumbers(page)).toContain(order);
  await expect(page.getByRole('row').filter({ hasText: 'Martha Elmwood' }).locator('mark.hit').first()).toHaveText(
    `415) 555-${last4}`,
  );
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'lists-orders-search-1280');

  // Junk jobs: by status and day, through the filters; the URL keeps them (a bookmark, a link to a colleague).
  await page.goto(consoleUrl('/jobs'));
  await expect(page.getByRole('heading', { name: 'Junk jobs' })).toBeVisible();
  await page.getByLabel('Status').selectOption('confirmed');
  await page.getByLabel('From').fill(jobDay);
  await page.getByLabel('To').fill(jobDay);
  await expect(page).toHaveURL(/status=confirmed/);
  await expect(page).toHaveURL(new RegExp(`from=${jobDay}.*to=${jobDay}|to=${jobDay}.*from=${jobDay}`));
  // The table of the last filter's answer, not the one before it (which also held the job).
  await expect(page.locator('.table-wrap[aria-busy]')).toHaveCount(0);
  await expect.poll(() => tableNumbers(page)).toContain(job);
  const jobs = await tableNumbers(page);
  await expect(page.getByRole('row').filter({ hasText: `#${job}` })).toContainText(jobDay);
  expect(await csvNumbers(page, () => page.getByRole('link', { name: /^Download these jobs/ }).click())).toEqual(jobs);
  await page.reload();
  await expect(page.getByLabel('Status')).toHaveValue('confirmed');
  await expect.poll(() => tableNumbers(page)).toEqual(jobs);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'lists-jobs-filtered-1280');

  // Home: the 30-day orders count is the orders list's for the same booked days, all its pages (the CSV).
  await page.goto(consoleUrl('/'));
  const tile = page.getByTestId('tile-bookings');
  await expect(tile).toBeVisible();
  const ordersLink = tile.getByRole('link', { name: / orders?$/ });
  const counted = Number((await ordersLink.textContent())?.split(' ')[0]);
  expect(counted).toBeGreaterThanOrEqual(1);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'lists-home-1280');
  await ordersLink.click();
  await expect(page).toHaveURL(/dates=booked/);
  await expect.poll(() => tableNumbers(page)).toContain(order);
  const listed = await csvNumbers(page, () => page.getByRole('link', { name: /^Download these orders/ }).click());
  expect(listed).toHaveLength(counted);
  expect(listed).toContain(order);
  expect(await tableNumbers(page)).toEqual(listed.slice(0, 25));

  for (const width of [1024, 768]) {
    await page.setViewportSize({ width, height: 1000 });
    for (const [path, name] of [
      ['/orders', 'orders'],
      ['/jobs', 'jobs'],
      ['/needs-action', 'needs-action'],
    ] as const) {
      await page.goto(consoleUrl(path));
      await expect(page.locator('table.data tbody tr').first()).toBeVisible();
      await keyColumnsInSight(page, width);
      await screenshot(page, info, `lists-${name}-${width}`);
    }
    await page.goto(consoleUrl('/'));
    await expect(page.getByTestId('tile-bookings')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, info, `lists-home-${width}`);
  }
});
