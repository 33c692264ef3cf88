import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect, type Page, type Response } from '@playwright/test';
import {
  continueToPayment,
  customer,
  fillDetails,
  openBooking,
  screenshot,
  seriousA11yViolations,
} from '../support/booking';
import { dayWithWindow, expectJobNumber, fillJunkDetails, junkCustomer, pickDay, windowRadio } from '../support/junk';
import { extendOnPage, isoDay, openRental, PHONE, shownDay } from '../support/my-booking';
import { type Platform, repoRoot, startPlatform, svc } from '../support/platform';
import { type StandInIntent, type StripeStandIn, startStripeStandIn } from '../support/stripe-stand-in';

// The Stripe path of both booking pages in Chromium: @stripe/stripe-js loads Stripe.js from js.stripe.com,
// the customer types a card into the Payment Element's frame, Stripe.js confirms it with the publishable
// key and the client secret, and our API retrieves and captures the PaymentIntent with the secret key.
// Stripe cannot be reached from here: a platform of this file's own talks to the stand-in of
// support/stripe-stand-in.ts (STRIPE_API_BASE), and the browser's requests to Stripe's hosts are answered
// by the same stand-in, from their own URLs, under the pages' Content-Security-Policy.

/**
 * Chromium as the suite launches it, with every frame of a page in the page's process. Stripe's frames are
 * other sites', which Chromium otherwise draws in processes of their own and routes input to by where it
 * last drew them: a click Playwright sent on Pay right after scrolling it into view reached the card form's
 * "Card number" (where the frame had been before the scroll), every time; pressing Enter on Pay instead
 * still lost one run in four after the 3-D Secure frame had closed. Where a frame lives is Chromium's
 * business, not Stripe's: origins, messages and the page's Content-Security-Policy are the same.
 */
const test = base.extend({
  launchOptions: [
    async ({ launchOptions }, use) => {
      const isolation = ['--disable-site-isolation-trials', '--disable-features=IsolateOrigins,site-per-process'];
      await use({ ...launchOptions, args: [...(launchOptions.args ?? []), ...isolation] });
    },
    { scope: 'worker' },
  ],
});

const SLUG = 'stripe-dumpsters';
const CARD = {
  success: '4242424242424242',
  decline: '4000000000000002',
  threeDSecure: '4000002500003155',
  /** Asks for authentication every time, off-session too. */
  alwaysAuthenticate: '4000002760003184',
};

let stripe: StripeStandIn;
let platform: Platform;
let dataDir: string;

test.beforeAll(async () => {
  // Started beside the rest of the suite: up to startPlatform's own 90 s on a busy machine.
  test.setTimeout(120_000);
  stripe = await startStripeStandIn();
  dataDir = mkdtempSync(path.join(tmpdir(), 'svc-e2e-stripe-'));
  platform = await startPlatform(dataDir, stripe.env);
  // The demo company's catalog (dumpsters and junk removal), taking its payments with Stripe.
  const demo = JSON.parse(readFileSync(path.join(repoRoot, 'apps/api/config/demo-company.json'), 'utf8'));
  const config = path.join(dataDir, 'stripe-company.json');
  const company = { ...demo, slug: SLUG, name: 'Stripe Dumpsters', processor: { kind: 'stripe', account: null } };
  writeFileSync(config, JSON.stringify(company));
  await svc(dataDir, 'company', 'apply', config);
  await svc(dataDir, 'keys', 'create', SLUG, '--kind', 'publishable', '--domain', 'localhost');
  // The API hears of a new company and key within a second (it polls the embedded database).
  await expect
    .poll(async () => {
      const res = await fetch(`${platform.apiUrl}/embed/v1/companies/${SLUG}`);
      return res.ok ? Boolean(((await res.json()) as any).data.publishable_key) : false;
    })
    .toBe(true);
});

test.afterAll(async () => {
  await platform?.stop();
  await stripe?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

let cspViolations: string[];
let pageErrors: string[];
test.beforeEach(async ({ context, page }) => {
  await stripe.route(context);
  cspViolations = [];
  pageErrors = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
  });
  // The stand-in of Stripe.js throws Stripe's IntegrationError at a call our component should not make.
  page.on('pageerror', (err) => pageErrors.push(err.message));
});

test.afterEach(() => {
  // Stripe.js ran under the pages' policy: nothing it loaded or called was refused.
  expect(cspViolations).toEqual([]);
  expect(pageErrors).toEqual([]);
  // The secret key never left our server: every call from a browser carried the publishable key.
  const fromBrowsers = stripe.requests.filter((r) => r.origin !== null && r.host === 'api.stripe.com');
  expect(fromBrowsers.filter((r) => r.auth !== 'publishable')).toEqual([]);
});

const cardFrame = (page: Page) => page.frameLocator('iframe[title="Secure payment input frame"]');

/** Types a card into Stripe's Payment Element, key by key as a customer does, and pays. */
async function payWithCard(page: Page, number: string) {
  const frame = cardFrame(page);
  for (const [label, value] of [
    ['Card number', number],
    ['Expiration date', '1234'],
    ['Security code', '123'],
  ] as const) {
    const input = frame.getByLabel(label);
    await input.clear();
    await input.pressSequentially(value);
  }
  await expect(frame.getByLabel('Card number')).toHaveValue(number.replace(/(\d{4})(?=\d)/g, '$1 '));
  await expect(frame.getByLabel('Expiration date')).toHaveValue('12 / 34');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

/** The amount on the Pay button, in cents: what the customer agreed to pay. */
async function shownCents(page: Page): Promise<number> {
  const text = (await page.getByRole('button', { name: /^Pay \$/ }).textContent()) ?? '';
  return Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
}

/** The calls the browser made to confirm an intent: [key, from which origin, Stripe's answer]. */
const confirmsOf = (intentId: string) =>
  stripe.requests
    .filter((r) => r.method === 'POST' && r.path === `/v1/payment_intents/${intentId}/confirm`)
    .map((r) => [r.auth, r.origin, r.status]);

/**
 * The one booking the customer's e-mail has, and its one PaymentIntent at the stand-in: made for the
 * booking's total, authorized once and captured once for exactly that amount.
 */
async function expectPaidOnce(kind: 'orders' | 'jobs', email: string, shown: number) {
  const bookings = ((await svc(dataDir, kind, 'list', SLUG)) as any[]).filter((b) => b.customer === email);
  expect(bookings).toHaveLength(1);
  const booking = bookings[0];
  expect(booking).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
  const total = Math.round(booking.charged * 100);
  expect(total).toBe(shown);
  const intents = stripe.intentsOfSession(booking.session_id);
  expect(intents.map((i) => [i.amount, i.currency, i.captureMethod, i.status])).toEqual([
    [total, 'usd', 'manual', 'succeeded'],
  ]);
  const intent = intents[0] as (typeof intents)[number];
  const movements = (list: { intent: string; amount: number }[]) =>
    list.filter((m) => m.intent === intent.id).map((m) => m.amount);
  expect(movements(stripe.authorizations)).toEqual([total]);
  expect(movements(stripe.captures)).toEqual([total]);
  return { booking, intent };
}

test('a dumpster on a Stripe company: 4242 typed into the Payment Element books one order, authorized and captured for its total', async ({
  page,
}, info) => {
  await openBooking(page, `${platform.hostedUrl}/book?company=${SLUG}`);
  await page.getByRole('radio', { name: /20 Yard Dumpster/ }).check();
  await page.getByLabel('Rental length').selectOption('10');
  const who = customer('stripe-4242');
  await fillDetails(page, who);
  await continueToPayment(page);
  await expect(cardFrame(page).getByLabel('Card number')).toBeVisible();
  const shown = await shownCents(page);
  await payWithCard(page, CARD.success);
  await expect(page.getByRole('heading', { name: 'Your dumpster is booked' })).toBeVisible();
  await screenshot(page, info, 'stripe-dumpster-booked');

  const { intent } = await expectPaidOnce('orders', who.email, shown);
  // The card went from Stripe's frame to Stripe, never through the page or our API.
  expect(confirmsOf(intent.id)).toEqual([['publishable', 'https://js.stripe.com', 200]]);
  const confirm = stripe.requests.find((r) => r.path === `/v1/payment_intents/${intent.id}/confirm`);
  expect(confirm?.params.payment_method_data.card.number).toBe(CARD.success);
  expect(confirm?.params.client_secret).toBe(intent.clientSecret);
  // Our server made the intent with the secret key, once per session (an idempotency key), for manual capture.
  const created = stripe.requests.filter((r) => r.path === '/v1/payment_intents' && r.status === 200);
  const ours = created.filter((r) => r.params.metadata?.session_id === intent.metadata.session_id);
  expect(ours.map((r) => [r.auth, r.origin, r.params.capture_method, Boolean(r.idempotencyKey)])).toEqual([
    ['secret', null, 'manual', true],
  ]);
});

test('a junk job on a Stripe company: 4242 books one job, authorized and captured for its total', async ({ page }) => {
  const date = await dayWithWindow(SLUG, '08:00', 1, { api: platform.apiUrl, hosted: platform.hostedUrl });
  await openBooking(page, `${platform.hostedUrl}/junk-checkout/${SLUG}`);
  await page.getByRole('radio', { name: /1\/4 truck/ }).check();
  await pickDay(page, date);
  await windowRadio(page, '8:00 AM – 10:00 AM').check();
  const who = junkCustomer('stripe-4242');
  await fillJunkDetails(page, who);
  await continueToPayment(page);
  await expect(cardFrame(page).getByLabel('Card number')).toBeVisible();
  const shown = await shownCents(page);
  await payWithCard(page, CARD.success);
  await expect(page.getByRole('heading', { name: 'Your junk removal is booked' })).toBeVisible();
  await expectJobNumber(page);

  const { intent } = await expectPaidOnce('jobs', who.email, shown);
  expect(confirmsOf(intent.id)).toEqual([['publishable', 'https://js.stripe.com', 200]]);
});

test('a declined card: the customer reads why under the card, then pays with another and one order is made', async ({
  page,
}, info) => {
  await openBooking(page, `${platform.hostedUrl}/book?company=${SLUG}&size=10`);
  const who = customer('stripe-decline');
  await fillDetails(page, who);
  await continueToPayment(page);
  await expect(cardFrame(page).getByLabel('Card number')).toBeVisible();
  const shown = await shownCents(page);

  await payWithCard(page, CARD.decline);
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  await screenshot(page, info, 'stripe-declined');
  // Nothing was booked for the declined card.
  const before = ((await svc(dataDir, 'orders', 'list', SLUG)) as any[]).filter((o) => o.customer === who.email);
  expect(before).toEqual([]);

  await payWithCard(page, CARD.success);
  await expect(page.getByRole('heading', { name: 'Your dumpster is booked' })).toBeVisible();
  const { intent } = await expectPaidOnce('orders', who.email, shown);
  // Both cards were tried on the same PaymentIntent, as Stripe allows after a decline.
  expect(confirmsOf(intent.id)).toEqual([
    ['publishable', 'https://js.stripe.com', 402],
    ['publishable', 'https://js.stripe.com', 200],
  ]);
  const declined = stripe.requests.find((r) => r.path.endsWith(`${intent.id}/confirm`) && r.status === 402);
  expect(declined?.params.payment_method_data.card.number).toBe(CARD.decline);
});

test('a 3-D Secure card: a failed challenge says so, a completed one books the job', async ({ page }, info) => {
  const date = await dayWithWindow(SLUG, '10:00', 1, { api: platform.apiUrl, hosted: platform.hostedUrl });
  await openBooking(page, `${platform.hostedUrl}/junk-checkout/${SLUG}`);
  await page.getByRole('radio', { name: /Single item/ }).check();
  await pickDay(page, date);
  await windowRadio(page, '10:00 AM – 12:00 PM').check();
  const who = junkCustomer('stripe-3ds');
  await fillJunkDetails(page, who);
  await continueToPayment(page);
  await expect(cardFrame(page).getByLabel('Card number')).toBeVisible();
  const shown = await shownCents(page);
  const challenge = page.frameLocator('iframe[title="3D Secure authentication"]');

  // The bank's challenge opens over the page; the customer fails it and the page says what Stripe said.
  await payWithCard(page, CARD.threeDSecure);
  await expect(challenge.getByRole('heading', { name: '3D Secure Test Payment Page' })).toBeVisible();
  await screenshot(page, info, 'stripe-3ds-challenge');
  await challenge.getByRole('button', { name: 'Fail authentication' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'We are unable to authenticate your payment method.' }),
  ).toBeVisible();
  await expect(page.locator('iframe[title="3D Secure authentication"]')).toHaveCount(0);

  // Again, completed this time: the job is booked.
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await challenge.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page.getByRole('heading', { name: 'Your junk removal is booked' })).toBeVisible();
  await screenshot(page, info, 'stripe-3ds-booked');

  const { intent } = await expectPaidOnce('jobs', who.email, shown);
  expect(confirmsOf(intent.id)).toEqual([
    ['publishable', 'https://js.stripe.com', 200],
    ['publishable', 'https://js.stripe.com', 200],
  ]);
  // After each challenge Stripe.js read the intent from the page itself, as the policy's connect-src allows.
  const reads = stripe.requests
    .filter((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${intent.id}` && r.origin !== null)
    .map((r) => [r.auth, r.origin, r.status]);
  expect(reads).toEqual([
    ['publishable', platform.hostedUrl, 200],
    ['publishable', platform.hostedUrl, 200],
  ]);
});

/**
 * The answer of the booking's POST …/confirm, which the page's script sends to our API once Stripe.js
 * authorized the card (retries aside): the one that made the order carries the My booking link.
 */
const confirmAnswer = (page: Page) =>
  page.waitForResponse(
    (r: Response) =>
      r.request().method() === 'POST' &&
      r.url().startsWith(platform.apiUrl) &&
      new URL(r.url()).pathname.endsWith('/confirm'),
  );

/** The customer's confirmation e-mail in the company's local outbox (`svc outbox list`): its My booking link. */
async function emailedLink(to: string): Promise<string> {
  for (let tries = 0; tries < 40; tries++) {
    const rows = (await svc(dataDir, 'outbox', 'list', SLUG)) as {
      channel: string;
      to: string;
      payload: { text?: string };
    }[];
    const link = rows
      .filter((r) => r.channel === 'email' && r.to === to)
      .map((r) => /See or change your booking: (\S+)/.exec(r.payload.text ?? '')?.[1])
      .find(Boolean);
    if (link) return link;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no confirmation e-mail with a My booking link to ${to} in ${SLUG}'s outbox`);
}

type RentalChange = {
  id: string;
  status: string;
  amounts: { gross_total: number; currency: string };
  client_secret: string | null;
  decline_code: string | null;
};

/** The My booking API (/rental/v1) as the link's page calls it: the link's token is the only credential. */
async function rentalApi(link: string, path: string, init: { body?: unknown; key?: string } = {}) {
  const token = new URL(link).pathname.split('/rental/')[1] as string;
  expect(token).toMatch(/^rtl_[A-Za-z0-9_-]{32}$/);
  const res = await fetch(`${platform.apiUrl}/rental/v1${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.key ? { 'idempotency-key': init.key } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: (await res.json()) as { data: any } };
}

/**
 * A dumpster paid with `card` in the browser (a 3-D Secure card's challenge completed), its one order checked,
 * and its My booking link: the one in the confirm answer, which is also the one in the confirmation e-mail.
 */
async function bookAndLink(page: Page, tag: string, card: string) {
  await openBooking(page, `${platform.hostedUrl}/book?company=${SLUG}&size=10`);
  const who = customer(tag);
  await fillDetails(page, who);
  await continueToPayment(page);
  await expect(cardFrame(page).getByLabel('Card number')).toBeVisible();
  const shown = await shownCents(page);
  const confirmed = confirmAnswer(page);
  await payWithCard(page, card);
  if (card === CARD.alwaysAuthenticate) {
    const challenge = page.frameLocator('iframe[title="3D Secure authentication"]');
    await challenge.getByRole('button', { name: 'Complete authentication' }).click();
  }
  await expect(page.getByRole('heading', { name: 'Your dumpster is booked' })).toBeVisible();
  const answer = (await (await confirmed).json()) as { data: { manage_url?: string } };
  const link = answer.data.manage_url as string;
  expect(link).toMatch(new RegExp(`^${platform.hostedUrl}/rental/rtl_[A-Za-z0-9_-]{32}$`));
  expect(await emailedLink(who.email)).toBe(link);
  const { booking, intent } = await expectPaidOnce('orders', who.email, shown);
  return { who, booking, intent, link };
}

/**
 * The booking's card saved as Stripe saves it: a Customer made for the booking (with our server's key and an
 * idempotency key), the intent made on it with setup_future_usage off_session, and the card it authorized
 * attached to that customer.
 */
function expectCardSaved(intent: StandInIntent, email: string) {
  const made = stripe.requests.filter(
    (r) => r.method === 'POST' && r.path === '/v1/customers' && r.params.email === email,
  );
  expect(made.map((r) => [r.auth, r.origin, r.status, Boolean(r.idempotencyKey), r.replayed])).toEqual([
    ['secret', null, 200, true, false],
  ]);
  const customerOfBooking = stripe.customers().find((c) => c.email === email);
  expect(customerOfBooking).toBeDefined();
  expect(intent.customer).toBe(customerOfBooking?.id);
  expect(intent.setupFutureUsage).toBe('off_session');
  expect(intent.paymentMethod?.id).toMatch(/^pm_/);
  expect(intent.paymentMethod?.customer).toBe(intent.customer);
  return { customer: intent.customer as string, paymentMethod: intent.paymentMethod?.id as string };
}

/** The PaymentIntents made for one My booking change (our adapter's metadata names it). */
const intentsOfChange = (changeId: string) => stripe.intents().filter((i) => i.metadata.change_id === changeId);

test('My booking on a Stripe company: the booking saves the card (4242), an extension is charged to it off-session, authorized and captured once', async ({
  page,
}) => {
  const { who, booking, intent, link } = await bookAndLink(page, 'stripe-saved-card', CARD.success);
  const saved = expectCardSaved(intent, who.email);

  const before = await rentalApi(link, '/booking');
  expect(before.status).toBe(200);
  expect(before.body.data).toMatchObject({ card_saved: true, pickup_date: booking.pickup_date });
  const key = `extend-${Date.now()}`;
  const made = await rentalApi(link, '/changes', { body: { kind: 'extend', days: 1 }, key });
  expect(made.status).toBe(200);
  const change = made.body.data as RentalChange;
  expect(change).toMatchObject({ status: 'applied', decline_code: null, client_secret: null });
  const amount = Math.round(change.amounts.gross_total * 100);
  expect(amount).toBeGreaterThan(0);

  // One intent for the change, made by our server off-session on the booking's customer and saved card,
  // for manual capture, authorized and then captured for exactly the change's total.
  const intents = intentsOfChange(change.id);
  expect(
    intents.map((i) => [
      i.amount,
      i.currency,
      i.captureMethod,
      i.customer,
      i.paymentMethod?.id,
      i.offSession,
      i.status,
    ]),
  ).toEqual([[amount, 'usd', 'manual', saved.customer, saved.paymentMethod, true, 'succeeded']]);
  const chargeIntent = intents[0] as StandInIntent;
  const created = stripe.requests.filter(
    (r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.params.metadata?.change_id === change.id,
  );
  expect(
    created.map((r) => [r.auth, r.origin, r.status, Boolean(r.idempotencyKey), r.params.confirm, r.params.off_session]),
  ).toEqual([['secret', null, 200, true, 'true', 'true']]);
  expect(created[0]?.params).toMatchObject({
    customer: saved.customer,
    payment_method: saved.paymentMethod,
    capture_method: 'manual',
  });
  expect(created[0]?.params.setup_future_usage).toBeUndefined();
  const movements = (list: { intent: string; amount: number }[]) =>
    list.filter((m) => m.intent === chargeIntent.id).map((m) => m.amount);
  expect(movements(stripe.authorizations)).toEqual([amount]);
  expect(movements(stripe.captures)).toEqual([amount]);
  // Nobody confirmed it from a browser.
  expect(stripe.requests.filter((r) => r.path.startsWith(`/v1/payment_intents/${chargeIntent.id}/confirm`))).toEqual(
    [],
  );

  // The same Idempotency-Key again answers the same change, charged once.
  const again = await rentalApi(link, '/changes', { body: { kind: 'extend', days: 1 }, key });
  expect(again.body.data).toMatchObject({ id: change.id, status: 'applied' });
  expect(intentsOfChange(change.id)).toHaveLength(1);
  expect(movements(stripe.captures)).toEqual([amount]);
  const after = await rentalApi(link, '/booking');
  expect(after.body.data.rental_days).toBe(before.body.data.rental_days + 1);
  expect(after.body.data.changes.map((c: RentalChange) => c.status)).toEqual(['applied']);
});

test('My booking on a Stripe company: a card that always asks for authentication (3184) books after 3-D Secure, and an extension off-session answers requires_payment', async ({
  page,
}) => {
  const { who, intent, link } = await bookAndLink(page, 'stripe-saved-3184', CARD.alwaysAuthenticate);
  const saved = expectCardSaved(intent, who.email);

  const made = await rentalApi(link, '/changes', { body: { kind: 'extend', days: 1 }, key: `extend-${Date.now()}` });
  expect(made.status).toBe(200);
  const change = made.body.data as RentalChange;
  expect(change).toMatchObject({ status: 'requires_payment', decline_code: 'authentication_required' });

  // Stripe's 402 for the saved card: the intent waits for the customer, whose page confirms it by its client secret.
  const intents = intentsOfChange(change.id);
  expect(
    intents.map((i) => [
      i.customer,
      i.offSession,
      i.captureMethod,
      i.status,
      i.paymentMethod,
      i.lastPaymentError?.code,
    ]),
  ).toEqual([[saved.customer, true, 'manual', 'requires_payment_method', null, 'authentication_required']]);
  const waiting = intents[0] as StandInIntent;
  expect(change.client_secret).toBe(waiting.clientSecret);
  expect(waiting.lastPaymentError?.payment_method).toMatchObject({ id: saved.paymentMethod, customer: saved.customer });
  const created = stripe.requests.filter(
    (r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.params.metadata?.change_id === change.id,
  );
  expect(created.map((r) => [r.status, r.params.off_session, r.params.payment_method])).toEqual([
    [402, 'true', saved.paymentMethod],
  ]);
  expect(stripe.authorizations.filter((m) => m.intent === waiting.id)).toEqual([]);
  expect(stripe.captures.filter((m) => m.intent === waiting.id)).toEqual([]);

  // Nothing changed on the booking until the customer pays.
  const after = await rentalApi(link, '/booking');
  expect(after.body.data.changes.map((c: RentalChange) => [c.status, c.decline_code])).toEqual([
    ['requires_payment', 'authentication_required'],
  ]);
});

test('My booking on a Stripe company: an extension the saved card (3184) cannot pay off-session asks for a card in the Payment Element on the page, and 4242 applies it', async ({
  page,
}, info) => {
  const { who, intent, link } = await bookAndLink(page, 'stripe-page-3184', CARD.alwaysAuthenticate);
  const saved = expectCardSaved(intent, who.email);
  const before = (await rentalApi(link, '/booking')).body.data;
  expect(before).toMatchObject({ card_saved: true, processor: { kind: 'stripe', account: null } });

  // The customer opens the e-mailed link on a phone and extends by a day: the saved card needs the bank's
  // authentication off-session, so the page asks for a card in Stripe's Payment Element.
  await page.setViewportSize(PHONE);
  await openRental(page, link);
  const total = await extendOnPage(page, 1);
  const pay = page.getByRole('region', { name: `Pay ${total} for this change` });
  await expect(
    pay.getByText(/^Your bank asks you to confirm this payment, so nothing was changed yet\./),
  ).toBeVisible();
  await expect(pay.getByText(`Extended: 1 more day, pickup ${shownDay(before.pickup_date, 1)}.`)).toBeVisible();
  const frame = pay.frameLocator('iframe[title="Secure payment input frame"]');
  await expect(frame.getByLabel('Card number')).toBeVisible();
  await expect(page.getByTestId('pickup-date')).toHaveText(shownDay(before.pickup_date));
  const waiting = (await rentalApi(link, '/booking')).body.data.changes as RentalChange[];
  expect(waiting.map((c) => [c.status, c.decline_code])).toEqual([['requires_payment', 'authentication_required']]);
  const change = waiting[0] as RentalChange;
  const intents = intentsOfChange(change.id);
  expect(intents.map((i) => [i.customer, i.offSession, i.status])).toEqual([
    [saved.customer, true, 'requires_payment_method'],
  ]);
  const changeIntent = intents[0] as StandInIntent;
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'stripe-my-booking-card-asked');

  // 4242 typed into the Payment Element's frame, confirmed by Stripe.js, then applied by our API.
  for (const [label, value] of [
    ['Card number', CARD.success],
    ['Expiration date', '1234'],
    ['Security code', '123'],
  ] as const) {
    await frame.getByLabel(label).pressSequentially(value);
  }
  await expect(frame.getByLabel('Expiration date')).toHaveValue('12 / 34');
  await pay.getByRole('button', { name: `Pay ${total}`, exact: true }).click();
  await expect(page.getByTestId('notice')).toContainText(
    `extended by 1 day. The new pickup date is ${shownDay(before.pickup_date, 1)}.`,
  );
  await expect(pay).toHaveCount(0);
  await expect(page.getByTestId('pickup-date')).toHaveText(shownDay(before.pickup_date, 1));
  await expect(page.getByRole('region', { name: 'Changes made' }).getByRole('listitem').first()).toContainText(
    `by you · ${total} · Done`,
  );
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, info, 'stripe-my-booking-card-paid');

  // The change's one intent: confirmed from Stripe's frame with the publishable key and 4242, authorized and
  // captured once for the change's total; the booking shows the change applied.
  expect(confirmsOf(changeIntent.id)).toEqual([['publishable', 'https://js.stripe.com', 200]]);
  const confirm = stripe.requests.find((r) => r.path === `/v1/payment_intents/${changeIntent.id}/confirm`);
  expect(confirm?.params.payment_method_data.card.number).toBe(CARD.success);
  expect(confirm?.params.client_secret).toBe(change.client_secret);
  const amount = Math.round(change.amounts.gross_total * 100);
  expect(intentsOfChange(change.id).map((i) => [i.amount, i.captureMethod, i.status])).toEqual([
    [amount, 'manual', 'succeeded'],
  ]);
  const movements = (list: { intent: string; amount: number }[]) =>
    list.filter((m) => m.intent === changeIntent.id).map((m) => m.amount);
  expect(movements(stripe.authorizations)).toEqual([amount]);
  expect(movements(stripe.captures)).toEqual([amount]);
  const after = (await rentalApi(link, '/booking')).body.data;
  expect(after.pickup_date).toBe(isoDay(before.pickup_date, 1));
  expect(after.rental_days).toBe(before.rental_days + 1);
  expect(after.changes.map((c: RentalChange) => [c.id, c.status])).toEqual([[change.id, 'applied']]);
});
