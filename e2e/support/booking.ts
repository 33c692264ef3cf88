import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { svc } from './platform';

export const env = () => ({
  api: process.env.E2E_API_URL as string,
  hosted: process.env.E2E_HOSTED_URL as string,
  dataDir: process.env.E2E_DATA_DIR as string,
  webhooks: process.env.E2E_WEBHOOKS_FILE as string,
});

export const CARDS = {
  success: '4242 4242 4242 4242',
  decline: '4000 0000 0000 0002',
  elevatedRisk: '4000 0000 0000 9235',
  threeDSecure: '4000 0027 6000 3184',
};

export const bookUrl = (query: string) => `${env().hosted}/book?${query}`;
export const junkUrl = (slug: string, query = '') => `${env().hosted}/junk-checkout/${slug}${query ? `?${query}` : ''}`;

/**
 * Opens a booking page and waits until its server-rendered flow is interactive (hydrated): a visitor's
 * click before that does nothing, so a test's must not either.
 */
export async function openBooking(page: Page, url: string) {
  const response = await page.goto(url);
  await page.locator('.svc-b[data-ready]').first().waitFor();
  return response;
}

/** Saved where CI keeps artifacts (test-results/screenshots) and attached to the HTML report. */
/**
 * A change saved in the console reaches the API's read model within a second (it polls the embedded
 * database once a second): a booking page rendered in that second still shows the old values. Opens `url`
 * until `check` holds, as a customer's reload would, for at most 10 s.
 */
export async function expectAfterSave(page: Page, url: string, check: () => Promise<void>) {
  await expect(async () => {
    await openBooking(page, url);
    await check();
  }).toPass({ timeout: 10_000 });
}

export async function screenshot(page: Page, info: TestInfo, name: string, fullPage = true) {
  const dir = path.join(import.meta.dirname, '../test-results/screenshots');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  await info.attach(name, { path: file, contentType: 'image/png' });
}

/**
 * Waits until the API refuses a key it was told to forget: it hears of a revocation within a second (the
 * embedded database is polled), and a step taken before that would still be served.
 */
export async function untilKeyRefused(apiUrl: string, key: string, origin: string) {
  await expect
    .poll(async () => {
      const headers = { authorization: `Bearer ${key}`, origin };
      return (await fetch(`${apiUrl}/booking/v1/company`, { headers })).status;
    })
    .toBe(401);
}

/**
 * Walks the calendar with ArrowRight from the focused day until `wanted` holds for the day that has the
 * keyboard (each step waits for the focus to move, so no key lands on a day already left), at most `steps`.
 */
export async function arrowToDay(
  page: Page,
  wanted: (day: { date: string; closed: boolean }) => boolean,
  steps = 62,
): Promise<string> {
  const focused = () =>
    page.evaluate(() => {
      const el = document.activeElement;
      return { date: el?.getAttribute('data-date') ?? '', closed: el?.getAttribute('aria-disabled') === 'true' };
    });
  for (let i = 0; i < steps; i++) {
    const day = await focused();
    if (wanted(day)) return day.date;
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await focused()).date).not.toBe(day.date);
  }
  throw new Error('no such day on the calendar within reach of the arrow keys');
}

/** The first day the calendar offers (not striped), moving to the next month when needed. */
export async function pickFirstOpenDay(page: Page | Locator): Promise<string> {
  for (let i = 0; i < 3; i++) {
    const open = page.locator('button.day:not([aria-disabled="true"])');
    if ((await open.count()) > 0) {
      const day = open.first();
      await day.click();
      return (await day.getAttribute('data-date')) as string;
    }
    await page.getByRole('button', { name: 'Next month' }).click();
  }
  throw new Error('no open day on the calendar');
}

export type Customer = { name: string; email: string; phone: string; address: string; zip: string };

export const customer = (tag: string): Customer => ({
  name: 'Jordan Rivera',
  email: `jordan+${tag}@example.com`,
  phone: '(512) 555-0142',
  address: '1200 Barton Springs Rd',
  zip: '78704',
});

/** Fills the form below the size: date, address, details and terms. */
export async function fillDetails(page: Page | Locator, c: Customer, options: { pickDay?: boolean } = {}) {
  if (options.pickDay !== false) await pickFirstOpenDay(page);
  await page.getByLabel('Street address').fill(c.address);
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State').fill('TX');
  await page.getByLabel('ZIP code').fill(c.zip);
  await page.getByLabel('Full name').fill(c.name);
  await page.getByLabel(/^E-mail/).fill(c.email);
  await page.getByLabel(/^Mobile phone/).fill(c.phone);
  await page.getByLabel(/I accept/).check();
}

/** Enters a sandbox card in the processor's component and pays. */
export async function payWith(page: Page, card: string) {
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

export async function continueToPayment(page: Page | Locator) {
  await page.getByRole('button', { name: 'Continue to payment' }).click();
}

/** The operator's view of an order (`svc orders list <slug>`). */
export async function orderFromCli(slug: string, orderNumber: number) {
  const orders = (await svc(env().dataDir, 'orders', 'list', slug)) as { order_number: number }[];
  return orders.find((o) => o.order_number === orderNumber) as Record<string, unknown> | undefined;
}

/** The webhook deliveries the local receiver verified, for one order. */
export function webhooksFor(orderNumber: number) {
  return readDeliveries().filter((d) => d.body.data.service !== 'junk' && d.body.data.order_number === orderNumber);
}

function readDeliveries() {
  const file = env().webhooks;
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { verified: boolean; body: { event: string; data: Record<string, unknown> } });
}

/** The verified deliveries for one junk job, as [event, signature ok, service, booking_channel, utm_source]. */
export function jobDeliveries(jobNumber: number) {
  return readDeliveries()
    .filter((d) => d.body.data.service === 'junk' && d.body.data.job_number === jobNumber)
    .map((d) => [
      d.body.event,
      d.verified,
      d.body.data.service,
      d.body.data.booking_channel,
      (d.body.data.attribution as Record<string, string> | null)?.utm_source,
    ]);
}

/** The operator's view of a junk job (`svc jobs list <slug>`). */
export async function jobFromCli(slug: string, jobNumber: number) {
  const jobs = (await svc(env().dataDir, 'jobs', 'list', slug)) as { job_number: number }[];
  return jobs.find((j) => j.job_number === jobNumber) as Record<string, unknown> | undefined;
}

/** Each verified delivery for one order as [event, signature ok, booking_channel, attribution[key]]. */
export function deliveriesOf(orderNumber: number, attributionKey: string) {
  return webhooksFor(orderNumber).map((d) => [
    d.body.event,
    d.verified,
    d.body.data.booking_channel,
    (d.body.data.attribution as Record<string, string> | null)?.[attributionKey],
  ]);
}

/** axe-core in the page: the serious and critical violations (none are allowed). */
export async function seriousA11yViolations(page: Page) {
  const source = readFileSync(
    path.join(path.dirname(createRequire(import.meta.url).resolve('axe-core')), 'axe.min.js'),
    'utf8',
  );
  // Evaluated, not added as a script tag: the page's Content-Security-Policy refuses inline scripts.
  await page.evaluate(source);
  const results = (await page.evaluate(() =>
    (window as unknown as { axe: { run(o: unknown): Promise<unknown> } }).axe.run({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    }),
  )) as { violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] };
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * The rest of a booking by keyboard alone, once the form's choices are made: types the address and the
 * customer, accepts the terms with Space, continues with Enter (the payment heading takes focus), types the
 * sandbox success card, tabs to Pay (it takes focus) and presses Enter.
 */
export async function finishByKeyboard(page: Page, c: Customer) {
  const typeInto = async (label: string | RegExp, value: string) => {
    await page.getByLabel(label).focus();
    await page.keyboard.type(value);
  };
  await typeInto('Street address', c.address);
  await typeInto('ZIP code', c.zip);
  await typeInto('Full name', c.name);
  await typeInto(/^E-mail/, c.email);
  await typeInto(/^Mobile phone/, c.phone);
  await page.getByLabel(/I accept/).focus();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'Continue to payment' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeFocused();
  await page.getByLabel('Card number').focus();
  await page.keyboard.type(CARDS.success);
  await page.keyboard.press('Tab');
  await page.keyboard.type('1234');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: /^Pay \$/ })).toBeFocused();
  await page.keyboard.press('Enter');
}
