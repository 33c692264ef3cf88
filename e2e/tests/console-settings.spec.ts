import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { bookUrl, expectAfterSave, screenshot, seriousA11yViolations } from '../support/booking';
import { type ConsoleUser, consoleUrl, createConsoleUser, signIn } from '../support/console';

/**
 * Settings and Developers in the console: a price changed in the form is on the hosted booking page, a
 * problem is shown under its field, a webhook endpoint's failed delivery is resent once the receiver
 * answers, and staff who open Developers read the API's refusal.
 */
let owner: ConsoleUser;
let staff: ConsoleUser;

test.beforeAll(async () => {
  owner = await createConsoleUser({ role: 'owner', name: 'Olivia Owner' });
  staff = await createConsoleUser({ role: 'staff', name: 'Sam Staff' });
});

const threeDayPrice = (page: Page) => page.getByTestId('size-10yd').getByLabel('Price for 3 days ($)');

/** Saves the sizes form and waits for the API's answer (an earlier save's notice may still be shown). */
async function saveSizes(page: Page) {
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/console/v1/settings/sizes') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Sizes and prices saved').last()).toBeVisible();
}

test("a size's price saved in Settings is on the booking page; a bad one is shown under its field", async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 1280, height: 1000 });
  await signIn(page, owner.email, owner.password, '/settings/sizes');
  await expect(page.getByRole('heading', { name: 'Sizes and prices' })).toBeVisible();
  const before = await threeDayPrice(page).inputValue();

  // A price with a fraction of a cent: the API's sentence under that very field, focused.
  await threeDayPrice(page).fill('287.555');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(threeDayPrice(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(threeDayPrice(page)).toBeFocused();
  await expect(page.getByTestId('size-10yd').locator('.error').first()).toHaveText(/\w.*\.$/);
  await screenshot(page, info, 'console-settings-price-refused-desktop');

  await threeDayPrice(page).fill('287.50');
  await saveSizes(page);
  await screenshot(page, info, 'console-settings-sizes-desktop');

  // The preview link opens the hosted page as a preview; the live page shows the new price.
  await expect(page.getByTestId('preview-link')).toHaveAttribute('href', /\/book\?company=demo&preview=1$/);
  const booking = await page.context().newPage();
  await expectAfterSave(booking, bookUrl('company=demo'), () =>
    expect(booking.getByText('from $287.50')).toBeVisible({ timeout: 1_000 }),
  );
  await screenshot(booking, info, 'console-settings-price-on-book');
  await booking.close();

  // Put the demo's price back for the other specs.
  await threeDayPrice(page).fill(before);
  await saveSizes(page);
  expect(await seriousA11yViolations(page)).toEqual([]);
});

/** A webhook receiver on loopback that answers what the test says (500 first). */
function receiver() {
  let status = 500;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(status).end());
  });
  return {
    answer: (s: number) => {
      status = s;
    },
    start: () =>
      new Promise<string>((r) =>
        server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`)),
      ),
    stop: () => new Promise((r) => server.close(r)),
  };
}

test('an endpoint: the secret once, a failed test event in the log, resent once the receiver answers', async ({
  page,
}, info) => {
  const hook = receiver();
  const url = await hook.start();
  try {
    await page.setViewportSize({ width: 1280, height: 1000 });
    await signIn(page, owner.email, owner.password, '/developers/webhooks');
    await page.locator('form[data-ready]').waitFor();
    await page.getByLabel('Address').fill(url);
    await page.getByRole('checkbox', { name: 'booking.completed' }).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = page.getByTestId('secret-value');
    await expect(secret).toHaveText(/^svc_wh_/);
    await screenshot(page, info, 'console-webhook-secret-once');
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await expect(secret).toHaveCount(0);
    // Listed without its secret; a reload shows it nowhere.
    await page.reload();
    await expect(page.getByRole('link', { name: url })).toBeVisible();
    await expect(page.getByText(/svc_wh_/)).toHaveCount(0);

    await page.getByRole('link', { name: url }).click();
    await expect(page.getByRole('heading', { name: url })).toBeVisible();
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByText(/it failed \(500 in \d+ ms\)/)).toBeVisible();
    const row = page.getByRole('row', { name: /booking\.completed \(test\)/ });
    await expect(row.getByText('Failed')).toBeVisible();
    await expect(row.getByText(/^500 in \d+ ms$/)).toBeVisible();
    await screenshot(page, info, 'console-webhook-delivery-failed');

    hook.answer(200);
    await row.getByRole('button', { name: /^Resend/ }).click();
    await expect(row.getByText('Delivered', { exact: true })).toBeVisible();
    await expect(row.getByText(/^200 in \d+ ms$/)).toBeVisible();
    await row.getByText('2', { exact: true }).click(); // the attempts, opened
    await expect(row.getByRole('listitem')).toHaveCount(2);
    await screenshot(page, info, 'console-webhook-delivery-resent');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Remove endpoint' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(page).toHaveURL(/\/developers\/webhooks$/);
  } finally {
    await hook.stop();
  }
});

test('staff: no Developers in the navigation, and the server refuses the page with a sentence', async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, staff.email, staff.password, '/settings/rules');
  await expect(page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Developers' })).toHaveCount(
    0,
  );
  // Staff edit the booking rules, but card fees are for owners.
  await expect(page.getByRole('heading', { name: 'Booking rules' })).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'Settings sections' });
  await expect(tabs.getByRole('link', { name: 'Booking rules' })).toHaveAttribute('aria-current', 'page');
  await page.goto(consoleUrl('/settings/card-fees'));
  await expect(page.getByText('Card fee handling is for owners')).toBeVisible();
  await page.goto(consoleUrl('/developers/keys'));
  await expect(page.getByTestId('page-error')).toHaveText(/^Only an owner of the company can do this.*\.$/);
  await screenshot(page, info, 'console-developers-staff-refused-tablet');
});
