import { expect, test } from '@playwright/test';
import {
  arrowToDay,
  CARDS,
  continueToPayment,
  finishByKeyboard,
  junkUrl,
  openBooking,
  payWith,
  screenshot,
  seriousA11yViolations,
} from '../support/booking';
import { dayWithWindow, fillJunkDetails, junkCustomer, pickDay, windowRadio } from '../support/junk';

test.describe('the junk page at 360 px wide', () => {
  test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

  test('fits the screen, and axe-core finds no serious violation at any step', async ({ page }, info) => {
    const noSideScroll = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
    const date = await dayWithWindow('demo', '10:00');
    await openBooking(page, junkUrl('demo'));
    await expect(page.getByTestId('gross-total')).toHaveText(/\$\d/);
    expect(await noSideScroll()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, info, 'junk-360-form');

    await continueToPayment(page);
    await expect(page.getByLabel('Street address')).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, info, 'junk-360-errors');

    await pickDay(page, date);
    await windowRadio(page, '10:00 AM – 12:00 PM').check();
    await fillJunkDetails(page, junkCustomer('mobile'));
    await continueToPayment(page);
    await expect(page.getByLabel('Card number')).toBeVisible();
    expect(await noSideScroll()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, info, 'junk-360-payment');

    await payWith(page, CARDS.success);
    await expect(page.getByRole('heading', { name: 'Your junk removal is booked' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Choose photos' })).toBeVisible();
    expect(await noSideScroll()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, info, 'junk-360-confirmed');
  });
});

test('keyboard only: a junk booking from the load to the photo button, with errors read out', async ({ page }) => {
  const date = await dayWithWindow('demo', '13:00');
  await openBooking(page, junkUrl('demo'));
  // The load cards are one radio group: arrow keys move the choice.
  await page.getByRole('radio', { name: /1\/4 truck/ }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: /1\/2 truck/ })).toBeChecked();
  await expect(page.getByTestId('gross-total')).toHaveText('$441.74');

  // Submitting empty moves focus to the first field in error: the calendar.
  await page.getByRole('button', { name: 'Continue to payment' }).focus();
  await page.keyboard.press('Enter');
  const day = page.locator('button.day[tabindex="0"]');
  await expect(day).toBeFocused();
  await arrowToDay(page, (d) => d.date === date);
  await page.keyboard.press('Enter');
  await expect(page.locator(`button.day[data-date="${date}"]`)).toHaveAttribute('aria-pressed', 'true');
  // Tab reaches the day's windows (the first with a seat); arrow keys pick one.
  await page.keyboard.press('Tab');
  await expect(page.locator('input[type=radio][name$="-window"]:not([disabled])').first()).toBeFocused();
  for (let i = 0; i < 4; i++) {
    if (await windowRadio(page, '1:00 PM – 3:00 PM').isChecked()) break;
    await page.keyboard.press('ArrowRight');
  }
  await expect(windowRadio(page, '1:00 PM – 3:00 PM')).toBeChecked();
  const c = junkCustomer('keyboard');
  await finishByKeyboard(page, c);
  await expect(page.getByRole('heading', { name: 'Your junk removal is booked' })).toBeFocused();
  // The photo button is the next stop after the heading's text.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Choose photos' })).toBeFocused();
});

test('an out-of-area ZIP is said next to the field when it is left, before any payment', async ({ page }) => {
  await openBooking(page, junkUrl('demo'));
  await page.getByLabel('ZIP code').fill('90210');
  await page.getByLabel('Full name').focus();
  await expect(page.getByText('Sorry, Demo Dumpsters does not pick up in this ZIP code.')).toBeVisible();
  await expect(page.getByLabel('ZIP code')).toHaveAttribute('aria-invalid', 'true');
});

test('a promo code from the link that does not apply is said from the first paint, next to its field', async ({
  page,
}) => {
  await openBooking(page, junkUrl('demo', 'promo=NOPE&load=full'));
  await expect(page.getByTestId('gross-total')).toHaveText('$771.02');
  await expect(page.getByLabel('Promo code (optional)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/Remove it or try another code\./)).toBeVisible();
});
