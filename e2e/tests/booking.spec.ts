import { expect, test } from '@playwright/test';
import {
  bookUrl,
  CARDS,
  continueToPayment,
  customer,
  deliveriesOf,
  fillDetails,
  openBooking,
  orderFromCli,
  payWith,
  screenshot,
} from '../support/booking';

test.describe('the hosted page books and pays', () => {
  test('happy path: 4242 confirms the order, the CLI shows it as a link booking and its webhook was sent', async ({
    page,
  }, info) => {
    await openBooking(page, bookUrl('company=demo&utm_source=newsletter&utm_campaign=november'));
    await expect(page.getByRole('heading', { name: 'Demo Dumpsters' })).toBeVisible();
    await page.getByRole('radio', { name: /20 Yard Dumpster/ }).check();
    await page.getByLabel('Rental length').selectOption('10');
    await fillDetails(page, customer('happy'));
    // The live quote follows the choices: 20 yd for 10 days is $475 + $25 fee, 8.25% tax.
    await expect(page.getByTestId('gross-total')).toHaveText('$557.25');
    await screenshot(page, info, 'happy-form');

    await continueToPayment(page);
    await payWith(page, CARDS.success);
    await expect(page.getByRole('heading', { name: 'Your dumpster is booked' })).toBeVisible();
    const orderNumber = Number((await page.locator('.num').textContent())?.replace('#', ''));
    expect(orderNumber).toBeGreaterThan(1000);
    await screenshot(page, info, 'happy-confirmed');

    const order = await orderFromCli('demo', orderNumber);
    expect(order).toMatchObject({
      status: 'confirmed',
      payment_status: 'paid',
      size: '20 Yard Dumpster',
      charged: 557.25,
      channel: 'link',
      customer: 'jordan+happy@example.com',
      attribution: {
        utm_source: 'newsletter',
        utm_campaign: 'november',
        landing_page: expect.stringContaining('/book?company=demo&utm_source=newsletter'),
      },
    });
    await expect
      .poll(() => deliveriesOf(orderNumber, 'utm_source'), { timeout: 20_000 })
      .toContainEqual(['booking.completed', true, 'link', 'newsletter']);
  });

  test('a declined card says so next to the card and a second card still books', async ({ page }, info) => {
    await openBooking(page, bookUrl('company=demo&size=10'));
    await fillDetails(page, customer('decline'));
    await continueToPayment(page);
    await payWith(page, CARDS.decline);
    await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
    await screenshot(page, info, 'decline');

    await payWith(page, CARDS.success);
    await expect(page.getByRole('heading', { name: 'Your dumpster is booked' })).toBeVisible();
  });

  test('an elevated-risk card: the order is received and held for review', async ({ page }, info) => {
    await openBooking(page, bookUrl('company=demo&size=10'));
    await fillDetails(page, customer('held'));
    await continueToPayment(page);
    await payWith(page, CARDS.elevatedRisk);
    await expect(page.getByRole('heading', { name: 'Order received, under review' })).toBeVisible();
    const orderNumber = Number((await page.locator('.num').textContent())?.replace('#', ''));
    expect(await orderFromCli('demo', orderNumber)).toMatchObject({ status: 'pending_risk_review', channel: 'link' });
    await screenshot(page, info, 'held');
  });
});

test("a company's 'booking confirmed page' receives the customer with the spec's query parameters", async ({
  page,
}) => {
  // The company's own site is not reachable here: the browser's request to it is answered locally.
  await page.route('https://thanks.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Thanks</title><h1>Thank you!</h1>' }),
  );
  await openBooking(page, bookUrl('company=e2e-redirect&size=10'));
  await page.getByLabel('Rental length').selectOption('3');
  await fillDetails(page, customer('redirect'));
  await continueToPayment(page);
  await payWith(page, CARDS.success);
  await page.waitForURL(/^https:\/\/thanks\.example\/booked/);
  const url = new URL(page.url());
  const params = Object.fromEntries(url.searchParams);
  expect(params).toEqual({
    ref: 'ads',
    email: 'jordan+redirect@example.com',
    phone: '(512) 555-0142',
    first_name: 'Jordan',
    last_name: 'Rivera',
    dumpster_size: '10 Yard Dumpster',
    delivery_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    pickup_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    order_number: expect.stringMatching(/^\d+$/),
  });
  const order = await orderFromCli('e2e-redirect', Number(params.order_number));
  expect(order).toMatchObject({
    status: 'confirmed',
    channel: 'link',
    delivery_date: params.delivery_date,
    pickup_date: params.pickup_date,
  });
});
