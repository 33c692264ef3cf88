import { expect, test } from '@playwright/test';
import {
  arrowToDay,
  bookUrl,
  CARDS,
  continueToPayment,
  customer,
  fillDetails,
  finishByKeyboard,
  openBooking,
  payWith,
  screenshot,
  seriousA11yViolations,
} from '../support/booking';

test.describe('at 360 px wide', () => {
  test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

  test('the whole flow fits the screen and axe-core finds no serious violation at any step', async ({ page }, info) => {
    const noSideScroll = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

    await openBooking(page, bookUrl('company=demo'));
    await expect(page.getByTestId('gross-total')).toHaveText(/\$\d/);
    expect(await noSideScroll()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, info, 'mobile-360-form');

    // Errors shown and announced: still no violation, still no sideways scroll.
    await continueToPayment(page);
    await expect(page.getByLabel('Street address')).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, info, 'mobile-360-errors');

    await fillDetails(page, customer('mobile'));
    await continueToPayment(page);
    await expect(page.getByLabel('Card number')).toBeVisible();
    expect(await noSideScroll()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, info, 'mobile-360-payment');

    await payWith(page, CARDS.success);
    await expect(page.getByRole('heading', { name: 'Your dumpster is booked' })).toBeFocused();
    expect(await noSideScroll()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, info, 'mobile-360-confirmed');
  });
});

test('desktop: the price panel stays in place while prices update (no layout shift)', async ({ page }, info) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openBooking(page, bookUrl('company=demo&size=10'));
  await expect(page.getByTestId('gross-total')).toHaveText('$412.45');
  await page.evaluate(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        w.__shift += entry.value;
      }
    }).observe({ type: 'layout-shift' });
  });
  const panel = page.getByRole('region', { name: 'Your price' });
  const size = async () => {
    const box = await panel.boundingBox();
    return box && { width: box.width, height: box.height };
  };
  const before = await size();
  await page.getByRole('radio', { name: /30 Yard Dumpster/ }).check();
  await expect(page.getByTestId('gross-total')).not.toHaveText('$412.45');
  await page.getByLabel('Promo code (optional)').fill('SAVE25');
  await expect(page.getByText(/Promo applied/)).toBeVisible();
  expect(await size()).toEqual(before);
  expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.01);
  await screenshot(page, info, 'desktop-form');
});

test('keyboard only: a booking from the first Tab to the confirmation, with errors read out', async ({ page }) => {
  await openBooking(page, bookUrl('company=demo&size=10'));
  await expect(page.getByTestId('gross-total')).toHaveText('$412.45');
  // Submitting empty moves focus to the first field in error, whose error is its description.
  await page.getByRole('button', { name: 'Continue to payment' }).focus();
  await page.keyboard.press('Enter');
  const day = page.locator('button.day[tabindex="0"]');
  await expect(day).toBeFocused();
  // Arrow keys walk the calendar; Enter picks an open day.
  await arrowToDay(page, (d) => !d.closed, 14);
  await page.keyboard.press('Enter');
  await expect(page.locator('button.day[aria-pressed="true"]')).toHaveCount(1);
  const c = customer('keyboard');
  await finishByKeyboard(page, c);
  await expect(page.getByRole('heading', { name: 'Your dumpster is booked' })).toBeFocused();
});
