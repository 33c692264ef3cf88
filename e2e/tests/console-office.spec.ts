import { expect, type Page, test } from '@playwright/test';
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
  screenshot,
  seriousA11yViolations,
  webhooksFor,
} from '../support/booking';
import { type ConsoleUser, consoleUrl, createConsoleUser, signIn } from '../support/console';
import { svc } from '../support/platform';

/**
 * The console's office in Chromium, as a staff member of the demo company: a held order (the sandbox's
 * elevated-risk card, booked on the hosted page) approved from Needs action leaves the queue and its
 * booking.released reaches the company's endpoint; a lead moved to contacted; the dispatch day with a move.
 */
let staff: ConsoleUser;
let dataKey: string;

test.beforeAll(async () => {
  staff = await createConsoleUser({ role: 'staff', name: 'Sam Staff' });
  const dir = env().dataDir;
  await svc(dir, 'data-api', 'request', 'demo', '--use', 'Leads from our website form').catch(() => undefined);
  await svc(dir, 'data-api', 'approve', 'demo');
  dataKey = (await svc(dir, 'data-api', 'keys', 'create', 'demo')).key;
});

/** A held order booked on the hosted page with the elevated-risk card: its number. */
async function heldOrder(page: Page, tag: string): Promise<number> {
  await openBooking(page, bookUrl('company=demo&size=10'));
  await fillDetails(page, customer(tag));
  await continueToPayment(page);
  await payWith(page, CARDS.elevatedRisk);
  await expect(page.getByRole('heading', { name: 'Order received, under review' })).toBeVisible();
  return Number((await page.locator('.num').textContent())?.replace('#', ''));
}

test('approve a held order from Needs action: charged once, booking.released delivered, gone from the queue', async ({
  page,
}, info) => {
  const number = await heldOrder(page, `console-held-${Date.now()}`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, staff.email, staff.password, '/needs-action');
  await expect(page.getByRole('heading', { name: 'Needs action' })).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `Order #${number}` }) });
  await expect(row).toBeVisible();
  await expect(page.getByTestId('count-needs_action')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'console-needs-action-held');

  await row.getByRole('button', { name: `Approve Order #${number}` }).click();
  const dialog = page.getByRole('dialog', { name: `Approve Order #${number}?` });
  await expect(dialog).toBeVisible();
  await screenshot(page, info, 'console-approve-dialog', false);
  await dialog.getByRole('button', { name: 'Approve and charge' }).dblclick();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Order #${number} approved: confirmed.`)).toBeVisible();
  await expect(row).toHaveCount(0);

  expect(await orderFromCli('demo', number)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
  await expect
    .poll(() => webhooksFor(number).map((d) => [d.body.event, d.verified]), { timeout: 20_000 })
    .toContainEqual(['booking.released', true]);
  expect(webhooksFor(number).filter((d) => d.body.event === 'booking.released')).toHaveLength(1);

  // The order's page: paid, and the approval in its timeline with who did it.
  await page.goto(consoleUrl(`/orders/${number}`));
  await expect(page.getByRole('heading', { name: new RegExp(`Order #${number}`) })).toBeVisible();
  const approval = page.locator('ol.timeline li').filter({ hasText: 'order.approved' });
  await expect(approval).toHaveCount(1);
  await expect(approval).toContainText('Sam Staff');
  await screenshot(page, info, 'console-order-page');
});

test('a new lead moved to contacted', async ({ page }, info) => {
  const name = `Lee Lead ${Date.now()}`;
  const pushed = await fetch(`${env().api}/data/v1/leads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${dataKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, phone: '+1 512 555 0177', note: 'Wants a 20 yard next week' }),
  });
  expect(pushed.status).toBe(201);
  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, staff.email, staff.password, '/leads?status=new');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await screenshot(page, info, 'console-leads-tablet');
  await row.getByRole('button', { name: `Contacted: ${name}` }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  await page.goto(consoleUrl('/leads?status=contacted'));
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Contacted');
});

test('the dispatch day: a delivery with its moves; moved to scheduled', async ({ page }, info) => {
  // A paid order on the hosted page, then its delivery day in the console.
  await openBooking(page, bookUrl('company=demo&size=10'));
  await fillDetails(page, customer(`console-dispatch-${Date.now()}`));
  await continueToPayment(page);
  await payWith(page, CARDS.success);
  await expect(page.getByRole('heading', { name: 'Your dumpster is booked' })).toBeVisible();
  const number = Number((await page.locator('.num').textContent())?.replace('#', ''));
  const order = (await orderFromCli('demo', number)) as { delivery_date: string };

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, staff.email, staff.password, `/dispatch?date=${order.delivery_date}`);
  await expect(page.getByRole('heading', { name: `Dispatch: ${order.delivery_date}` })).toBeVisible();
  const deliveries = page.getByRole('table', { name: 'Deliveries' });
  const row = deliveries.getByRole('row').filter({ has: page.getByRole('link', { name: `#${number}` }) });
  await expect(row).toContainText('Confirmed');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'console-dispatch-day');
  await row.getByLabel(`Move Order #${number} to`).selectOption('scheduled');
  await row.getByRole('button', { name: `Move Order #${number}` }).click();
  await expect(row).toContainText('Scheduled');
  expect(await orderFromCli('demo', number)).toMatchObject({ status: 'scheduled' });
  await page.setViewportSize({ width: 768, height: 1024 });
  await screenshot(page, info, 'console-dispatch-tablet');
});
