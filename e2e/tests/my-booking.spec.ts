import { expect, type Page, test } from '@playwright/test';
import { CARDS, env, screenshot, seriousA11yViolations } from '../support/booking';
import { consoleUrl, demoOwner, signIn } from '../support/console';
import {
  bookOnDemoPage,
  dispatchStop,
  extendOnPage,
  isoDay,
  manageLink,
  openRental,
  PHONE,
  readBooking,
  rentalApi,
  shownDay,
  tokenOf,
  watchErrors,
} from '../support/my-booking';

/**
 * The customer's "My booking" page (/rental/<token>, apps/hosted/app/rental): the link of the confirmation
 * e-mail opens the booking on a phone, the rental is extended by 3 days on the saved card, the delivery is
 * moved (and the console's dispatch board has it on its new day), a saved card declined later is replaced
 * by a card typed on the page, and a wrong link is a 404 that says how to reach the company. No request of
 * the page names its token. The fleet's side: my-booking-fleet.spec.ts.
 */
test.use({ viewport: PHONE });

/** A demo booking made on /book with `card` (`skip` open days after the first), and the My booking link of its e-mail. */
async function bookOnDemo(page: Page, tag: string, card: string, skip = 0) {
  const { who, number } = await bookOnDemoPage(page, `${tag}-${Date.now()}`, card, skip);
  const link = await manageLink('demo', who.email);
  return { link, number, token: tokenOf(link) };
}

/** The booking as the API's My booking surface reads it with the token (what the page must show). */
type Days = { delivery_date: string; pickup_date: string; rental_days: number };
const read = (token: string) => readBooking<Days & { card_saved: boolean; changes: { status: string }[] }>(token);

/**
 * Every request the page makes from now on whose address or Referer names the token (the page's own
 * navigations aside): none may, since the token is the booking's only credential.
 */
function watchToken(page: Page, token: string) {
  const leaks: string[] = [];
  page.on('request', async (request) => {
    const referer = (await request.allHeaders().catch(() => ({}) as Record<string, string>)).referer ?? '';
    const own = request.isNavigationRequest() && request.url().startsWith(`${env().hosted}/rental/${token}`);
    if ((!own && request.url().includes(token)) || referer.includes(token)) leaks.push(request.url());
  });
  return leaks;
}

test('the e-mailed link opens My booking at 390 px and extends the rental by 3 days on the saved card', async ({
  page,
}, info) => {
  const errors = watchErrors(page);
  const { link, token } = await bookOnDemo(page, 'my-booking', CARDS.success);
  const booking = await read(token);
  expect(booking.card_saved).toBe(true);

  const leaks = watchToken(page, token);
  const response = await openRental(page, link);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self' 'nonce-");
  expect(response?.headers()['x-content-type-options']).toBe('nosniff');
  // The token is the credential: kept by no cache, and named by no Referer (the header, and the document's own policy).
  expect(response?.headers()['cache-control']).toContain('no-store');
  expect.soft(response?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
  await expect(page.getByRole('heading', { level: 1, name: /^Your booking/ })).toBeVisible();
  await expect(page.getByText('With Demo Dumpsters')).toBeVisible();
  await expect(page.getByTestId('pickup-date')).toHaveText(shownDay(booking.pickup_date));
  await expect(page.locator('.steps [aria-current="step"]')).toHaveText('Booked');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'my-booking-opened');

  const extend = page.getByRole('form', { name: 'Extend the rental' });
  await expect(extend.getByText(/^\$[\d,.]+ a day before tax/)).toBeVisible();
  await extend.getByLabel('Extra days').fill('3');
  await extend.getByRole('button', { name: 'See the price' }).click();
  const quote = extend.getByTestId('quote-extend');
  await expect(quote).toBeVisible();
  await expect(quote.getByText('3 extra days')).toBeVisible();
  await expect(quote.getByTestId('quote-pickup')).toHaveText(shownDay(booking.pickup_date, 3));
  await expect(quote.getByText('Charged to the card you booked with.')).toBeVisible();
  const total = (await quote.getByTestId('quote-total').textContent()) as string;
  expect(total).toMatch(/^\$\d/);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'my-booking-quote');

  await quote.getByRole('button', { name: `Pay ${total} and extend` }).click();
  await expect(page.getByTestId('notice')).toContainText(
    `extended by 3 days. The new pickup date is ${shownDay(booking.pickup_date, 3)}.`,
  );
  await expect(page.getByTestId('pickup-date')).toHaveText(shownDay(booking.pickup_date, 3));
  await expect(page.getByTestId('rental-days')).toHaveText(String(booking.rental_days + 3));
  const history = page.getByRole('region', { name: 'Changes made' });
  await expect(history.getByRole('listitem').first()).toContainText('Extended: 3 more days');
  await expect(history.getByRole('listitem').first()).toContainText(`by you · ${total} · Done`);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'my-booking-extended');

  // The API agrees, and a reload shows the same.
  const after = await read(token);
  expect(after.pickup_date).toBe(isoDay(booking.pickup_date, 3));
  expect(after.changes.map((c) => c.status)).toEqual(['applied']);
  await page.reload();
  await expect(page.getByTestId('pickup-date')).toHaveText(shownDay(booking.pickup_date, 3));
  expect(leaks).toEqual([]);
  expect(errors).toEqual([]);
});

test('the delivery moved on the page is on its new day on the console dispatch board', async ({ page }, info) => {
  const errors = watchErrors(page);
  const { link, token, number } = await bookOnDemo(page, 'my-booking-move', CARDS.success, 3);
  const booking = await read(token);
  // A day the API takes for the move (open, before the cutoff): the first from 2 days later that it quotes.
  let after: { delivery_date: string; pickup_date: string } | null = null;
  for (let plus = 2; plus <= 12 && !after; plus++) {
    const body = { kind: 'move_delivery', delivery_date: isoDay(booking.delivery_date, plus) };
    const quoted = await rentalApi(token, '/changes/quote', body);
    if (quoted.ok) after = quoted.data.after;
  }
  if (!after) throw new Error('no day within 12 days of the delivery the API would move it to');

  await openRental(page, link);
  const move = page.getByRole('form', { name: 'Move the delivery' });
  await expect(move.getByText(`Delivery is now ${shownDay(booking.delivery_date)}.`)).toBeVisible();
  await move.getByLabel('New delivery date').fill(after.delivery_date);
  await move.getByRole('button', { name: 'See the price' }).click();
  const quote = move.getByTestId('quote-move_delivery');
  await expect(quote.getByTestId('quote-pickup')).toHaveText(shownDay(after.pickup_date));
  await expect(quote.getByTestId('quote-total')).toHaveText('$0.00');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'my-booking-move-quote');
  await quote.getByRole('button', { name: `Move the delivery to ${shownDay(after.delivery_date)}` }).click();
  await expect(page.getByTestId('notice')).toHaveText(
    `Done: the delivery is moved to ${shownDay(after.delivery_date)}. The pickup date is ${shownDay(after.pickup_date)}.`,
  );
  await expect(page.getByTestId('delivery-date')).toHaveText(shownDay(after.delivery_date));
  const history = page.getByRole('region', { name: 'Changes made' });
  await expect(history.getByRole('listitem').first()).toContainText(
    `Delivery moved: Delivery moved from ${shownDay(booking.delivery_date)} to ${shownDay(after.delivery_date)}`,
  );
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'my-booking-moved');
  expect((await read(token)).delivery_date).toBe(after.delivery_date);

  // The office: the demo owner's dispatch board has the order on its new day, and no more on the old one.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, demoOwner().email, demoOwner().password, `/dispatch?date=${after.delivery_date}`);
  const stop = await dispatchStop(page, after.delivery_date, 'Deliveries', number);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'my-booking-moved-dispatch');
  await page.goto(consoleUrl(`/dispatch?date=${booking.delivery_date}`));
  await expect(page.getByRole('heading', { name: `Dispatch: ${booking.delivery_date}` })).toBeVisible();
  await expect(stop).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a saved card declined later: the extension asks for a card on the page, and 4242 pays for it', async ({
  page,
}, info) => {
  const errors = watchErrors(page);
  // 4000 0000 0000 0341 authorizes the booking; saved, its later charges are declined.
  const { link, token } = await bookOnDemo(page, 'my-booking-card', '4000 0000 0000 0341');
  const booking = await read(token);
  expect(booking.card_saved).toBe(true);

  await openRental(page, link);
  const total = await extendOnPage(page, 3);
  const pay = page.getByRole('region', { name: `Pay ${total} for this change` });
  await expect(pay.getByText(/^The card you booked with was declined, so nothing was changed yet\./)).toBeVisible();
  await expect(pay.getByText(`Extended: 3 more days, pickup ${shownDay(booking.pickup_date, 3)}.`)).toBeVisible();
  await expect(page.getByTestId('pickup-date')).toHaveText(shownDay(booking.pickup_date));
  await expect(pay.getByLabel('Card number')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'my-booking-card-asked');

  await pay.getByLabel('Card number').fill(CARDS.success);
  await pay.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await pay.getByLabel('Security code').fill('123');
  await pay.getByRole('button', { name: `Pay ${total}`, exact: true }).click();
  await expect(page.getByTestId('notice')).toContainText(
    `extended by 3 days. The new pickup date is ${shownDay(booking.pickup_date, 3)}.`,
  );
  await expect(pay).toHaveCount(0);
  await expect(page.getByTestId('pickup-date')).toHaveText(shownDay(booking.pickup_date, 3));
  await expect(page.getByRole('region', { name: 'Changes made' }).getByRole('listitem').first()).toContainText(
    `by you · ${total} · Done`,
  );
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'my-booking-card-paid');
  const after = await read(token);
  expect(after.pickup_date).toBe(isoDay(booking.pickup_date, 3));
  expect(after.changes.map((c) => c.status)).toEqual(['applied']);
  expect(errors).toEqual([]);
});

test('a wrong link is a 404 page that says the link is not valid and how to reach the company', async ({
  page,
}, info) => {
  const errors = watchErrors(page);
  for (const token of [`rtl_${'x'.repeat(32)}`, 'not-a-token']) {
    const response = await page.goto(`${env().hosted}/rental/${token}`);
    expect(response?.status()).toBe(404);
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await expect(page.getByRole('heading', { level: 1, name: 'This booking link is not valid' })).toBeVisible();
    await expect(page.getByText(/mistyped/)).toBeVisible();
    await expect(page.getByText(/phone number in your booking confirmation e-mail/)).toBeVisible();
  }
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'my-booking-not-valid');
  expect(errors).toEqual([]);
});
