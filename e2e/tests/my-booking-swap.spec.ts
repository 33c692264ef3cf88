import { expect, test } from '@playwright/test';
import { screenshot, seriousA11yViolations } from '../support/booking';
import { createConsoleUser, signIn } from '../support/console';
import {
  calendar,
  dispatchStop,
  intent,
  isoDay,
  openRental,
  ownCompany,
  PHONE,
  payAndConfirm,
  rentalApi,
  shownDay,
  sizeId,
} from '../support/my-booking';

/**
 * A swap on My booking (/rental/<token>): a company of its own (`svc company apply`, as my-booking-fleet.spec.ts
 * sets it up) with two 20-yard cans counted and a $95 swap fee for that size (rental_changes.swap_fees), booked
 * through the Booking API. On the page the customer books a swap for a day during the rental, priced (fee, tax,
 * card fee) and paid with the saved card; the change history has it on its day, and the company owner's
 * dispatch board lists the order under "Swaps" that day. The one 10-yard can has no second can for a swap.
 */
test.use({ viewport: PHONE });

const SLUG = 'e2e-my-booking-swap';
const SWAP_FEE = 95;
const fleet = {
  turnaround_days: 0,
  sizes: [
    { size: '10yd', cans: 1 },
    { size: '20yd', cans: 2 },
    { size: '30yd', cans: 0 },
  ],
};
const rental_changes = { swap_fees: { '10yd': 80, '20yd': SWAP_FEE } };
const api = ownCompany(SLUG, { name: 'Swap Ready Dumpsters', fleet, rental_changes });

/** A rental booked and paid (4242, the card saved) through the Booking API: its number and its My booking link. */
async function book(yards: number, days: number) {
  const size = await sizeId(api, yards);
  const { first } = await calendar(api);
  return payAndConfirm(
    api,
    await intent(api, { sizeId: size, delivery: first, days, street: '1 Swap St', tag: 'swap' }),
  );
}

test('a swap booked on the page, paid with the saved card, is on the dispatch board under "Swaps" that day', async ({
  page,
}, info) => {
  const { link, token, number } = await book(20, 7);
  const booking = (await rentalApi(token)).data;
  expect(booking.swap_price).toBe(SWAP_FEE);
  expect(booking.changes_allowed).toContain('swap');
  // The swap's day: the first day after the delivery that the API quotes (the company works it, past its notice).
  let swapDate = '';
  for (let plus = 1; plus < 7 && !swapDate; plus++) {
    const quoted = await rentalApi(token, '/changes/quote', {
      kind: 'swap',
      swap_date: isoDay(booking.delivery_date, plus),
    });
    if (quoted.data) swapDate = quoted.data.swap_date;
  }
  expect(swapDate).not.toBe('');

  await openRental(page, link);
  const form = page.getByRole('form', { name: 'Swap the dumpster' });
  await expect(form.getByText(/^\$95\.00 plus tax\./)).toBeVisible();
  const input = form.getByLabel('Swap date');
  await expect(input).toHaveAttribute('min', isoDay(booking.delivery_date, 1));
  await expect(input).toHaveAttribute('max', isoDay(booking.pickup_date, -1));
  await input.fill(swapDate);
  await form.getByRole('button', { name: 'See the price' }).click();
  const quote = form.getByTestId('quote-swap');
  await expect(quote.getByTestId('quote-swap-date')).toHaveText(shownDay(swapDate));
  await expect(quote.getByTestId('quote-fee')).toHaveText('$95.00');
  await expect(quote.getByTestId('quote-tax')).toHaveText('$7.84');
  await expect(quote.getByTestId('quote-card-fee')).toBeVisible();
  await expect(quote.getByText('Charged to the card you booked with.')).toBeVisible();
  const total = (await quote.getByTestId('quote-total').textContent()) as string;
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'my-booking-swap-quote');

  await quote.getByRole('button', { name: `Pay ${total} and book the swap` }).click();
  await expect(page.getByTestId('notice')).toContainText(`Done: your swap is booked for ${shownDay(swapDate)}.`);
  const history = page.getByRole('region', { name: 'Changes made' });
  await expect(history.getByRole('listitem').first()).toContainText(
    `Swap: Full dumpster replaced with an empty one on ${shownDay(swapDate)}`,
  );
  await expect(history.getByRole('listitem').first()).toContainText(`${total} · Done`);
  await expect(page.getByTestId('pickup-date')).toHaveText(shownDay(booking.pickup_date));
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'my-booking-swap-booked');
  const after = (await rentalApi(token)).data;
  expect(after.changes.map((c: { kind: string; status: string }) => `${c.kind} ${c.status}`)).toEqual(['swap applied']);
  expect(after.changes[0].swap_date).toBe(swapDate);
  expect(after.changes[0].amounts.fee).toBe(SWAP_FEE);

  // The office: the company owner's dispatch board lists the order under "Swaps" on the swap's day.
  const owner = await createConsoleUser({ slug: SLUG, role: 'owner' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, owner.email, owner.password, `/dispatch?date=${swapDate}`);
  await dispatchStop(page, swapDate, 'Swaps', number);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'my-booking-swap-dispatch');
});

// The quote counts the swap's day with the order's own can out: a size with one can has no second one for it.
test('the one 10-yard can has no second can for a swap: the page says so next to the day', async ({ page }, info) => {
  const { link, token } = await book(10, 7);
  const booking = (await rentalApi(token)).data;
  let refused: { code: string; field: string; message: string } | null = null;
  let date = '';
  for (let plus = 1; plus < 7 && !refused; plus++) {
    date = isoDay(booking.delivery_date, plus);
    const quoted = await rentalApi(token, '/changes/quote', { kind: 'swap', swap_date: date });
    if (quoted.error?.code === 'size_sold_out') refused = quoted.error;
  }
  expect(refused?.field).toBe('swap_date');

  await openRental(page, link);
  const form = page.getByRole('form', { name: 'Swap the dumpster' });
  await form.getByLabel('Swap date').fill(date);
  await form.getByRole('button', { name: 'See the price' }).click();
  await expect(form.getByText(refused?.message as string)).toBeVisible();
  await expect(form.getByLabel('Swap date')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByTestId('quote-swap')).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'my-booking-swap-sold-out');
});
