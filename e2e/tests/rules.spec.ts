import { expect, test } from '@playwright/test';
import {
  bookUrl,
  CARDS,
  continueToPayment,
  customer,
  fillDetails,
  openBooking,
  orderFromCli,
  payWith,
  screenshot,
} from '../support/booking';

/** The first Sunday after tomorrow: the demo company does not deliver on Sundays. */
function nextSunday(): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 2);
  while (d.getUTCDay() !== 0) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

test('closed days are greyed out, and a closed date from a link is refused next to the calendar', async ({
  page,
}, info) => {
  const sunday = nextSunday();
  await openBooking(page, bookUrl(`company=demo&date=${sunday}`));
  const day = page.locator(`button.day[data-date="${sunday}"]`);
  await expect(day).toHaveAttribute('aria-disabled', 'true');
  await expect(day).toHaveAccessibleName(/no deliveries this weekday/);

  await fillDetails(page, customer('closed'), { pickDay: false });
  await continueToPayment(page);
  const error = page.getByText('We do not deliver on that day. Choose another delivery date.');
  await expect(error).toBeVisible();
  // The refusal is tied to the calendar's days and focus moves there.
  await expect(page.locator('button.day[tabindex="0"]')).toBeFocused();
  await screenshot(page, info, 'closed-date');
});

test('an out-of-area ZIP is refused next to the ZIP field before any payment', async ({ page }, info) => {
  await openBooking(page, bookUrl('company=demo&size=10'));
  await fillDetails(page, { ...customer('zip'), zip: '90210' });
  await continueToPayment(page);
  const zip = page.getByLabel('ZIP code');
  await expect(zip).toHaveAttribute('aria-invalid', 'true');
  await expect(zip).toHaveAccessibleDescription('Sorry, Demo Dumpsters does not deliver to this ZIP code.');
  await expect(zip).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Payment' })).toHaveCount(0);
  await screenshot(page, info, 'out-of-area');
});

test('a material that needs acknowledgement: asked first, only the sizes that take it, at its price', async ({
  page,
}, info) => {
  await openBooking(page, bookUrl('company=e2e-materials'));
  await expect(page.getByText('Choose what you are throwing away first')).toBeVisible();
  await expect(page.getByRole('radio', { name: /Yard Dumpster/ })).toHaveCount(0);

  await page.getByRole('radio', { name: /Clean concrete/ }).check();
  await expect(page.getByRole('radio', { name: /Yard Dumpster/ })).toHaveCount(1);
  await expect(page.getByRole('radio', { name: /10 Yard Dumpster/ })).toHaveAccessibleName(/\$450\.00 for 7 days/);
  await fillDetails(page, { ...customer('concrete'), zip: '78745' });
  await continueToPayment(page);
  const ack = page.getByLabel(/I confirm the load will be only/);
  await expect(ack).toHaveAccessibleDescription('Please confirm the load contains only this material.');
  await screenshot(page, info, 'material-ack');

  await ack.check();
  await continueToPayment(page);
  await payWith(page, CARDS.success);
  await expect(page.getByRole('heading', { name: 'Your dumpster is booked' })).toBeVisible();
  const orderNumber = Number((await page.locator('.num').textContent())?.replace('#', ''));
  // $450 material price + $25 fee, 8.25% tax = $514.19; card fee 2.9% + $0.30.
  expect(await orderFromCli('e2e-materials', orderNumber)).toMatchObject({ total: 514.19, channel: 'link' });
});

test('preview=1 shows the real sizes and prices with ordering switched off', async ({ page }, info) => {
  await openBooking(page, bookUrl('company=demo&preview=1&size=10'));
  await expect(page.getByText('Preview: these are the real sizes and prices; ordering is switched off.')).toBeVisible();
  await expect(page.getByRole('radio', { name: /10 Yard Dumpster/ })).toHaveAccessibleName(/from \$295\.00/);
  await expect(page.getByTestId('gross-total')).toHaveText('$412.45');
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toHaveCount(0);
  const off = page.getByRole('button', { name: 'Ordering is off in preview' });
  await expect(off).toHaveAttribute('aria-disabled', 'true');
  // Still focusable and announced, but it does nothing (Playwright will not click a disabled button).
  await off.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Space');
  await expect(page.getByRole('heading', { name: 'Payment' })).toHaveCount(0);
  await screenshot(page, info, 'preview');
});

test('an unknown company gets a clear not-found page', async ({ page }) => {
  const response = await page.goto(bookUrl('company=no-such-company'));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'We could not find this booking page' })).toBeVisible();
});

test('the spec query parameters pre-fill the form and the answers survive a reload', async ({ page }) => {
  await openBooking(
    page,
    bookUrl('company=demo&size=30&zip=78701&promo=WELCOME10&address=5%20Main%20St&type=contractor'),
  );
  await expect(page.getByRole('radio', { name: /30 Yard Dumpster/ })).toBeChecked();
  await expect(page.getByLabel('ZIP code')).toHaveValue('78701');
  await expect(page.getByLabel('Street address')).toHaveValue('5 Main St');
  await expect(page.getByLabel('Promo code (optional)')).toHaveValue('WELCOME10');
  await expect(page.getByRole('radio', { name: 'Contractor or business' })).toBeChecked();
  await expect(page.getByText(/Promo applied: you save/)).toBeVisible();

  const date = await (async () => {
    const open = page.locator('button.day:not([aria-disabled="true"])').first();
    await open.click();
    return open.getAttribute('data-date');
  })();
  await page.getByLabel('Full name').fill('Sam Okafor');
  await page.getByLabel('Company name').fill('Okafor Builders');
  await page.getByLabel('Rental length').selectOption('14');
  await page.reload();
  await expect(page.getByRole('radio', { name: /30 Yard Dumpster/ })).toBeChecked();
  await expect(page.getByLabel('Rental length')).toHaveValue('14');
  await expect(page.locator(`button.day[data-date="${date}"]`)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Full name')).toHaveValue('Sam Okafor');
  await expect(page.getByLabel('Company name')).toHaveValue('Okafor Builders');
  // Personal details stay out of the address bar.
  expect(page.url()).not.toContain('Okafor');
});
