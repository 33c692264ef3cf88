import { expect, type Locator, type Page, test } from '@playwright/test';
import { bookUrl, expectAfterSave, openBooking, screenshot, seriousA11yViolations } from '../support/booking';
import { type ConsoleUser, createConsoleUser, signIn } from '../support/console';

/**
 * The settings' forms for what the config file had and the forms did not: a closed day (a blackout) saved
 * in the console is closed on the hosted booking page's calendar, a material's own price in a size is the
 * price /book shows with that material, and each refused value's sentence is next to its field and read
 * with it (aria-describedby). At 768 px wide, as a tablet.
 */
let demoOwner: ConsoleUser;
let materialsOwner: ConsoleUser;

test.beforeAll(async () => {
  demoOwner = await createConsoleUser({ role: 'owner' });
  materialsOwner = await createConsoleUser({ role: 'owner', slug: 'e2e-materials' });
});

/** A Wednesday at least 8 days away: inside the demo's 90 days, not its Sunday, not a holiday of its file. */
function aWednesday(): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 8);
  while (d.getUTCDay() !== 3) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The field's problem: shown under it, and the sentence its aria-describedby names. */
async function expectProblem(field: Locator, sentence: RegExp) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  const texts = await Promise.all(ids.map((id) => field.page().locator(`[id="${id}"]`).textContent()));
  expect(texts.join(' ')).toMatch(sentence);
}

/** Saves and waits for the API's answer (an earlier save's message may still be on screen). */
async function save(page: Page, saved: string) {
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/settings/'));
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await answered).status()).toBe(200);
  await expect(page.getByText(`${saved} saved`).first()).toBeVisible();
}

test('a blackout day added in Closed days is closed on the booking page; a missing reason is said at its field', async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  const date = aWednesday();
  const day = (p: Page) => p.locator(`button.day[data-date="${date}"]`);
  const booking = await page.context().newPage();
  await openBooking(booking, bookUrl(`company=demo&date=${date}`));
  await expect(day(booking)).not.toHaveAttribute('aria-disabled', 'true');

  await signIn(page, demoOwner.email, demoOwner.password, '/settings/closed-days');
  await expect(page.getByRole('heading', { name: 'Closed days' })).toBeVisible();
  await page.getByRole('button', { name: 'Add a closed day' }).click();
  // The new row is the last; its legend becomes its date once typed.
  const row = page.locator('fieldset.row-card').last();
  await expect(row.locator('legend')).toHaveText('New closed day');
  await row.getByLabel('Date').fill(date);
  await row.getByLabel('Kind').selectOption('blackout');
  await page.getByRole('button', { name: 'Save' }).click();
  // The reason is required: its sentence next to it, read with it, and the field focused.
  const reason = page.getByRole('group', { name: date }).getByLabel('Reason');
  await expectProblem(reason, /^Say why the day is closed, like Christmas Day\.$/);
  await expect(reason).toBeFocused();
  await screenshot(page, info, 'console-settings-closed-day-refused-tablet');

  await reason.fill('Yard inventory');
  await save(page, 'Closed days');
  await screenshot(page, info, 'console-settings-closed-day-saved-tablet');
  expect(await seriousA11yViolations(page)).toEqual([]);

  await expectAfterSave(booking, bookUrl(`company=demo&date=${date}`), () =>
    expect(day(booking)).toHaveAttribute('aria-disabled', 'true', { timeout: 1_000 }),
  );
  await screenshot(booking, info, 'console-settings-closed-day-on-book');

  // Put the demo back for the other specs.
  await page.getByRole('button', { name: `Remove ${date}` }).click();
  await save(page, 'Closed days');
  await expectAfterSave(booking, bookUrl(`company=demo&date=${date}`), () =>
    expect(day(booking)).not.toHaveAttribute('aria-disabled', 'true', { timeout: 1_000 }),
  );
  await booking.close();
});

test("a material's price in a size is the price /book shows with that material; a bad one is said at its field", async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await signIn(page, materialsOwner.email, materialsOwner.password, '/settings/materials');
  await expect(page.getByRole('heading', { name: 'Materials' })).toBeVisible();
  const concrete = page.getByTestId('material-concrete-sizes');
  await expect(concrete.getByLabel('Size', { exact: true })).toHaveValue('10yd');
  await expect(page.getByRole('group', { name: 'Clean concrete', exact: true }).getByLabel('Offered in')).toHaveValue(
    'listed',
  );
  const price = concrete.getByLabel('Price for 7 days ($)');
  await expect(price).toHaveValue('450');

  await price.fill('-5');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectProblem(price, /^Not below zero\.$/);
  await expect(price).toBeFocused();
  await screenshot(page, info, 'console-settings-material-price-refused-tablet');

  await price.fill('455');
  await save(page, 'Materials');
  await screenshot(page, info, 'console-settings-materials-tablet');
  expect(await seriousA11yViolations(page)).toEqual([]);

  const booking = await page.context().newPage();
  await expectAfterSave(booking, bookUrl('company=e2e-materials'), async () => {
    await booking.getByRole('radio', { name: /Clean concrete/ }).check();
    await expect(booking.getByRole('radio', { name: /10 Yard Dumpster/ })).toHaveAccessibleName(
      /\$455\.00 for 7 days/,
      { timeout: 1_000 },
    );
  });
  await screenshot(booking, info, 'console-settings-material-price-on-book');
  await booking.close();

  // Put the fixture's price back for rules.spec.ts.
  await concrete.getByLabel('Price for 7 days ($)').fill('450');
  await save(page, 'Materials');
});
