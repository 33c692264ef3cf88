import { expect, test } from '@playwright/test';
import { bookUrl, openBooking, screenshot, seriousA11yViolations } from '../support/booking';
import {
  calendar,
  extendOnPage,
  intent,
  isoDay,
  openRental,
  ownCompany,
  PHONE,
  payAndConfirm,
  rentalApi,
  shownDay,
  sizeId,
  tokenOf,
} from '../support/my-booking';

/**
 * My booking (/rental/<token>) against the fleet (docs/decisions/fleet.md), as fleet.spec.ts sets it up: a
 * company of its own (`svc company apply`) with one 20-yard and one 10-yard can, booked through the Booking
 * API. A rental extended on the page keeps its can for the new days, so another customer is refused them;
 * a rental ended early on the page frees its can, so another customer gets the freed day.
 */
test.use({ viewport: PHONE });

const SLUG = 'e2e-my-booking-fleet';
const fleet = { turnaround_days: 0, sizes: [10, 20, 30].map((yd) => ({ size: `${yd}yd`, cans: yd === 30 ? 0 : 1 })) };
const api = ownCompany(SLUG, { name: 'Two Can Dumpsters', fleet }, { publishable: true });

/** A customer's intent to rent a size from a day: `data`, or the API's `error` (size_sold_out when no can is free). */
const fleetIntent = (size: string, delivery: string, days: number) =>
  intent(api, { sizeId: size, delivery, days, street: '1 Yard Rd', tag: 'fleet' });

/** A rental booked and paid (4242) through the API: its number and its My booking link. */
const book = async (size: string, delivery: string, days: number) =>
  payAndConfirm(api, await fleetIntent(size, delivery, days));

/** The rental's days as the My booking surface reads them with the link's token. */
const rental = async (link: string) =>
  (await rentalApi(tokenOf(link))).data as { delivery_date: string; pickup_date: string };

test('extended by 3 days on the page, the one 20-yard can is out on those days: another customer is refused them', async ({
  page,
}, info) => {
  const twenty = await sizeId(api, 20);
  const { first } = await calendar(api);
  const { link } = await book(twenty, first, 7);
  const before = await rental(link);
  // Before: the can is free again after its pickup (the next open day), a day that the 3 days will cover.
  const free = (await api('GET', `/availability?size_id=${twenty}&rental_days=7`)).data.fleet.next_delivery_date;
  expect(free > before.pickup_date && free <= isoDay(before.pickup_date, 3)).toBe(true);

  await openRental(page, link);
  await extendOnPage(page, 3);
  await expect(page.getByTestId('pickup-date')).toHaveText(shownDay(isoDay(before.pickup_date, 3)));
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'my-booking-fleet-extended');

  // After: the Booking API refuses the same size from the day that was free, and offers the day after the new pickup.
  const refused = await fleetIntent(twenty, free, 7);
  expect(refused.error?.code).toBe('size_sold_out');
  const next = (await api('GET', `/availability?size_id=${twenty}&rental_days=7`)).data.fleet.next_delivery_date;
  expect(next > isoDay(before.pickup_date, 3)).toBe(true);
  // And /book greys that day with the fleet's sentence.
  await openBooking(page, bookUrl(`company=${SLUG}&size=20`));
  const day = page.locator(`button.day[data-date="${free}"]`);
  if ((await day.count()) === 0) await page.getByRole('button', { name: 'Next month' }).click();
  await expect(day).toHaveAttribute('aria-disabled', 'true');
  await expect(day).toHaveAccessibleName(/all 20 Yard dumpsters are out then/);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'my-booking-fleet-refused-on-book');
});

test('ended early on the page ("No refund" said first), the one 10-yard can is free on the freed day: another customer books it', async ({
  page,
}, info) => {
  const ten = await sizeId(api, 10);
  const { first, closed } = await calendar(api);
  const { link } = await book(ten, first, 7);
  const before = await rental(link);
  // The early end: the first day from 2 days after the delivery that the API takes, and after which a 3-day
  // rental can start (its delivery and pickup days open), inside the days booked until now.
  let end = '';
  for (let plus = 2; plus < 7 && !end; plus++) {
    const date = isoDay(before.delivery_date, plus);
    if (closed.has(isoDay(date, 1)) || closed.has(isoDay(date, 4))) continue;
    const quoted = await rentalApi(tokenOf(link), '/changes/quote', { kind: 'end_early', pickup_date: date });
    if (quoted.ok) end = date;
  }
  expect(end).not.toBe('');
  const freed = isoDay(end, 1);
  expect((await fleetIntent(ten, freed, 3)).error?.code).toBe('size_sold_out');

  await openRental(page, link);
  const form = page.getByRole('form', { name: 'End early' });
  await expect(form.getByText(/No refund for the days not used\.$/)).toBeVisible();
  await form.getByLabel('New pickup date').fill(end);
  await form.getByRole('button', { name: 'See the price' }).click();
  const quote = form.getByTestId('quote-end_early');
  await expect(quote.getByText('No refund for the days not used.')).toBeVisible();
  await expect(quote.getByTestId('quote-total')).toHaveText('$0.00');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'my-booking-fleet-end-early-quote');
  await quote.getByRole('button', { name: `End the rental on ${shownDay(end)}` }).click();
  await expect(page.getByTestId('notice')).toHaveText(`Done: the new pickup date is ${shownDay(end)}.`);
  await expect(page.getByTestId('pickup-date')).toHaveText(shownDay(end));
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'my-booking-fleet-ended-early');

  // The freed day goes through now: booked and paid through the Booking API.
  const other = await book(ten, freed, 3);
  expect((await rental(other.link)).delivery_date).toBe(freed);
});
