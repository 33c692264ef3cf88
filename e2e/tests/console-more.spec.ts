import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import {
  CARDS,
  continueToPayment,
  env,
  junkUrl,
  openBooking,
  payWith,
  screenshot,
  seriousA11yViolations,
} from '../support/booking';
import { createConsoleUser, signIn } from '../support/console';
import { dayWithWindow, expectJobNumber, fillJunkDetails, junkCustomer, pickDay, windowRadio } from '../support/junk';
import { repoRoot, svc } from '../support/platform';

/**
 * Three console screens in Chromium as an owner: Developers → Keys (a publishable key with its domain, server
 * keys shown once and at most two active, a revoke), Developers → Data API (asked for, approved by the
 * platform, a key shown once) and a junk job's page (approved, moved, the approval on its timeline).
 */

type ListedKey = { id: string; kind: string; key: string; status: string };

/** The company's keys as the page reads them (GET, same origin). */
async function listedKeys(page: Page): Promise<ListedKey[]> {
  return page.evaluate(async () => {
    const res = await fetch('/console/v1/keys', { credentials: 'same-origin' });
    return ((await res.json()) as { data: { keys: ListedKey[] } }).data.keys;
  });
}

const lastFour = (secret: string) => secret.slice(-4);

async function revokeRow(page: Page, row: ReturnType<Page['getByRole']>) {
  await row.getByRole('button', { name: /^Revoke key / }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke this key?' });
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('button', { name: /^Revoke key / })).toHaveCount(0);
}

test('Keys: a publishable key with its domain, server keys shown once, a third refused, revoked', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const owner = await createConsoleUser({ role: 'owner', name: 'Kim Keys' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, owner.email, owner.password, '/developers/keys');
  await expect(page.getByRole('heading', { name: 'Keys', exact: true })).toBeVisible();
  await page.locator('form[data-ready]').waitFor();
  const table = page.getByRole('table', { name: 'Publishable and server keys' });
  const made: string[] = [];
  try {
    // A publishable key for one domain: in the list with that domain.
    const domain = `shop-${Date.now()}.example.com`;
    await page.getByLabel('Allowed domains').fill(domain);
    await page.getByLabel('Label').fill('E2E site');
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Publishable key created' })).toBeVisible();
    const publishable = (
      await page.getByRole('status').filter({ hasText: 'Publishable key created' }).locator('code').textContent()
    )?.trim() as string;
    const pubRow = table.getByRole('row').filter({ hasText: domain });
    await expect(pubRow).toContainText('Publishable');
    await expect(pubRow).toContainText(`Serves: ${domain}`);
    made.push(publishable);
    // Its domain has no other key: revoking it is warned about (and canceled here).
    await pubRow.getByRole('button', { name: /^Revoke key / }).click();
    const asked = page.getByRole('dialog', { name: 'Revoke this key?' });
    await expect(asked.getByText(`This is the only key that allows ${domain}`)).toBeVisible();
    await screenshot(page, info, 'more-keys-revoke-warning', false);
    await asked.getByRole('button', { name: 'Cancel' }).click();
    await expect(asked).toBeHidden();

    // Server keys up to the limit of two active: each secret shown once, then gone from the page.
    const activeServer = (await listedKeys(page)).filter((k) => k.kind === 'server' && k.status === 'active');
    expect(activeServer.length).toBeLessThanOrEqual(2);
    const serverSecrets: string[] = [];
    for (let i = activeServer.length; i < 2; i++) {
      await page.getByRole('radio', { name: /^Server/ }).check();
      await page.getByLabel('Label').fill(`E2E server ${i}`);
      await page.getByRole('button', { name: 'Create key' }).click();
      await expect(page.getByTestId('secret-value')).toHaveText(/^svc_/);
      const secret = (await page.getByTestId('secret-value').textContent())?.trim() as string;
      serverSecrets.push(secret);
      if (i === 1) await screenshot(page, info, 'more-keys-secret-once');
      await page.getByRole('button', { name: 'I have copied it' }).click();
      await expect(page.getByTestId('secret-value')).toHaveCount(0);
      await expect(page.getByText(secret)).toHaveCount(0);
      await page.locator('form[data-ready]').waitFor();
    }
    // The ids of the server keys this test made: the active ones that were not active before.
    const mine = (await listedKeys(page)).filter(
      (k) => k.kind === 'server' && k.status === 'active' && !activeServer.some((a) => a.id === k.id),
    );
    expect(mine).toHaveLength(serverSecrets.length);
    made.push(...mine.map((k) => k.key));

    // A third active server key: the API's sentence, under the kind.
    await page.getByRole('radio', { name: /^Server/ }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByText('A company has at most 2 active server keys: revoke one first.')).toBeVisible();
    await expect(page.getByTestId('secret-value')).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, info, 'more-keys-third-refused');
  } finally {
    // Every key this test made is revoked: the demo company keeps the keys it had.
    await page.goto(page.url());
    await expect(table).toBeVisible();
    const active = (await listedKeys(page)).filter((k) => made.includes(k.key) && k.status === 'active');
    for (const { key } of active) {
      const row = table.getByRole('row').filter({ has: page.getByRole('button', { name: `Revoke key ${key}` }) });
      await expect(row).toBeVisible();
      await revokeRow(page, row);
      await expect(row).toHaveCount(0);
    }
  }
  const still = (await listedKeys(page)).filter((k) => made.includes(k.key) && k.status === 'active');
  expect(still).toEqual([]);
  await screenshot(page, info, 'more-keys-revoked');
});

test('Data API: asked for, approved with the CLI, a key shown once and then only its ends', async ({ page }, info) => {
  test.setTimeout(120_000);
  const slug = 'e2e-more-data';
  const demo = JSON.parse(readFileSync(path.join(repoRoot, 'apps/api/config/demo-company.json'), 'utf8'));
  const config = path.join(env().dataDir, 'more-data-company.json');
  writeFileSync(config, JSON.stringify({ ...demo, slug, name: 'More Data Dumpsters' }));
  await svc(env().dataDir, 'company', 'apply', config);
  const owner = await createConsoleUser({ slug, role: 'owner', name: 'Dana Data' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, owner.email, owner.password, '/developers/data-api');
  await expect(page.getByRole('heading', { name: 'Data API' })).toBeVisible();
  await expect(page.getByTestId('data-api-state')).toHaveText('Your company has not asked for the Data API yet.');
  await page.locator('form[data-ready]').waitFor();
  await page.getByLabel('What will you use it for?').fill('Leads from our website form into the console');
  await page.getByRole('button', { name: 'Ask for access' }).click();
  await expect(page.getByTestId('data-api-state')).toHaveText('Your request is with us: we answer by e-mail.');
  await expect(page.getByRole('button', { name: 'Update the request' })).toBeVisible();
  await screenshot(page, info, 'more-data-api-requested');

  await svc(env().dataDir, 'data-api', 'approve', slug);
  await page.reload();
  await expect(page.getByTestId('data-api-state')).toHaveText('Your company can use the Data API.');
  await page.getByRole('button', { name: 'Create a Data API key' }).click();
  await expect(page.getByTestId('secret-value')).toHaveText(/^svc_live_/);
  const secret = (await page.getByTestId('secret-value').textContent())?.trim() as string;
  await screenshot(page, info, 'more-data-api-key-once');
  await page.getByRole('button', { name: 'I have copied it' }).click();
  await expect(page.getByTestId('secret-value')).toHaveCount(0);
  const row = page.getByRole('table', { name: 'Data API keys' }).getByRole('row').filter({ hasText: 'Data API' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(lastFour(secret));
  await expect(page.getByText(secret)).toHaveCount(0);
  await page.reload();
  await expect(row).toContainText(lastFour(secret));
  await expect(page.getByText(secret)).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'more-data-api-key-listed');
});

test('a held junk job: opened from Needs action, approved on its page, moved to scheduled, on its timeline', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const tag = `more-job-${Date.now()}`;
  const date = await dayWithWindow('demo', '10:00');
  await openBooking(page, junkUrl('demo'));
  await pickDay(page, date);
  await windowRadio(page, '10:00 AM – 12:00 PM').check();
  await fillJunkDetails(page, junkCustomer(tag));
  await continueToPayment(page);
  await payWith(page, CARDS.elevatedRisk);
  await expect(page.getByRole('heading', { name: 'Booking received, under review' })).toBeVisible();
  const number = await expectJobNumber(page);

  const owner = await createConsoleUser({ role: 'owner', name: 'Jay Jobs' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, owner.email, owner.password, '/needs-action');
  await expect(page.getByRole('heading', { name: 'Needs action' })).toBeVisible();
  await page.getByRole('link', { name: `Job #${number}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/jobs/${number}$`));
  await expect(page.getByRole('heading', { name: new RegExp(`^Job #${number}`) })).toContainText('Held for review');
  await expect(page.getByRole('main')).toContainText(junkCustomer(tag).name);

  await page.getByRole('button', { name: `Approve Job #${number}` }).click();
  const dialog = page.getByRole('dialog', { name: `Approve Job #${number}?` });
  await dialog.getByRole('button', { name: 'Approve and charge' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(new RegExp(`^Job #${number} approved: `))).toBeVisible();
  const heading = page.getByRole('heading', { name: new RegExp(`^Job #${number}`) });
  await expect(heading).not.toContainText('Held for review');
  const timeline = page.getByRole('heading', { name: 'Timeline' }).locator('xpath=..').locator('ol');
  await expect(timeline).toContainText('job.approved');

  const move = page.getByLabel(`Move Job #${number} to`);
  await move.selectOption('scheduled');
  await page.getByRole('button', { name: `Move Job #${number}` }).click();
  await expect(page.getByText(`Job #${number} moved to scheduled.`)).toBeVisible();
  await expect(heading).toContainText(/scheduled/i);
  await expect(move.locator('option', { hasText: 'scheduled' })).toHaveCount(0);
  await page.reload();
  await expect(heading).toContainText(/scheduled/i);
  await expect(timeline).toContainText('job.approved');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'more-job-approved-scheduled');
});
