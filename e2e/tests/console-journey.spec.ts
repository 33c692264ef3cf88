import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { verifyWebhook } from '@svc/sdk';
import {
  bookUrl,
  CARDS,
  continueToPayment,
  customer,
  env,
  expectAfterSave,
  fillDetails,
  junkUrl,
  openBooking,
  orderFromCli,
  payWith,
  screenshot,
} from '../support/booking';
import {
  consoleCall,
  consoleMailLink,
  consoleUrl,
  createConsoleUser,
  inviteToken,
  signIn,
  signOut,
} from '../support/console';
import { dayWithWindow, expectJobNumber, fillJunkDetails, junkCustomer, pickDay, windowRadio } from '../support/junk';
import { repoRoot, svc } from '../support/platform';

/**
 * The first "Done when", in Chromium as a company's people would do it: a new owner invited with
 * `svc users invite` joins through the e-mailed link, adds a Booking API endpoint and keeps its secret,
 * approves a held order from Needs action (its booking.released reaches the endpoint, signed, and is in the
 * endpoint's log), changes a price that the booking page then shows, and moves a new lead to contacted.
 * Then the walls: another company's records are not found, and staff are refused what is for owners.
 */

/** A Booking API receiver on loopback: every request's raw body and signature header, answered 200. */
function receiver() {
  const got: { raw: string; signature: string }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({
        raw: Buffer.concat(chunks).toString('utf8'),
        signature: String(req.headers['x-svc-signature'] ?? ''),
      });
      res.writeHead(200).end();
    });
  });
  return {
    got,
    start: () =>
      new Promise<string>((r) =>
        server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}/journey`)),
      ),
    stop: () => new Promise((r) => server.close(r)),
  };
}

/** A Data API key of a company (access asked for, approved by the platform). */
async function dataKey(slug: string): Promise<string> {
  const dir = env().dataDir;
  await svc(dir, 'data-api', 'request', slug, '--use', 'Leads from our website form').catch(() => undefined);
  await svc(dir, 'data-api', 'approve', slug);
  return (await svc(dir, 'data-api', 'keys', 'create', slug)).key;
}

async function pushLead(key: string, name: string): Promise<string> {
  const res = await fetch(`${env().api}/data/v1/leads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, phone: `+1 512 555 ${String(Date.now()).slice(-4)}`, note: 'Wants a 20 yard' }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

async function bookHeld(page: Page, tag: string): Promise<number> {
  await openBooking(page, bookUrl('company=demo&size=10'));
  await fillDetails(page, customer(tag));
  await continueToPayment(page);
  await payWith(page, CARDS.elevatedRisk);
  await expect(page.getByRole('heading', { name: 'Order received, under review' })).toBeVisible();
  return Number((await page.locator('.num').textContent())?.replace('#', ''));
}

const threeDayPrice = (page: Page) => page.getByTestId('size-10yd').getByLabel('Price for 3 days ($)');

test('a new owner: joins, adds an endpoint, approves a held order, changes a price, moves a lead', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const hook = receiver();
  const hookUrl = await hook.start();
  const key = await dataKey('demo');
  try {
    // 1. Invited as an owner with the operator's CLI; the e-mailed link opens the join page.
    const email = `journey-${Date.now()}@e2e.example`;
    const password = 'journey password long enough';
    await inviteToken('demo', email, 'owner');
    const link = new URL(await consoleMailLink('demo', email));
    await page.goto(consoleUrl(`${link.pathname}${link.search}`));
    await expect(page.getByRole('heading', { name: /^Join / })).toBeVisible();
    await page.locator('form[data-ready]').waitFor();
    await page.getByLabel('Your name').fill('Jo Journey');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('The password again').fill(password);
    await screenshot(page, info, 'journey-1-join');
    await page.getByRole('button', { name: 'Join' }).click();
    await expect(page).toHaveURL(consoleUrl('/'));
    await signOut(page);
    await signIn(page, email, password, '/developers/webhooks');
    await expect(
      page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Developers' }),
    ).toBeVisible();
    await screenshot(page, info, 'journey-1-signed-in');

    // 2. A Booking API endpoint for booking.released; its signing secret shown once.
    await page.locator('form[data-ready]').waitFor();
    await page.getByLabel('Address').fill(hookUrl);
    await page.getByRole('radio', { name: 'Booking API' }).check();
    await page.getByRole('checkbox', { name: 'booking.released' }).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.getByTestId('secret-value')).toHaveText(/^svc_wh_/);
    const secret = (await page.getByTestId('secret-value').textContent())?.trim() as string;
    await screenshot(page, info, 'journey-2-secret-once');
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await expect(page.getByTestId('secret-value')).toHaveCount(0);
    await page.getByRole('link', { name: hookUrl }).click();
    await expect(page.getByRole('heading', { name: hookUrl })).toBeVisible();
    const endpointPage = page.url();
    await expect(page.getByText(secret)).toHaveCount(0);

    // 3. A customer books with the elevated-risk card: held for review.
    const customerPage = await page.context().newPage();
    const number = await bookHeld(customerPage, `journey-${Date.now()}`);
    await screenshot(customerPage, info, 'journey-3-held-on-book');
    await customerPage.close();
    expect(await orderFromCli('demo', number)).toMatchObject({ status: 'pending_risk_review' });

    // 4. Needs action: the held order, approved through the confirm dialog, leaves the list.
    await page.goto(consoleUrl('/needs-action'));
    await expect(page.getByRole('heading', { name: 'Needs action' })).toBeVisible();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `Order #${number}` }) });
    await expect(row).toBeVisible();
    await screenshot(page, info, 'journey-4-needs-action');
    await row.getByRole('button', { name: `Approve Order #${number}` }).click();
    const dialog = page.getByRole('dialog', { name: `Approve Order #${number}?` });
    await expect(dialog).toBeVisible();
    await screenshot(page, info, 'journey-4-approve-dialog', false);
    await dialog.getByRole('button', { name: 'Approve and charge' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Order #${number} approved: confirmed.`)).toBeVisible();
    await expect(row).toHaveCount(0);
    await screenshot(page, info, 'journey-4-approved');

    // The receiver's booking.released for this order, its signature checked with the secret shown once.
    const released = async () => {
      for (const d of hook.got) {
        const event = (await verifyWebhook(d.raw, d.signature, secret).catch(() => null)) as {
          event: string;
          data: { order_number: number };
        } | null;
        if (event?.event === 'booking.released' && event.data.order_number === number) return true;
      }
      return false;
    };
    await expect.poll(released, { timeout: 20_000 }).toBe(true);
    // A wrong secret does not verify: the check above could fail.
    expect(
      await verifyWebhook(hook.got[0]?.raw ?? '', hook.got[0]?.signature ?? '', 'svc_wh_wrong').catch(() => null),
    ).toBeNull();

    // The endpoint's delivery log: booking.released, delivered, 200.
    await page.goto(endpointPage);
    const delivery = page.getByRole('row', { name: /^booking\.released(?! \(test\))/ });
    await expect(async () => {
      await page.reload();
      await expect(delivery.getByText(/^200 in \d+ ms$/)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(delivery.getByText('Delivered', { exact: true })).toBeVisible();
    await screenshot(page, info, 'journey-4-delivery-log');

    // 5. Settings → Sizes: a new price, on the booking page after a reload.
    await page.goto(consoleUrl('/settings/sizes'));
    await expect(page.getByRole('heading', { name: 'Sizes and prices' })).toBeVisible();
    await expect(threeDayPrice(page)).toHaveValue(/\d/);
    const before = await threeDayPrice(page).inputValue();
    await threeDayPrice(page).fill('291.75');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Sizes and prices saved')).toBeVisible();
    await screenshot(page, info, 'journey-5-price-saved');
    const booking = await page.context().newPage();
    await expectAfterSave(booking, bookUrl('company=demo'), async () => {
      await booking.locator('.svc-b[data-ready]').first().waitFor();
      await expect(booking.getByText('from $291.75')).toBeVisible({ timeout: 1_000 });
    });
    await screenshot(booking, info, 'journey-5-price-on-book');
    await booking.close();
    await threeDayPrice(page).fill(before);
    await page.getByRole('button', { name: 'Save' }).click();
    // The first save's message may still be showing (6 s): the saved value itself is the proof.
    await expect(page.getByText('Sizes and prices saved').last()).toBeVisible();
    await page.reload();
    await expect(threeDayPrice(page)).toHaveValue(before);

    // 6. A lead pushed with the Data API: New in Leads, moved to contacted.
    const leadName = `Jess Journey ${Date.now()}`;
    await pushLead(key, leadName);
    await page.goto(consoleUrl('/leads'));
    const lead = page.getByRole('row').filter({ hasText: leadName });
    await expect(lead).toContainText('New');
    await screenshot(page, info, 'journey-6-lead-new');
    await lead.getByRole('button', { name: `Contacted: ${leadName}` }).click();
    await expect(lead).toContainText('Contacted');
    await expect(lead.getByRole('button', { name: `Contacted: ${leadName}` })).toHaveCount(0);
    await screenshot(page, info, 'journey-6-lead-contacted');

    // The endpoint goes, so the demo company keeps room for the other specs' endpoints.
    await page.goto(endpointPage);
    await page.getByRole('button', { name: 'Remove endpoint' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(page).toHaveURL(/\/developers\/webhooks$/);
  } finally {
    await hook.stop();
  }
});

test("another company's order, job, lead and endpoint are not found, and nothing of them is shown", async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  // Company A: a copy of the demo company with nothing booked yet. Company B: the demo company.
  const demo = JSON.parse(readFileSync(path.join(repoRoot, 'apps/api/config/demo-company.json'), 'utf8'));
  const config = path.join(env().dataDir, 'journey-other-company.json');
  writeFileSync(config, JSON.stringify({ ...demo, slug: 'e2e-journey-other', name: 'Other Town Dumpsters' }));
  await svc(env().dataDir, 'company', 'apply', config);
  const owner = await createConsoleUser({ slug: 'e2e-journey-other', role: 'owner', name: 'Ana Other' });

  // B's records: a held order, a held junk job, a lead and a webhook endpoint.
  const tag = `journey-b-${Date.now()}`;
  const order = await bookHeld(page, tag);
  const date = await dayWithWindow('demo', '10:00');
  await openBooking(page, junkUrl('demo'));
  await pickDay(page, date);
  await windowRadio(page, '10:00 AM – 12:00 PM').check();
  await fillJunkDetails(page, junkCustomer(tag));
  await continueToPayment(page);
  await payWith(page, CARDS.elevatedRisk);
  await expect(page.getByRole('heading', { name: 'Booking received, under review' })).toBeVisible();
  const job = await expectJobNumber(page);
  const leadName = `Bea B-Lead ${Date.now()}`;
  const leadId = await pushLead(await dataKey('demo'), leadName);
  const endpoint = await svc(
    env().dataDir,
    'webhooks',
    'add',
    'demo',
    'http://127.0.0.1:9/b-only',
    '--event',
    'booking.held',
  );

  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, owner.email, owner.password);
    const notFound = async (pagePath: string, apiPath: string, sentence: RegExp, secretOfB: string, shot: string) => {
      const answer = page.waitForResponse((r) => new URL(r.url()).pathname === `/console/v1${apiPath}`);
      await page.goto(consoleUrl(pagePath));
      expect((await answer).status()).toBe(404);
      await expect(page.getByRole('main')).toContainText(sentence);
      await expect(page.getByRole('main')).not.toContainText(secretOfB);
      await screenshot(page, info, shot);
    };
    await notFound(`/orders/${order}`, `/orders/${order}`, new RegExp(`no order #${order}\\b`), tag, 'journey-b-order');
    await notFound(`/jobs/${job}`, `/jobs/${job}`, new RegExp(`no job #${job}\\b`), tag, 'journey-b-job');
    await notFound(
      `/developers/webhooks/${endpoint.id}`,
      `/webhooks/${endpoint.id}/deliveries`,
      /There is no webhook endpoint/,
      'b-only',
      'journey-b-endpoint',
    );
    // The lead: not in A's list, and moving it by its id is not found.
    await page.goto(consoleUrl('/leads'));
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByText(leadName)).toHaveCount(0);
    const moved = await consoleCall(page, 'POST', `/leads/${leadId}/move`, { to: 'contacted' });
    expect(moved).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
    expect(moved.body.error.message).toMatch(/\.$/);
    // Nor can A approve B's held order through the API: still held.
    expect((await consoleCall(page, 'POST', `/orders/${order}/approve`)).status).toBe(404);
    expect(await orderFromCli('demo', order)).toMatchObject({ status: 'pending_risk_review' });
  } finally {
    await svc(env().dataDir, 'webhooks', 'remove', 'demo', endpoint.id);
  }
});

test('staff: no Developers in the navigation, keys refused with the server sentence, card fees refused', async ({
  page,
}, info) => {
  const staff = await createConsoleUser({ role: 'staff', name: 'Sid Staff' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, staff.email, staff.password);
  await expect(
    page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Needs action' }),
  ).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Developers' })).toHaveCount(
    0,
  );
  const keys = page.waitForResponse((r) => new URL(r.url()).pathname === '/console/v1/keys');
  await page.goto(consoleUrl('/developers/keys'));
  expect((await keys).status()).toBe(403);
  await expect(page.getByTestId('page-error')).toHaveText(/^Only an owner of the company can do this.*\.$/);
  await screenshot(page, info, 'journey-staff-keys-refused');
  await page.goto(consoleUrl('/settings/card-fees'));
  await expect(page.getByText('Card fee handling is for owners')).toBeVisible();
  await screenshot(page, info, 'journey-staff-card-fees');
  // The server refuses, whatever the page shows: card fees, a key, an endpoint.
  const fees = await consoleCall(page, 'POST', '/settings/card-fees', { handling: 'company_absorbs' });
  expect(fees).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } });
  expect((await consoleCall(page, 'POST', '/keys', { kind: 'server' })).status).toBe(403);
  expect((await consoleCall(page, 'GET', '/webhooks')).status).toBe(403);
});
