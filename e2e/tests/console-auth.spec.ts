import { expect, type Page, test } from '@playwright/test';
import { screenshot, seriousA11yViolations } from '../support/booking';
import {
  type ConsoleUser,
  consoleMailLink,
  consoleUrl,
  createConsoleUser,
  demoOwner,
  inviteToken,
  signIn,
  signOut,
} from '../support/console';

/**
 * The console's doors: signing in and out, a wrong password, an invitation accepted in the browser, the
 * keyboard alone, axe-core on the sign-in page and the signed-in shell at tablet and desktop widths.
 */
let owner: ConsoleUser;
let staff: ConsoleUser;

test.beforeAll(async () => {
  owner = await createConsoleUser({ role: 'owner', name: 'Olivia Owner' });
  staff = await createConsoleUser({ role: 'staff', name: 'Sam Staff' });
});

const shell = (page: Page) => page.getByRole('navigation', { name: 'Console' });

test('sign in, a wrong password is a sentence, sign out', async ({ page }, info) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // Signed out, a console page sends you to sign in and brings you back to it after.
  const violations: string[] = [];
  page.on('console', (m) => /Content Security Policy/.test(m.text()) && violations.push(m.text()));
  const response = await page.goto(consoleUrl('/account'));
  await expect(page).toHaveURL(/\/sign-in\?next=%2Faccount$/);
  // Only the console's own scripts run (a nonce per page) and no one frames it.
  expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await page.locator('form[data-ready]').waitFor();

  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const refusal = page.getByRole('main').getByRole('alert').filter({ hasText: /\w/ });
  await expect(refusal).toHaveText(/^[A-Z].*\.$/);
  // The same sentence for an e-mail with no account: sign-in never tells which.
  const wrongPassword = await refusal.textContent();
  await page.getByLabel('E-mail').fill('nobody-here@e2e.example');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(refusal).toHaveText(wrongPassword as string);
  await screenshot(page, info, 'console-sign-in-refused-desktop');

  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);
  await expect(shell(page).getByRole('link', { name: /Olivia Owner/ })).toBeVisible();
  await expect(page.getByText(owner.email)).toBeVisible();

  // The session cookie is the API's, set through the console's own origin: HttpOnly, not readable by scripts.
  const cookies = await page.context().cookies(consoleUrl('/'));
  expect(cookies.some((c) => c.httpOnly && /session/.test(c.name))).toBe(true);

  await signOut(page);
  await page.goto(consoleUrl('/account'));
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  expect(violations).toEqual([]);
});

test('a session that ends while a page is open: its next call goes to sign in, and back after', async ({ page }) => {
  await signIn(page, owner.email, owner.password, '/account');
  // Signed out elsewhere (another tab, an expiry): the cookies are gone.
  await page.context().clearCookies();
  // The navigation asks its counts again (every minute, on coming back to the tab, after an action).
  await page.evaluate(() => window.dispatchEvent(new Event('console:counts-changed')));
  await expect(page).toHaveURL(/\/sign-in\?next=%2Faccount$/);
  await page.locator('form[data-ready]').waitFor();
  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
});

test('the demo owner that npm start prints signs in', async ({ page }) => {
  const owner = demoOwner();
  expect(owner.email).toBe('owner@demo.example');
  await signIn(page, owner.email, owner.password, '/account');
  await expect(page.getByText('Demo Dumpsters').first()).toBeVisible();
  await expect(page.getByText('Owner', { exact: true })).toBeVisible();
});

test('the navigation: owners see Developers, staff do not', async ({ page }) => {
  await signIn(page, owner.email, owner.password, '/account');
  await expect(shell(page).getByRole('link', { name: 'Developers' })).toBeVisible();
  for (const area of ['Needs action', 'Dispatch', 'Leads', 'Customers', 'Estimates', 'Settings']) {
    await expect(shell(page).getByRole('link', { name: new RegExp(`^${area}`) })).toBeVisible();
  }
  await signOut(page);

  await signIn(page, staff.email, staff.password, '/account');
  await expect(shell(page).getByRole('link', { name: /Sam Staff/ })).toBeVisible();
  await expect(shell(page).getByRole('link', { name: 'Settings' })).toBeVisible();
  await expect(shell(page).getByRole('link', { name: 'Developers' })).toHaveCount(0);
  await expect(page.getByText('Office staff', { exact: true })).toBeVisible();
});

test('keyboard only: skip link, e-mail, password, Enter', async ({ page }) => {
  await page.goto(consoleUrl('/sign-in?next=%2Faccount'));
  await page.locator('form[data-ready]').waitFor();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('E-mail')).toBeFocused();
  await page.keyboard.type(owner.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  // A wrong password first: the refusal is read out and the fields keep their place.
  await page.keyboard.type('wrong password');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main').getByRole('alert').filter({ hasText: /\w/ })).toBeVisible();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(owner.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();

  // In the shell (a fresh load: focus starts at the top), the skip link jumps over the navigation.
  await page.reload();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
});

test('an invitation accepted in the browser signs the new user in', async ({ page }) => {
  const email = `invited-${Date.now()}@e2e.example`;
  const token = await inviteToken('demo', email, 'staff');
  await page.goto(consoleUrl(`/accept-invitation?token=${encodeURIComponent(token)}`));
  await expect(page.getByRole('heading', { name: /^Join / })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.locator('form[data-ready]').waitFor();
  await page.getByLabel('Your name').fill('Ivy Invited');
  await page.getByLabel('Password', { exact: true }).fill('a long enough password');
  await page.getByLabel('The password again').fill('a different password!');
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByLabel('The password again')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('The password again')).toBeFocused();
  await page.getByLabel('The password again').fill('a long enough password');
  await page.getByRole('button', { name: 'Join' }).click();
  // Accepting signs in: the console opens on its home, the dashboard.
  await expect(page).toHaveURL(consoleUrl('/'));
  await page.goto(consoleUrl('/account'));
  await expect(shell(page).getByRole('link', { name: /Ivy Invited/ })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  // A used invitation says so before anyone types.
  await page.goto(consoleUrl(`/accept-invitation?token=${encodeURIComponent(token)}`));
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(/^[A-Z].*\.$/);
  await expect(page.getByLabel('Your name')).toHaveCount(0);
});

test('a forgotten password: the e-mailed link, a new password, the old one refused', async ({ page }, info) => {
  const user = await createConsoleUser({ role: 'staff', name: 'Fay Forgetful' });
  await page.goto(consoleUrl('/sign-in'));
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.locator('form[data-ready]').waitFor();
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status')).toContainText(`If ${user.email} has an account`);

  // The link from the e-mail (the local outbox), opened in the browser.
  const link = new URL(await consoleMailLink('demo', user.email));
  expect(link.pathname).toBe('/reset-password');
  await page.goto(consoleUrl(`${link.pathname}${link.search}`));
  await page.locator('form[data-ready]').waitFor();
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('The new password again').fill('short');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  // The API's rule, next to its field.
  await expect(page.getByLabel('New password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('New password', { exact: true })).toBeFocused();
  await screenshot(page, info, 'console-reset-password-refused');
  await page.getByLabel('New password', { exact: true }).fill('a brand new passphrase');
  await page.getByLabel('The new password again').fill('a brand new passphrase');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page).toHaveURL(/\/sign-in\?reset=1$/);
  await expect(page.getByText('Your password is changed.')).toBeVisible();

  await page.locator('form[data-ready]').waitFor();
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(/^[A-Z].*\.$/);
  await signIn(page, user.email, 'a brand new passphrase', '/account');
  await expect(shell(page).getByRole('link', { name: /Fay Forgetful/ })).toBeVisible();

  // The link works once.
  await page.context().clearCookies();
  await page.goto(consoleUrl(`${link.pathname}${link.search}`));
  await page.locator('form[data-ready]').waitFor();
  await page.getByLabel('New password', { exact: true }).fill('yet another passphrase');
  await page.getByLabel('The new password again').fill('yet another passphrase');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(/^[A-Z].*\.$/);
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
});

test("the console's own origin forwards only the console API, and the API still checks who writes", async ({
  playwright,
}) => {
  const request = await playwright.request.newContext();
  const origin = consoleUrl('').replace(/\/$/, '');
  const signIn = (from: string) =>
    request.post(consoleUrl('/console/v1/session'), {
      headers: { origin: from },
      data: { email: owner.email, password: owner.password },
    });
  // Another site's page cannot sign anyone in through the console (login CSRF).
  const forged = await signIn('https://evil.example');
  expect(forged.status()).toBe(403);
  expect((await forged.json()).error.code).toBe('csrf_rejected');
  // From the console's origin: the session and CSRF cookies come back through it.
  const signedIn = await signIn(origin);
  expect(signedIn.status()).toBe(200);
  const cookies = signedIn.headersArray().filter((h) => h.name.toLowerCase() === 'set-cookie');
  expect(cookies.some((c) => /HttpOnly/i.test(c.value))).toBe(true);
  expect((await request.get(consoleUrl('/console/v1/me'))).status()).toBe(200);
  // A write without the CSRF header is refused even with the session cookie.
  const noCsrf = await request.delete(consoleUrl('/console/v1/session'), { headers: { origin } });
  expect((await noCsrf.json()).error.code).toBe('csrf_rejected');
  // Nothing but /console/v1 is reached through the console, however the path is spelled.
  const escaped = await request.get(consoleUrl('/console/v1/%2e%2e/%2e%2e/booking/v1/company'));
  expect(escaped.status()).toBe(404);
  await request.dispose();
});

test('sign-in sends a signed-in visitor only to a path of the console, whatever `next` says', async ({
  playwright,
}) => {
  const request = await playwright.request.newContext();
  const origin = consoleUrl('').replace(/\/$/, '');
  const signedIn = await request.post(consoleUrl('/console/v1/session'), {
    headers: { origin },
    data: { email: owner.email, password: owner.password },
  });
  expect(signedIn.status()).toBe(200);
  // [next as sent in the query (already encoded), where the console may send the visitor]
  const table: [string, string][] = [
    ['%2F%09%2Fexample.org', '/'], // a tab: browsers drop it, leaving //example.org
    ['%2F%0A%2Fexample.org', '/'], // a newline (was a 500)
    ['%2F%0D%2Fexample.org', '/'], // a carriage return (was a 500)
    ['%2F%5C%2Fexample.org', '/'], // /\/example.org
    ['%5C%5Cexample.org', '/'],
    ['%2F%2Fexample.org', '/'],
    ['%2F%5Cexample.org', '/'],
    ['https%3A%2F%2Fexample.org', '/'],
    ['%2F.%2F..%2F%2Fexample.org', '/'],
    ['%2F%252F%252Fexample.org', '/%2F%2Fexample.org'], // encoded twice: a path here, never a host
    ['%2Fleads%3Fstatus%3Dnew', '/leads?status=new'],
  ];
  for (const [next, expected] of table) {
    const res = await request.get(consoleUrl(`/sign-in?next=${next}`), { maxRedirects: 0 });
    expect([res.status(), next]).toEqual([307, next]);
    const location = new URL(res.headers().location as string, origin);
    expect([location.origin, `${location.pathname}${location.search}`]).toEqual([origin, expected]);
  }
  await request.dispose();
});

for (const [name, viewport] of [
  ['tablet', { width: 768, height: 1024 }],
  ['desktop', { width: 1280, height: 900 }],
] as const) {
  test(`${name}: axe-core finds no serious violation on the sign-in page and the shell`, async ({ page }, info) => {
    await page.setViewportSize(viewport);
    await page.goto(consoleUrl('/sign-in'));
    await page.locator('form[data-ready]').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, info, `console-sign-in-${name}`);

    // With the refusal shown.
    await page.getByLabel('E-mail').fill(owner.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('main').getByRole('alert').filter({ hasText: /\w/ })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await signIn(page, owner.email, owner.password, '/account');
    expect(await seriousA11yViolations(page)).toEqual([]);
    const sideScroll = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(sideScroll).toBe(false);
    await screenshot(page, info, `console-shell-${name}`);
  });
}
