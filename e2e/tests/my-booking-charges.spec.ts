import { expect, type Page, test } from '@playwright/test';
import { CARDS, screenshot, seriousA11yViolations } from '../support/booking';
import { bookRental, overageOf, ownerAndDriver, weighRental } from '../support/field';
import { openRental, ownCompany, PHONE, readBooking, rentalApi, watchErrors } from '../support/my-booking';

/**
 * The field's charges on My booking (/rental/<token>, apps/hosted/app/rental: "Charges after your rental";
 * docs/decisions/drivers-day.md). Each spec company (`svc company apply`, the demo's config: a 10-yard includes
 * 2 tons, $65 a ton over, 8.25% tax, the card fee 2.9% + $0.30 on the customer) gets an owner and a driver the
 * owner invited from the console. A rental booked through the Booking API is moved to delivered by the office,
 * its pickup given to the driver, who picks it up and sends a weigh ticket of 5.40 tons: 3.40 tons over.
 * (a) the notice (24 hours by default): the charge itemized on the page as a receipt, the weigh ticket's
 * photo shown without moving the page; (b) a company that charges at once (field_work.notice_hours 0) and a
 * card that authorizes at booking but declines later (0341): the recovery worker's charge is declined, and
 * the customer pays it on the page with 4242 → "Paid".
 */
test.use({ viewport: PHONE });

const NOTICE = 'e2e-charges-notice';
const AT_ONCE = 'e2e-charges-at-once';
const noticeApi = ownCompany(NOTICE, { name: 'Scale Ticket Dumpsters' });
const atOnceApi = ownCompany(AT_ONCE, { name: 'Prompt Scale Dumpsters', field_work: { notice_hours: 0 } });

/** The rule on a 5.40-ton ticket of a 10-yard: 3.40 tons × $65 = $221.00, tax $18.23, card fee $7.24. */
const TICKET = { netTons: 5.4, landfillCost: 182.5 };
const WANT = overageOf({
  netTons: TICKET.netTons,
  includedTons: 2,
  perTon: 65,
  taxPercent: 8.25,
  cardFee: { percent: 2.9, fixed: 0.3 },
});

type Charge = {
  id: string;
  kind: string;
  status: string;
  amount: number;
  tax: number;
  processing_fee: number;
  gross_total: number;
  charge_after: string;
  ticket: { net_tons: number; allowance_tons: number; over_tons: number; mode: string; rate: number; photo: boolean };
};
const chargesOf = async (token: string) => (await readBooking<{ charges: Charge[] }>(token)).charges;

/**
 * "Tue, Dec 1, 3:00 PM" as the page writes a moment: in the company's time zone when the API gives it, else
 * the browser's own.
 */
const shownMoment = (page: Page, iso: string, zone: string | undefined) =>
  page.evaluate(
    ({ at, zone }) =>
      new Intl.DateTimeFormat('en-US', {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        ...(zone ? { timeZone: zone } : {}),
      }).format(new Date(at)),
    { at: iso, zone },
  );

test('an overage from the weigh ticket is itemized on My booking, with the ticket photo', async ({ page }, info) => {
  test.setTimeout(120_000);
  expect(WANT).toEqual({ over: 3.4, amount: 221, tax: 18.23, fee: 7.24, gross: 246.47 });
  const errors = watchErrors(page);
  const rental = await bookRental(noticeApi, { yards: 10, days: 3, card: CARDS.success, tag: 'charges' });
  const { pickup_date, company } = await readBooking<{ pickup_date: string; company: { timezone?: string } }>(
    rental.token,
  );
  const team = await ownerAndDriver(NOTICE);
  await weighRental(team, rental, pickup_date, { ...TICKET, photo: true });

  // The API: one overage, noticed (charged after the 24 hours' notice), to the cent of the rule.
  const charges = await chargesOf(rental.token);
  expect(charges).toHaveLength(1);
  const charge = charges[0] as Charge;
  expect(charge).toMatchObject({
    kind: 'overage',
    status: 'noticed',
    amount: WANT.amount,
    tax: WANT.tax,
    processing_fee: WANT.fee,
    gross_total: WANT.gross,
    ticket: { net_tons: 5.4, allowance_tons: 2, over_tons: 3.4, mode: 'per_ton', rate: 65, photo: true },
  });

  // The notice e-mail's link, to the section.
  await openRental(page, `${rental.link}#charges`);
  const section = page.getByRole('region', { name: 'Charges after your rental' });
  await expect(section).toBeInViewport();
  await expect(section.getByRole('heading', { level: 2, name: 'Charges after your rental' })).toBeFocused();
  const item = section.getByRole('article', { name: /^Overweight: 3\.40 tons over/ });
  await expect(item.getByTestId('charge-status')).toHaveText('Upcoming');
  await expect(item.getByTestId('ticket-net')).toHaveText('5.40 tons');
  await expect(item.getByTestId('ticket-included')).toHaveText('2.00 tons');
  await expect(item.getByTestId('overage-line')).toHaveText('3.40 tons over × $65.00/ton');
  await expect(item.getByTestId('charge-amount')).toHaveText('$221.00');
  await expect(item.getByTestId('charge-tax')).toHaveText('$18.23');
  await expect(item.getByTestId('charge-card-fee')).toHaveText('$7.24');
  await expect(item.getByTestId('charge-total')).toHaveText('$246.47');
  await expect(item.getByTestId('charge-state')).toHaveText(
    `Charged to your card on file on ${await shownMoment(page, charge.charge_after, company.timezone)}.`,
  );

  // The ticket's photo: read with the token as the bearer (never in an address), in a frame that keeps its size.
  const photoRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/ticket-photo')) photoRequests.push(r.url());
  });
  let release = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route('**/rental/v1/charges/*/ticket-photo', async (route) => {
    await held;
    await route.continue();
  });
  const see = item.getByRole('button', { name: 'See the weigh ticket' });
  await see.click();
  const frame = item.locator('.rb-ticket-box');
  await expect(frame.getByText('Loading the weigh ticket…')).toBeVisible();
  const before = await frame.boundingBox();
  const below = await page.getByRole('region', { name: 'Details' }).boundingBox();
  release();
  const photo = item.getByRole('img', { name: "The landfill's weigh ticket: 5.40 tons net" });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await frame.boundingBox()).toEqual(before);
  expect(await page.getByRole('region', { name: 'Details' }).boundingBox()).toEqual(below);
  expect(photoRequests.every((u) => !u.includes(rental.token))).toBe(true);
  await expect(item.getByRole('button', { name: 'Hide the weigh ticket' })).toHaveAttribute('aria-expanded', 'true');
  await photo.scrollIntoViewIfNeeded();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'my-booking-charges');
  await Promise.all([team.office.dispose(), team.driver.dispose()]);
  expect(errors).toEqual([]);
});

test('a charge the saved card declines is owed on My booking and paid there with 4242', async ({ page }, info) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  // 4000 0000 0000 0341 authorizes the booking; saved, its later charges are declined.
  const rental = await bookRental(atOnceApi, { yards: 10, days: 3, card: '4000 0000 0000 0341', tag: 'charge-owed' });
  const { pickup_date } = await readBooking<{ pickup_date: string }>(rental.token);
  const team = await ownerAndDriver(AT_ONCE);
  await weighRental(team, rental, pickup_date, { ...TICKET, photo: false });

  // No notice: the recovery worker's next pass (every 15 s) charges the saved card, which declines.
  await expect
    .poll(async () => (await chargesOf(rental.token)).map((c) => c.status), { timeout: 90_000, intervals: [2000] })
    .toEqual(['declined']);
  // An owed charge of another booking is not this link's to pay.
  const [owed] = await chargesOf(rental.token);
  const other = await bookRental(atOnceApi, { yards: 10, days: 3, card: CARDS.success, tag: 'charge-other' });
  expect((await rentalApi(other.token, `/charges/${owed?.id}/pay`, {})).status).toBe(404);

  await openRental(page, rental.link);
  const section = page.getByRole('region', { name: 'Charges after your rental' });
  const item = section.getByRole('article', { name: /^Overweight: 3\.40 tons over/ });
  await expect(item.getByTestId('charge-status')).toHaveText('Payment failed');
  await expect(item.getByText('Payment failed: pay $246.47 now.')).toBeVisible();
  await expect(item.getByTestId('charge-total')).toHaveText('$246.47');
  await item.getByRole('button', { name: 'Pay with a card' }).click();
  await expect(item.getByLabel('Card number')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await item.getByLabel('Card number').fill(CARDS.success);
  await item.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await item.getByLabel('Security code').fill('123');
  await item.getByRole('button', { name: 'Pay $246.47', exact: true }).click();
  await expect(item.getByTestId('charge-status')).toHaveText('Paid');
  await expect(item.getByTestId('charge-state')).toHaveText(/^Paid/);
  await expect(section.getByTestId('charges-notice')).toHaveText('Paid: $246.47. Thank you.');
  await expect(item.getByTestId('charge-pay')).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'my-booking-charge-paid');

  // The API agrees, once; a reload shows the same.
  const after = await chargesOf(rental.token);
  expect(after.map((c) => [c.status, c.gross_total])).toEqual([['paid', WANT.gross]]);
  await page.reload();
  await expect(item.getByTestId('charge-status')).toHaveText('Paid');
  await Promise.all([team.office.dispose(), team.driver.dispose()]);
  expect(errors).toEqual([]);
});
