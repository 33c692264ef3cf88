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
import { svc } from '../support/platform';

/**
 * The customer's "My booking" page (/rental/<token>, apps/hosted/app/rental): the link of the confirmation
 * e-mail opens the booking on a phone, the rental is extended by 3 days on the saved card, and a wrong link is
 * a 404 that says how to reach the company.
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

/** A YYYY-MM-DD day as the page writes it ("Tue, Dec 1, 2026"), `plus` days later. */
function shownDay(date: string, plus = 0): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y as number, (m as number) - 1, (d as number) + plus)));
}

function isoDay(date: string, plus: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y as number, (m as number) - 1, (d as number) + plus)).toISOString().slice(0, 10);
}

/** What the page's script or the browser said against the Content-Security-Policy, and uncaught errors. */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content.Security.Policy|Refused to/i.test(m.text())) errors.push(m.text());
  });
  return errors;
}

test('the e-mailed link opens My booking at 390 px and extends the rental by 3 days on the saved card', async ({
  page,
}, info) => {
  const errors = watchErrors(page);
  const who = customer(`my-booking-${Date.now()}`);
  await openBooking(page, bookUrl('company=demo&size=10'));
  await fillDetails(page, who);
  await continueToPayment(page);
  await payWith(page, CARDS.success);
  await expect(page.getByRole('heading', { name: 'Your dumpster is booked' })).toBeVisible();

  const link = await manageLink('demo', who.email);
  expect(link).toMatch(new RegExp(`^${env().hosted}/rental/rtl_[A-Za-z0-9_-]{32}$`));
  const token = link.split('/rental/')[1] as string;
  // What the API says before the change: the page must show the same.
  const before = await fetch(`${env().api}/rental/v1/booking`, { headers: { authorization: `Bearer ${token}` } });
  expect(before.status).toBe(200);
  const booking = (await before.json()).data as { pickup_date: string; rental_days: number; card_saved: boolean };
  expect(booking.card_saved).toBe(true);

  const response = await page.goto(link);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self' 'nonce-");
  expect(response?.headers()['x-content-type-options']).toBe('nosniff');
  await page.locator('.rb-view[data-ready]').waitFor();
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
  const after = (await (
    await fetch(`${env().api}/rental/v1/booking`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { data: { pickup_date: string; changes: { status: string }[] } };
  expect(after.data.pickup_date).toBe(isoDay(booking.pickup_date, 3));
  expect(after.data.changes.map((c) => c.status)).toEqual(['applied']);
  await page.reload();
  await expect(page.getByTestId('pickup-date')).toHaveText(shownDay(booking.pickup_date, 3));
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
