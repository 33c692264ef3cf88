import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { CONSOLE_CSRF_HEADER, csrfFromCookies } from '@svc/sdk/console';
import { screenshot, seriousA11yViolations } from '../support/booking';
import {
  type ConsoleUser,
  consoleCall,
  consoleMailLink,
  consoleUrl,
  createConsoleUser,
  signIn,
} from '../support/console';
import { calendar, intent, ownCompany, payAndConfirm, sizeId } from '../support/my-booking';

/**
 * The office's side of the driver's day (issue 54), on a company of its own (the demo config: a 10-yard
 * includes 2 tons, $65 a ton over, 8.25% tax, card fee 2.9% + $0.30 paid by the customer): the owner invites a
 * driver from Team; gives two deliveries of a day to that driver on the dispatch board's Routes view with the
 * keyboard and moves the second up, which a reload keeps; a weigh ticket of 5.4 tons sent by the driver (as
 * the phone does, POST /console/v1/driver/actions) makes an overage the owner holds, adjusts with a reason and
 * waives on Field charges, and the order's Field section shows; the dashboard shows the day's tons.
 */
test.describe.configure({ mode: 'serial' });

const SLUG = 'e2e-field';
const api = ownCompany(SLUG, { name: 'Field Day Dumpsters' });
const DRIVER = { name: 'Dana Driver', password: 'a long enough driver password' };
const driverEmail = `driver-${Date.now()}@e2e.example`;

let owner: ConsoleUser;
/** The first delivery day, and three 10-yard rentals delivered that day: two for the route, one to weigh. */
let first = '';
let a = 0;
let b = 0;
let weighed = 0;

test.beforeAll(async () => {
  owner = await createConsoleUser({ slug: SLUG, role: 'owner', name: 'Fiona Fieldlead' });
  const size = await sizeId(api, 10);
  first = (await calendar(api)).first;
  const book = async (street: string) =>
    (await payAndConfirm(api, await intent(api, { sizeId: size, delivery: first, days: 7, street, tag: 'field' })))
      .number;
  a = await book('1 Route Rd');
  b = await book('2 Route Rd');
  weighed = await book('3 Scale St');
});

const routeList = (page: Page, name: string) => page.getByRole('list', { name: `${name}'s route` });

test('the owner invites a driver from Team; the driver joins through the e-mailed link', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, owner.email, owner.password, '/team');
  await page.locator('form[data-ready][aria-label="Invite someone"]').waitFor();
  await page.getByLabel('E-mail').fill(driverEmail);
  await page.getByLabel('Role').selectOption('driver');
  await expect(page.getByLabel('Role').locator('option:checked')).toHaveText(/sees only the route you give them/);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'We e-mailed an invitation to' })).toContainText(driverEmail);
  const waiting = page
    .getByRole('table', { name: 'Invitations waiting' })
    .getByRole('row')
    .filter({ hasText: driverEmail });
  await expect(waiting).toContainText('Driver');

  // The driver accepts the e-mailed link over the console's origin (as its page does).
  const token = new URL(await consoleMailLink(SLUG, driverEmail)).searchParams.get('token');
  const accepted = await fetch(consoleUrl('/console/v1/invitations/accept'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: consoleUrl('').replace(/\/$/, '') },
    body: JSON.stringify({ token, name: DRIVER.name, password: DRIVER.password }),
  });
  expect(accepted.status, await accepted.clone().text()).toBeLessThan(300);
  await page.reload();
  await expect(
    page.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: driverEmail }),
  ).toContainText('Driver');
});

test('two stops given to the driver with the keyboard and reordered with Move up; a reload keeps the order', async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, owner.email, owner.password, `/dispatch?date=${first}&view=routes`);
  await expect(page.getByRole('heading', { name: `Dispatch: ${first}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Routes' })).toHaveAttribute('aria-pressed', 'true');
  const loose = page.getByRole('region', { name: /Not on a route/ });
  await expect(loose.getByRole('link', { name: `Delivery #${a}` })).toBeVisible();
  await expect(loose.getByRole('link', { name: `Delivery #${b}` })).toBeVisible();

  // By keyboard: the driver's name typed into the stop's select, Tab to Assign, Enter.
  for (const n of [a, b]) {
    const select = page.getByLabel(`Driver for Delivery #${n}`);
    await select.focus();
    await page.keyboard.type('Dana');
    await expect(select.locator('option:checked')).toHaveText(DRIVER.name);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: `Assign Delivery #${n}` })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(routeList(page, DRIVER.name).getByRole('link', { name: `Delivery #${n}` })).toBeVisible();
    // Focus follows the stop to its new place: its select on the driver's route.
    await expect(page.getByLabel(`Driver for Delivery #${n}`)).toBeFocused();
  }
  const stops = routeList(page, DRIVER.name).getByRole('listitem');
  await expect(stops).toHaveCount(2);
  await expect(stops.nth(0)).toContainText(`1. Delivery #${a}`);
  await expect(stops.nth(1)).toContainText(`2. Delivery #${b}`);
  await expect(stops.nth(0)).toContainText('Assigned');

  // The second moves up: keyboard focus on its Move up, Enter; focus stays on that button.
  const up = page.getByRole('button', { name: `Move up: Delivery #${b}` });
  await up.focus();
  await page.keyboard.press('Enter');
  await expect(stops.nth(0)).toContainText(`1. Delivery #${b}`);
  await expect(stops.nth(1)).toContainText(`2. Delivery #${a}`);
  await expect(up).toBeFocused();
  await expect(up).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByText(`Delivery #${b} is now 1st on ${DRIVER.name}'s route.`)).toBeAttached();

  // Saved: a reload (and the API) read the same order.
  await page.reload();
  await expect(stops).toHaveCount(2);
  await expect(stops.nth(0)).toContainText(`1. Delivery #${b}`);
  await expect(stops.nth(1)).toContainText(`2. Delivery #${a}`);
  const day = (await consoleCall(page, 'GET', `/dispatch?date=${first}`)).body.data;
  const position = (n: number) => day.deliveries.find((s: any) => s.order_number === n).route;
  expect(position(b)).toMatchObject({ driver_name: DRIVER.name, position: 1, field_state: 'assigned' });
  expect(position(a)).toMatchObject({ driver_name: DRIVER.name, position: 2 });
  // The tables view says the same in its Field column.
  await page.getByRole('button', { name: 'Stops and moves' }).click();
  const row = page
    .getByRole('table', { name: 'Deliveries' })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `#${b}`, exact: true }) });
  await expect(row).toContainText(`${DRIVER.name}, stop 1`);
  await page.getByRole('button', { name: 'Routes' }).click();
  await expect(stops).toHaveCount(2);

  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'dispatch-routes');
});

test("a weigh ticket over the allowance: the overage held, adjusted with a reason and waived; the order's Field section", async ({
  page,
  playwright,
}, info) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, owner.email, owner.password, '/field-charges');
  // The can is set down (the office's moves), and its pickup, a week later, is given to the driver.
  for (const status of ['scheduled', 'out_for_delivery', 'delivered']) {
    const moved = await consoleCall(page, 'POST', `/orders/${weighed}/status`, { status });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  }
  const pickupDay = (await consoleCall(page, 'GET', `/orders/${weighed}`)).body.data.pickup_date as string;
  const day = (await consoleCall(page, 'GET', `/dispatch?date=${pickupDay}`)).body.data;
  const stop = day.pickups.find((s: any) => s.order_number === weighed).route.stop as string;
  const driverId = day.drivers.find((d: any) => d.name === DRIVER.name).id as string;
  const routed = await consoleCall(page, 'POST', '/dispatch/route', {
    date: pickupDay,
    driver_id: driverId,
    stops: [stop],
  });
  expect(routed.status, JSON.stringify(routed.body)).toBe(200);

  // The driver's phone: signed in on the console's origin, it sends Picked up, then the weigh ticket.
  const phone = await playwright.request.newContext();
  const origin = consoleUrl('').replace(/\/$/, '');
  const session = await phone.post(consoleUrl('/console/v1/session'), {
    headers: { origin },
    data: { email: driverEmail, password: DRIVER.password },
  });
  expect(session.status()).toBe(200);
  const csrf = csrfFromCookies(
    (await phone.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join('; '),
  ) as string;
  const send = async (body: object) => {
    const res = await phone.post(consoleUrl('/console/v1/driver/actions'), {
      headers: { origin, [CONSOLE_CSRF_HEADER]: csrf },
      data: { id: randomUUID(), stop, ...body },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  await send({ action: 'picked_up' });
  await send({ action: 'weigh_ticket', ticket: { net_tons: 5.4, landfill_cost: 120 } });
  await phone.dispose();

  // 5.4 t on a 10-yard with 2 t included: 3.4 t × $65 = $221.00, tax 8.25% $18.23, card fee $7.24: $246.47.
  await page.reload();
  const row = page
    .getByRole('table', { name: 'Open field charges' })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `Order #${weighed}` }) });
  await expect(row).toContainText('Waiting to charge');
  await expect(row).toContainText('5.4 t net, 2 t included');
  await expect(row).toContainText('3.4 t over × $65.00/t; landfill $120.00');
  await expect(row).toContainText('$246.47');
  await expect(row).toContainText('$221.00 + tax $18.23');
  await expect(row).toContainText('+ card fee $7.24');
  await expect(row).toContainText('Card charged after');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'field-charges');

  // Hold: the same button now releases, and keeps focus.
  const hold = row.getByRole('button', { name: `Hold the charge for Order #${weighed}` });
  await hold.click();
  await expect(row).toContainText('Held');
  await expect(row).toContainText('Not charged until released');
  await expect(row.getByRole('button', { name: `Release the charge for Order #${weighed}` })).toBeFocused();

  // Adjust: a reason is asked for; the new amount before tax, then tax and the card fee again.
  await row.getByRole('button', { name: `Adjust the charge for Order #${weighed}` }).click();
  const adjust = page.getByRole('dialog', { name: `Adjust the charge for Order #${weighed}, A Customer` });
  await expect(adjust).toBeVisible();
  await expect(adjust.getByLabel('New amount before tax (dollars)')).toBeFocused();
  await adjust.getByLabel('New amount before tax (dollars)').fill('150');
  await adjust.getByRole('button', { name: 'Save the new amount' }).click();
  await expect(adjust.getByRole('alert')).toContainText('Say why');
  await adjust.getByLabel('Reason').fill('Scale ticket misread; agreed with the customer');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'field-charges-adjust', false);
  await adjust.getByRole('button', { name: 'Save the new amount' }).click();
  await expect(adjust).toBeHidden();
  // $150.00 + tax $12.38 = $162.38; card fee 2.9% + $0.30 = $5.01: $167.39.
  await expect(row).toContainText('$167.39');
  await expect(row).toContainText('$150.00 + tax $12.38');
  await expect(row).toContainText('+ card fee $5.01');
  await expect(row).toContainText('Note: Scale ticket misread; agreed with the customer');

  // Waive: with its reason, the charge leaves the open list; "show all" has it, waived.
  await row.getByRole('button', { name: `Waive the charge for Order #${weighed}` }).click();
  const waive = page.getByRole('dialog', { name: `Waive the charge for Order #${weighed}, A Customer` });
  await expect(waive.getByLabel('Reason')).toBeFocused();
  await page.keyboard.type('Goodwill: first rental with us');
  await waive.getByRole('button', { name: 'Waive the charge' }).click();
  await expect(waive).toBeHidden();
  await expect(page.getByText(`The charge for Order #${weighed} is waived.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.getByLabel('Show charged, paid and waived charges too').check();
  const settled = page
    .getByRole('table', { name: 'All field charges' })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `Order #${weighed}` }) });
  await expect(settled).toContainText('Waived');
  await expect(settled).toContainText('Note: Goodwill: first rental with us');
  await expect(settled).toContainText('Nothing to do');
  const charges = (await consoleCall(page, 'GET', '/field-charges?status=all')).body.data;
  expect(charges.find((c: any) => c.order_number === weighed)).toMatchObject({
    status: 'waived',
    amount: 150,
  });

  // The order's page: its Field section with the stops, the ticket and the waived charge.
  await page.goto(consoleUrl(`/orders/${weighed}`));
  const field = page.getByRole('region', { name: 'Field' });
  await expect(
    field.getByRole('table', { name: 'Stops' }).getByRole('row').filter({ hasText: 'Pickup' }),
  ).toContainText(`${DRIVER.name}, stop 1`);
  await expect(
    field.getByRole('table', { name: 'Stops' }).getByRole('row').filter({ hasText: 'Pickup' }),
  ).toContainText('Done');
  await expect(field.getByRole('table', { name: 'Weigh tickets' })).toContainText('5.4 t');
  await expect(field.getByRole('table', { name: 'Weigh tickets' })).toContainText('$120.00');
  await expect(field.getByRole('table', { name: 'Field charges' })).toContainText('Waived');
  await screenshot(page, info, 'order-field-section');
});

test("the dashboard shows today's weigh tickets and tons", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, owner.email, owner.password, '/');
  const today = page.getByRole('region', { name: 'Today in the field' });
  await expect(today.getByTestId('tile-field-tons')).toContainText('5.4 t');
  await expect(today.getByTestId('tile-field-tickets')).toContainText('1');
  await expect(today.getByTestId('tile-field-waiting')).toContainText('$0.00');
});
