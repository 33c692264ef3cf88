import { expect, type Page, test } from '@playwright/test';
import { screenshot, seriousA11yViolations } from '../support/booking';
import { type ConsoleUser, consoleMailLink, consoleUrl, createConsoleUser, signIn, signOut } from '../support/console';

/**
 * The Team page (owners): an owner invites a staff member by e-mail; the invitee opens the e-mailed link,
 * accepts, signs in and has no Developers or Team; an open invitation withdrawn stops working.
 */
let owner: ConsoleUser;

test.beforeAll(async () => {
  owner = await createConsoleUser({ role: 'owner', name: 'Tess Teamlead' });
});

const shell = (page: Page) => page.getByRole('navigation', { name: 'Console' });

async function invite(page: Page, email: string, role: 'staff' | 'owner') {
  await page.locator('form[data-ready][aria-label="Invite someone"]').waitFor();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Role').selectOption(role);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'We e-mailed an invitation to' })).toHaveText(
    `We e-mailed an invitation to ${email}. The link works for 7 days.`,
  );
  await expect(page.getByLabel('E-mail')).toHaveValue('');
}

test('an owner invites staff from Team; the invitee accepts the e-mailed link and has no Developers', async ({
  page,
}, info) => {
  const email = `team-staff-${Date.now()}@e2e.example`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, owner.email, owner.password, '/account');
  await shell(page).getByRole('link', { name: 'Team', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: owner.email }),
  ).toContainText('Owner');

  await invite(page, email, 'staff');
  const waiting = page.getByRole('table', { name: 'Invitations waiting' }).getByRole('row').filter({ hasText: email });
  await expect(waiting).toContainText('Office staff');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'console-team-invited');
  await signOut(page);

  // The link from the e-mail (the company's outbox), opened in the browser.
  const link = new URL(await consoleMailLink('demo', email));
  expect(link.pathname).toBe('/accept-invitation');
  await page.goto(consoleUrl(`${link.pathname}${link.search}`));
  await expect(page.getByText(email)).toBeVisible();
  await page.locator('form[data-ready]').waitFor();
  await page.getByLabel('Your name').fill('Nina Newhire');
  await page.getByLabel('Password', { exact: true }).fill('a long enough password');
  await page.getByLabel('The password again').fill('a long enough password');
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page).toHaveURL(consoleUrl('/'));
  await signOut(page);

  await signIn(page, email, 'a long enough password', '/account');
  await expect(shell(page).getByRole('link', { name: /Nina Newhire/ })).toBeVisible();
  await expect(shell(page).getByRole('link', { name: 'Settings' })).toBeVisible();
  await expect(shell(page).getByRole('link', { name: 'Developers' })).toHaveCount(0);
  await expect(shell(page).getByRole('link', { name: 'Team', exact: true })).toHaveCount(0);
  await screenshot(page, info, 'console-team-invitee-staff');
  // The address typed by hand: the API refuses staff, and the page says its sentence.
  await page.goto(consoleUrl('/team'));
  await expect(page.getByTestId('page-error')).toContainText('Only an owner');
  await signOut(page);

  // The owner sees the new member, and the invitation gone from the waiting list.
  await signIn(page, owner.email, owner.password, '/team');
  await expect(page.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: email })).toContainText(
    'Nina Newhire',
  );
  await expect(
    page.getByRole('table', { name: 'Invitations waiting' }).getByRole('row').filter({ hasText: email }),
  ).toHaveCount(0);
});

test('an open invitation withdrawn from Team: its link stops working', async ({ page }) => {
  const email = `team-withdrawn-${Date.now()}@e2e.example`;
  await signIn(page, owner.email, owner.password, '/team');
  await invite(page, email, 'owner');
  const row = page.getByRole('table', { name: 'Invitations waiting' }).getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Owner');
  await row.getByRole('button', { name: `Withdraw the invitation to ${email}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw this invitation?' });
  await dialog.getByRole('button', { name: 'Withdraw' }).dblclick();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);

  const link = new URL(await consoleMailLink('demo', email));
  await page.goto(consoleUrl(`${link.pathname}${link.search}`));
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(/not valid any more/);
  await expect(page.getByLabel('Your name')).toHaveCount(0);
});

test("an owner makes staff an owner and back, then removes them: the removed member's next page is the sign-in", async ({
  browser,
  page,
}, info) => {
  const member = await createConsoleUser({ role: 'staff', name: `Rory Removed ${Date.now()}` });
  // The member, signed in in a browser of their own.
  const theirs = await browser.newContext();
  const theirPage = await theirs.newPage();
  await signIn(theirPage, member.email, member.password);
  await expect(shell(theirPage).getByRole('link', { name: 'Team' })).toHaveCount(0);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, owner.email, owner.password, '/team');
  const row = page.getByRole('row').filter({ hasText: member.email });
  await expect(row).toContainText('Office staff');
  // The owner's own row offers nothing to do to themselves.
  await expect(page.getByRole('row').filter({ hasText: owner.email })).toContainText('You');
  await expect(page.getByRole('row').filter({ hasText: owner.email }).getByRole('button')).toHaveCount(0);

  await row.getByRole('button', { name: `Make owner: ${member.name}` }).click();
  const promote = page.getByRole('dialog', { name: `Make ${member.name} an owner?` });
  await promote.getByRole('button', { name: 'Change role' }).click();
  await expect(promote).toBeHidden();
  await expect(page.getByText(`${member.name} is now an owner.`)).toBeVisible();
  await expect(row).toContainText('Owner');
  // Their next page has what owners have.
  await theirPage.reload();
  await expect(shell(theirPage).getByRole('link', { name: 'Team' })).toBeVisible();

  await row.getByRole('button', { name: `Make staff: ${member.name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Change role' }).click();
  await expect(row).toContainText('Office staff');

  await row.getByRole('button', { name: `Remove ${member.name}` }).click();
  const remove = page.getByRole('dialog', { name: `Remove ${member.name}?` });
  await expect(remove).toContainText('is signed out at once');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'console-team-remove-dialog', false);
  await remove.getByRole('button', { name: 'Remove' }).click();
  await expect(remove).toBeHidden();
  await expect(page.getByText(`${member.name} was removed from the team.`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: member.email })).toHaveCount(0);
  await screenshot(page, info, 'console-team-removed');

  // The removed member's next navigation lands on the sign-in page, and their password no longer works.
  await theirPage.goto(consoleUrl('/leads'));
  await expect(theirPage).toHaveURL(/\/sign-in/);
  await theirPage.locator('form[data-ready]').waitFor();
  await theirPage.getByLabel('E-mail').fill(member.email);
  await theirPage.getByLabel('Password').fill(member.password);
  await theirPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(theirPage.getByRole('main').getByRole('alert').filter({ hasText: /\w/ })).toContainText(
    /e-mail or password/i,
  );
  await expect(theirPage).toHaveURL(/\/sign-in/);
  await theirs.close();
});
