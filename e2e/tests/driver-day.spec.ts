import { expect, test } from '@playwright/test';
import { env, screenshot, seriousA11yViolations } from '../support/booking';
import { consoleUrl, createConsoleUser, signIn } from '../support/console';
import {
  book,
  consoleCall,
  consoleData,
  dataKey,
  demoConfig,
  dispatchKeys,
  inviteDriver,
  moveOrder,
  overageCents,
  queueBanner,
  SAMPLE_PHOTO,
  SAMPLE_TICKET,
  stopCard,
  stopHeadings,
  webhookReceiver,
} from '../support/driver';
import { applyCompany, calendar, isoDay, outboxEmails, PHONE, rentalApi, tokenOf } from '../support/my-booking';
import { svc } from '../support/platform';

/**
 * The "Done when" for the driver's day, in Chromium at 390 px with the network switched off and on:
 * the office gives a driver three stops in its own order; the driver, invited as a driver, signs in on the
 * phone, delivers one with a placement photo, picks up another (the third is on the way, then blocked), goes
 * offline and enters the picked-up can's weigh ticket (5.4 tons on a 10-yard with 2 tons included at $65 a
 * ton), comes back online and sees it sent. The ticket arrived once (one ticket; the same id again is a
 * replay), the customer's notice itemizes the overage with the My booking link, the saved card is charged
 * once to the cent of the rule (the company's notice is 0 hours), and the Data API order shows the weights.
 */

const SLUG = `e2e-driver-day-${Date.now().toString(36)}`;
const NET_TONS = 5.4;
const LANDFILL = 182.5;

test.use({ viewport: PHONE });

test("a driver's day: three stops in the office's order, a delivery with a photo, a pickup, an offline weigh ticket charged once", async ({
  browser,
}, info) => {
  test.setTimeout(240_000);
  const demo = demoConfig();
  // The demo company's catalog (its 10-yard: 2 tons included, $65 a ton over), open every day, the field's
  // charges taken at once, and the booking's card saved for them.
  const api = await applyCompany(SLUG, {
    name: 'Driver Day Dumpsters',
    closed_dates: [],
    booking: { ...demo.booking, non_working_weekdays: [] },
    field_work: { notice_hours: 0 },
    rental_changes: { save_cards: true },
  });
  const tenYard = demo.sizes.find((s: { yards: number }) => s.yards === 10);
  expect(tenYard).toMatchObject({ included_tons: 2, overage_per_ton: 65 });
  const rule = overageCents(NET_TONS, tenYard, demo.card_fees);
  expect(rule.overage).toBe(22_100); // 3.4 tons over × $65

  // Payments and moves of the company, as its Data API webhooks tell them.
  const hooks = webhookReceiver();
  const hookUrl = await hooks.start();
  const key = await dataKey(SLUG);
  await svc(env().dataDir, 'webhooks', 'add', SLUG, hookUrl, '--api', 'data');

  // The route's day: B is delivered on the first open day and picked up on it; A and C are delivered on it.
  const first = (await calendar(api)).first;
  const day = isoDay(first, 3);
  const pickedUp = await book(api, { yards: 10, delivery: first, days: 3, tag: 'driver-b' });
  const delivered = await book(api, { yards: 10, delivery: day, days: 7, tag: 'driver-a' });
  const blocked = await book(api, { yards: 20, delivery: day, days: 7, tag: 'driver-c' });

  const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const driverContext = await browser.newContext({ viewport: PHONE });
  try {
    const office = await ownerContext.newPage();
    const owner = await createConsoleUser({ slug: SLUG, role: 'owner' });
    await signIn(office, owner.email, owner.password);
    const driver = await inviteDriver(office, SLUG, 'Dana Driver');

    // The office: B's can went out and is on site; the day's stops go to the driver in the office's order.
    await moveOrder(office, pickedUp.number, ['scheduled', 'out_for_delivery', 'delivered']);
    const board = await dispatchKeys(office, day);
    const driverId = board.drivers.find((d) => d.name === driver.name && d.role === 'driver')?.id;
    expect(driverId, JSON.stringify(board.drivers)).toBeTruthy();
    const order = [
      board.key('deliveries', blocked.number),
      board.key('pickups', pickedUp.number),
      board.key('deliveries', delivered.number),
    ];
    await consoleData(office, 'POST', '/dispatch/route', { date: day, driver_id: driverId, stops: order });

    // The driver signs in on the phone: any console page is their route, and nothing of the office's.
    const phone = await driverContext.newPage();
    const errors: string[] = [];
    phone.on('pageerror', (e) => errors.push(e.message));
    const actionBodies: any[] = [];
    phone.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/console/v1/driver/actions')) actionBodies.push(r.postDataJSON());
    });
    await signIn(phone, driver.email, driver.password, '/orders');
    await expect(phone).toHaveURL(/\/route$/);
    const nav = phone.getByRole('navigation', { name: 'Console' });
    await expect(nav.getByRole('link')).toHaveText(['Route']);
    await expect(nav).toContainText(driver.name);
    expect((await consoleCall(phone, 'GET', '/orders')).status).toBe(403);
    await phone.goto(consoleUrl('/customers'));
    await expect(phone).toHaveURL(/\/route$/);

    // The day before (nothing), then the route's day: three stops in the office's order.
    await phone.goto(consoleUrl(`/route?date=${isoDay(day, -1)}`));
    await expect(phone.getByText('No stops on your route this day.')).toBeVisible();
    await phone.getByRole('button', { name: 'Next day' }).click();
    await expect(phone).toHaveURL(new RegExp(`/route\\?date=${day}$`));
    await expect(phone.getByRole('article')).toHaveCount(3);
    expect(await stopHeadings(phone)).toEqual([
      `1. Delivery #${blocked.number}`,
      `2. Pickup #${pickedUp.number}`,
      `3. Delivery #${delivered.number}`,
    ]);
    const a = stopCard(phone, delivered.number);
    await expect(a.getByRole('link', { name: /Barton Springs Rd/ })).toHaveAttribute('href', /^https:\/\//);
    await expect(a.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:\+?\d+$/);
    await expect(a).toContainText('10 Yard');
    expect(await seriousA11yViolations(phone)).toEqual([]);
    await screenshot(phone, info, 'route-three-stops');

    // Delivered, with the placement photo the API requires.
    await a.getByRole('button', { name: 'Delivered' }).click();
    const deliveredForm = a.getByRole('form', { name: `Delivered at #${delivered.number}` });
    await deliveredForm.getByRole('button', { name: 'Mark delivered' }).click();
    await expect(deliveredForm.getByText('Take a photo of the can where it was placed.')).toBeVisible();
    await deliveredForm.getByLabel('Placement photo').setInputFiles(SAMPLE_PHOTO);
    await deliveredForm.getByRole('button', { name: 'Mark delivered' }).click();
    await expect(queueBanner(phone)).toHaveText('All sent.');
    await expect(a.locator('.badge').first()).toHaveText('Done');
    await expect(a.getByRole('img')).toHaveCount(1);

    // On the way to another: one tap…
    const c = stopCard(phone, blocked.number);
    await c.getByRole('button', { name: 'On the way' }).click();
    await expect(c.locator('.badge').first()).toHaveText('On the way');
    await expect(c.getByRole('button', { name: 'On the way' })).toHaveCount(0);
    await expect(queueBanner(phone)).toHaveText('All sent.');
    // …where the spot is blocked: the reason is asked for first.
    await c.getByRole('button', { name: 'Could not complete' }).click();
    const failedForm = c.getByRole('form', { name: `Could not complete #${blocked.number}` });
    await failedForm.getByRole('button', { name: 'Send: could not complete' }).click();
    await expect(failedForm.getByText('Choose why the stop could not be done.')).toBeVisible();
    await failedForm.getByRole('radio', { name: /^Blocked/ }).check();
    await failedForm.getByRole('button', { name: 'Send: could not complete' }).click();
    await expect(c.locator('.badge').first()).toHaveText('Could not complete: Blocked');
    await expect(c.getByRole('button')).toHaveCount(0);
    await expect(queueBanner(phone)).toHaveText('All sent.');

    // Picked up: the weigh ticket is what the stop asks for next.
    const b = stopCard(phone, pickedUp.number);
    await b.getByRole('button', { name: 'Picked up' }).click();
    await expect(b.getByRole('button', { name: 'Weigh ticket' })).toBeVisible();
    await expect(queueBanner(phone)).toHaveText('All sent.');
    await expect
      .poll(async () => (await consoleData(office, 'GET', `/orders/${pickedUp.number}`)).status)
      .toBe('picked_up');

    // Offline at the landfill: the ticket and its photo wait on the phone, shown at once.
    await driverContext.setOffline(true);
    await b.getByRole('button', { name: 'Weigh ticket' }).click();
    const ticketForm = b.getByRole('form', { name: `Weigh ticket of #${pickedUp.number}` });
    await ticketForm.getByLabel('Net weight (tons)').fill(String(NET_TONS));
    await ticketForm.getByLabel('Landfill cost ($)').fill(LANDFILL.toFixed(2));
    await ticketForm.getByLabel('Ticket photo').setInputFiles(SAMPLE_TICKET);
    await expect(ticketForm.getByRole('img')).toBeVisible(); // the photo's preview
    expect(await seriousA11yViolations(phone)).toEqual([]);
    await ticketForm.getByRole('button', { name: 'Save weigh ticket' }).click();
    await expect(queueBanner(phone)).toContainText('Offline: 1 action waiting to send (with 1 photo)');
    await expect(b.getByTestId('ticket')).toHaveText('5.4 tons, landfill $182.50');
    await expect(b.getByText('Waiting to send', { exact: true })).toBeVisible();
    // Without signal the phone still moves between the days it saved, what waits applied.
    await phone.getByRole('button', { name: 'Previous day' }).click();
    await expect(phone.getByText('No connection to the office')).toBeVisible();
    await expect(phone.getByText('No stops on your route this day.')).toBeVisible();
    await phone.getByRole('button', { name: 'Next day' }).click();
    await expect(phone.getByRole('article')).toHaveCount(3);
    await expect(b.getByTestId('ticket')).toHaveText('5.4 tons, landfill $182.50');
    await expect(queueBanner(phone)).toContainText('Offline: 1 action waiting to send');
    const field = async () => consoleData(office, 'GET', `/orders/${pickedUp.number}/field`);
    expect((await field()).tickets).toEqual([]);
    expect(await seriousA11yViolations(phone)).toEqual([]);
    await screenshot(phone, info, 'route-offline-waiting');

    // Back online: sent by itself, once.
    await driverContext.setOffline(false);
    await expect(queueBanner(phone)).toHaveText('All sent.', { timeout: 20_000 });
    await expect(b.getByText('Waiting to send', { exact: true })).toHaveCount(0);
    await expect(b.getByTestId('ticket')).toHaveText('5.4 tons, landfill $182.50');
    expect(await seriousA11yViolations(phone)).toEqual([]);
    await screenshot(phone, info, 'route-sent');

    const ticketAction = actionBodies.find((x) => x.action === 'weigh_ticket');
    expect(ticketAction).toMatchObject({ stop: order[1], ticket: { net_tons: NET_TONS, landfill_cost: LANDFILL } });
    expect(ticketAction.ticket.photo_id).toMatch(/^[0-9a-f-]{36}$/);
    const again = await consoleCall(phone, 'POST', '/driver/actions', ticketAction);
    expect(again.status).toBe(200);
    expect(again.body.data.replayed).toBe(true);
    const record = await field();
    expect(record.tickets).toHaveLength(1);
    expect(record.tickets[0]).toMatchObject({ net_tons: NET_TONS, landfill_cost: LANDFILL });
    expect(record.tickets[0].photo_id).toBe(ticketAction.ticket.photo_id);
    expect(record.charges).toHaveLength(1);

    // The customer's notice: the overage itemized and the My booking link, whose page has the ticket.
    let notice = '';
    await expect
      .poll(
        async () => {
          const mails = await outboxEmails(SLUG, pickedUp.email);
          notice = mails.map((m) => m.payload.text ?? '').find((t) => t.includes('weighed')) ?? '';
          return notice;
        },
        { timeout: 10_000 },
      )
      .toContain('3.40 tons over × $65.00/ton = $221.00');
    expect(notice).toContain('weighed at the landfill: 5.40 tons; 2.00 tons are included');
    expect(notice).toContain(`Total: ${(rule.gross / 100).toFixed(2)} USD`);
    const link = /https?:\/\/\S+\/rental\/rtl_[A-Za-z0-9_-]+/.exec(notice)?.[0] as string;
    expect(link).toBeTruthy();
    const shown = await rentalApi(tokenOf(link));
    expect(shown.data.charges).toHaveLength(1);
    expect(shown.data.charges[0].ticket).toMatchObject({ net_tons: NET_TONS, over_tons: 3.4, photo: true });

    // The saved card, charged once, to the cent of the rule; the order completed.
    const cents = (d: number) => Math.round(d * 100);
    await expect
      .poll(
        async () =>
          ((await consoleData(office, 'GET', '/field-charges?status=all')) as any[]).filter(
            (c) => c.order_number === pickedUp.number,
          ),
        { timeout: 45_000, intervals: [1000] },
      )
      .toEqual([expect.objectContaining({ kind: 'overage', status: 'charged' })]);
    const [charge] = ((await consoleData(office, 'GET', '/field-charges?status=all')) as any[]).filter(
      (c) => c.order_number === pickedUp.number,
    );
    expect([cents(charge.amount), cents(charge.tax), cents(charge.processing_fee), cents(charge.gross_total)]).toEqual([
      rule.overage,
      rule.tax,
      rule.fee,
      rule.gross,
    ]);
    await expect
      .poll(() => hooks.got.filter((e) => e?.event === 'payment.received' && e.data.order_number === pickedUp.number))
      .toEqual(
        expect.arrayContaining([
          expect.objectContaining({ data: expect.objectContaining({ amount: rule.gross / 100 }) }),
        ]),
      );
    await new Promise((r) => setTimeout(r, 2000)); // a second charge would have had its chance
    const payments = hooks.got.filter(
      (e) =>
        e?.event === 'payment.received' &&
        e.data.order_number === pickedUp.number &&
        cents(e.data.amount) === rule.gross,
    );
    expect(payments).toHaveLength(1);

    // The Data API: the weights, the landfill's cost, completed.
    const read = await fetch(`${env().api}/data/v1/orders/${pickedUp.number}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(read.status).toBe(200);
    const dataOrder = ((await read.json()) as { data: any }).data;
    expect(dataOrder).toMatchObject({ net_weight_tons: NET_TONS, landfill_cost: LANDFILL, status: 'completed' });
    expect(dataOrder.completed_at).toBeTruthy();
    expect(errors).toEqual([]);
  } finally {
    await hooks.stop();
    await ownerContext.close();
    await driverContext.close();
  }
});
