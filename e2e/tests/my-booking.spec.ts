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
  seriousA11yViolations,
} from '../support/booking';
import { consoleUrl, demoOwner, signIn } from '../support/console';
import { svc } from '../support/platform';

/**
 * The customer's "My booking" page (/rental/<token>, apps/hosted/app/rental): the link of the confirmation
 * e-mail opens the booking on a phone, the rental is extended by 3 days on the saved card, the delivery is
 * moved (and the console's dispatch board has it on its new day), a saved card declined later is replaced
 * by a card typed on the page, and a wrong link is a 404 that says how to reach the company. No request of
 * the page names its token. The fleet's side: my-booking-fleet.spec.ts.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** The customer's confirmation e-mail in the company's local outbox (`svc outbox list`): its My booking link. */
async function manageLink(slug: string, to: string): Promise<string> {
  for (let tries = 0; tries < 40; tries++) {
    const rows = (await svc(env().dataDir, 'outbox', 'list', slug)) as {
      id: number;
      channel: string;
      to: string;
      payload: { text?: string };
    }[];
    const link = rows
      .filter((r) => r.channel === 'email' && r.to === to)
      .map((r) => /See or change your booking: (\S+)/.exec(r.payload.text ?? '')?.[1])
      .find(Boolean);
    if (link) return link;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no confirmation e-mail with a My booking link to ${to} in ${slug}'s outbox`);
}

const isoDay = (date: string, plus: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + plus * 86_400_000).toISOString().slice(0, 10);

/** A YYYY-MM-DD day as the page writes it ("Tue, Dec 1, 2026"), `plus` days later. */
const shownDay = (date: string, plus = 0) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDay(date, plus)}T00:00:00Z`));

/** What the page's script or the browser said against the Content-Security-Policy, and uncaught errors. */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content.Security.Policy|Refused to/i.test(m.text())) errors.push(m.text());
  });
  return errors;
}

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

/**
 * A demo booking made on /book with `card` (the first open day, or `skip` open days later), and the My booking
 * link of its confirmation e-mail.
 */
async function bookOnDemo(page: Page, tag: string, card: string, skip = 0) {
  const who = customer(`${tag}-${Date.now()}`);
  await openBooking(page, bookUrl('company=demo&size=10'));
  for (let left = skip, month = 0; month < 3; month++) {
    const open = page.locator('button.day:not([aria-disabled="true"])');
    const count = await open.count();
    if (count > left) {
      await open.nth(left).click();
      break;
    }
    left -= count;
    await page.getByRole('button', { name: 'Next month' }).click();
  }
  await fillDetails(page, who, { pickDay: false });
  await continueToPayment(page);
  await payWith(page, card);
  await expect(page.getByRole('heading', { name: 'Your dumpster is booked' })).toBeVisible();
  const number = Number((await page.locator('.num').textContent())?.replace('#', ''));
  const link = await manageLink('demo', who.email);
  expect(link).toMatch(new RegExp(`^${env().hosted}/rental/rtl_[A-Za-z0-9_-]{32}$`));
  return { link, number, token: link.split('/rental/')[1] as string };
}

/** The booking as the API's My booking surface reads it with the token (what the page must show). */
async function read(token: string) {
  const res = await fetch(`${env().api}/rental/v1/booking`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  type Days = { delivery_date: string; pickup_date: string; rental_days: number };
  return (await res.json()).data as Days & { card_saved: boolean; changes: { status: string }[] };
}

async function openRental(page: Page, link: string) {
  const response = await page.goto(link);
  expect(response?.status()).toBe(200);
  await page.locator('.rb-view[data-ready]').waitFor();
  return response;
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
    const quoted = await fetch(`${env().api}/rental/v1/changes/quote`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'move_delivery', delivery_date: isoDay(booking.delivery_date, plus) }),
    });
    if (quoted.ok) after = (await quoted.json()).data.after;
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
  const stop = page
    .getByRole('table', { name: 'Deliveries' })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `#${number}` }) });
  await expect(async () => {
    await page.goto(consoleUrl(`/dispatch?date=${after.delivery_date}`));
    await expect(page.getByRole('heading', { name: `Dispatch: ${after.delivery_date}` })).toBeVisible();
    await expect(stop).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
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
  const extend = page.getByRole('form', { name: 'Extend the rental' });
  await extend.getByLabel('Extra days').fill('3');
  await extend.getByRole('button', { name: 'See the price' }).click();
  const total = (await extend.getByTestId('quote-total').textContent()) as string;
  await extend.getByRole('button', { name: `Pay ${total} and extend` }).click();
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
