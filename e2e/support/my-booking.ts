import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { bookUrl, continueToPayment, customer, env, fillDetails, openBooking, payWith } from './booking';
import { consoleUrl } from './console';
import { repoRoot, svc } from './platform';

/**
 * The steps the "My booking" specs (/rental/<token>, apps/hosted/app/rental) share: a company of their own,
 * a booking made through the Booking API or on /book, the My booking link of its confirmation e-mail, the
 * link opened on a phone, the My booking surface (/rental/v1) read with its token, and the days as the page
 * writes them.
 */

/** The phone the customer opens the e-mailed link on: `test.use({ viewport: PHONE })`. */
export const PHONE = { width: 390, height: 844 };

/** GET or POST on the Booking API (/booking/v1) with a company's server key: the API's JSON answer. */
export type BookingApi = (method: string, route: string, body?: object) => Promise<any>;

export function bookingApi(serverKey: string): BookingApi {
  return async (method, route, body) => {
    const res = await fetch(`${env().api}/booking/v1${route}`, {
      method,
      headers: { authorization: `Bearer ${serverKey}`, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    return (await res.json()) as any;
  };
}

/**
 * A company of the spec's own, applied with `svc company apply`: the demo company's config with `overrides`
 * (name, fleet, …), a publishable key for localhost when /book is opened for it, and the Booking API with a
 * new server key.
 */
export async function applyCompany(
  slug: string,
  overrides: Record<string, unknown>,
  options: { publishable?: boolean } = {},
): Promise<BookingApi> {
  const demo = JSON.parse(readFileSync(path.join(repoRoot, 'apps/api/config/demo-company.json'), 'utf8'));
  const file = path.join(env().dataDir, `${slug}-company.json`);
  writeFileSync(file, JSON.stringify({ ...demo, ...overrides, slug }));
  await svc(env().dataDir, 'company', 'apply', file);
  if (options.publishable)
    await svc(env().dataDir, 'keys', 'create', slug, '--kind', 'publishable', '--domain', 'localhost');
  return bookingApi((await svc(env().dataDir, 'keys', 'create', slug, '--kind', 'server')).key);
}

/**
 * In a spec: its company (`applyCompany`), applied before its tests (`test.beforeAll`), and the Booking API with
 * its server key.
 */
export function ownCompany(
  slug: string,
  overrides: Record<string, unknown>,
  options: { publishable?: boolean } = {},
): BookingApi {
  let api: BookingApi | undefined;
  test.beforeAll(async () => {
    api = await applyCompany(slug, overrides, options);
  });
  return (method, route, body) => {
    if (!api) throw new Error(`${slug} is applied before the spec's tests, not while it loads`);
    return api(method, route, body);
  };
}

/** The id of the company's size of `yards` yards. */
export async function sizeId(api: BookingApi, yards: number): Promise<string> {
  return ((await api('GET', '/sizes')).data as { id: string; yards: number }[]).find((s) => s.yards === yards)
    ?.id as string;
}

/** The first delivery day the company's calendar offers, and its closed days (holidays, days off). */
export async function calendar(api: BookingApi) {
  const data = (await api('GET', '/availability')).data;
  const closed = new Set<string>(data.closed.map((c: { date: string }) => c.date));
  let first = data.min_date as string;
  while (closed.has(first)) first = isoDay(first, 1);
  return { first, closed };
}

/** A customer's intent to rent a size from a day: `data`, or the API's `error` (size_sold_out when no can is free). */
export function intent(
  api: BookingApi,
  o: { sizeId: string; delivery: string; days: number; street: string; tag: string },
) {
  return api('POST', '/intents', {
    size_id: o.sizeId,
    rental_days: o.days,
    delivery_date: o.delivery,
    delivery_address: o.street,
    delivery_zip: '78704',
    customer: { name: 'A Customer', email: `${o.tag}+${Date.now()}@example.com`, phone: '+1 512 555 0100' },
    terms_accepted: true,
  });
}

/** An intent paid with the sandbox's good card (4242, saved for changes) and confirmed: its number and My booking link. */
export async function payAndConfirm(api: BookingApi, made: any) {
  expect(made.error).toBeUndefined();
  await fetch(`${env().api}/sandbox/v1/payment_intents/${made.data.payment_intent_id}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_secret: made.data.client_secret,
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
    }),
  });
  const done = await api('POST', '/confirm', {
    session_id: made.data.session_id,
    payment_intent_id: made.data.payment_intent_id,
  });
  expect(done.data.manage_url).toMatch(/\/rental\/rtl_[A-Za-z0-9_-]{32}$/);
  const link = done.data.manage_url as string;
  return { number: done.data.order_number as number, link, token: tokenOf(link) };
}

/**
 * A demo dumpster booking on /book with `card` (the first open day, or `skip` open days later): the customer
 * and the order's number.
 */
export async function bookOnDemoPage(page: Page, tag: string, card: string, skip = 0) {
  const who = customer(tag);
  await openBooking(page, bookUrl('company=demo&size=10'));
  for (let left = skip, month = 0; month < 3; month++) {
    const open = page.locator('button.day:not([aria-disabled="true"])');
    const count = await open.count();
    if (count > left) {
      await open.nth(left).click();
      break;
    }
    left -= count;
    await page.getByRole('button', { name: 'Next month' }).click();
  }
  await fillDetails(page, who, { pickDay: false });
  await continueToPayment(page);
  await payWith(page, card);
  await expect(page.getByRole('heading', { name: 'Your dumpster is booked' })).toBeVisible();
  return { who, number: Number((await page.locator('.num').textContent())?.replace('#', '')) };
}

/** The e-mails to `to` in the company's local outbox (`svc outbox list`). */
export async function outboxEmails(slug: string, to: string) {
  const rows = (await svc(env().dataDir, 'outbox', 'list', slug)) as {
    id: number;
    channel: string;
    to: string;
    payload: { text?: string };
  }[];
  return rows.filter((r) => r.channel === 'email' && r.to === to);
}

/** The confirmation e-mail to `to` in the company's local outbox: its My booking link (on the hosted pages). */
export async function manageLink(slug: string, to: string): Promise<string> {
  for (let tries = 0; tries < 40; tries++) {
    const link = (await outboxEmails(slug, to))
      .map((r) => /See or change your booking: (\S+)/.exec(r.payload.text ?? '')?.[1])
      .find(Boolean);
    if (link) {
      expect(link).toMatch(new RegExp(`^${env().hosted}/rental/rtl_[A-Za-z0-9_-]{32}$`));
      return link;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no confirmation e-mail with a My booking link to ${to} in ${slug}'s outbox`);
}

/** The token of a My booking link: the booking's only credential. */
export const tokenOf = (link: string) => link.split('/rental/')[1] as string;

/** The My booking surface (/rental/v1) with a link's token: GET `route`, or POST `body` to it; the answer's status and JSON. */
export async function rentalApi(
  token: string,
  route = '/booking',
  body?: object,
): Promise<{ status: number; ok: boolean; data?: any; error?: any }> {
  const res = await fetch(`${env().api}/rental/v1${route}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, ok: res.ok, ...((await res.json().catch(() => ({}))) as object) };
}

/** The booking as the My booking surface reads it with the token (what the page must show). */
export async function readBooking<T>(token: string): Promise<T> {
  const read = await rentalApi(token);
  expect(read.status).toBe(200);
  return read.data as T;
}

/** Opens a My booking link and waits until the page is interactive: the document's response. */
export async function openRental(page: Page, link: string) {
  const response = await page.goto(link);
  expect(response?.status()).toBe(200);
  await page.locator('.rb-view[data-ready]').waitFor();
  return response;
}

/** Extends the rental on the page by `days` on the saved card ("See the price", then pay): the total paid. */
export async function extendOnPage(page: Page, days: number): Promise<string> {
  const extend = page.getByRole('form', { name: 'Extend the rental' });
  await extend.getByLabel('Extra days').fill(String(days));
  await extend.getByRole('button', { name: 'See the price' }).click();
  const total = (await extend.getByTestId('quote-total').textContent()) as string;
  await extend.getByRole('button', { name: `Pay ${total} and extend` }).click();
  return total;
}

/**
 * The row of order `number` in a table ("Deliveries", "Swaps") of the console's dispatch board on `date`, once
 * the board shows it there (the page signed in to the console).
 */
export async function dispatchStop(page: Page, date: string, table: string, number: number) {
  const stop = page
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `#${number}` }) });
  await expect(async () => {
    await page.goto(consoleUrl(`/dispatch?date=${date}`));
    await expect(page.getByRole('heading', { name: `Dispatch: ${date}` })).toBeVisible();
    await expect(stop).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  return stop;
}

/** What the page's script or the browser said against the Content-Security-Policy, and uncaught errors. */
export function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content.Security.Policy|Refused to/i.test(m.text())) errors.push(m.text());
  });
  return errors;
}

/** A YYYY-MM-DD day `plus` days later. */
export const isoDay = (date: string, plus: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + plus * 86_400_000).toISOString().slice(0, 10);

/** A YYYY-MM-DD day as the page writes it ("Tue, Dec 1, 2026"), `plus` days later. */
export const shownDay = (date: string, plus = 0) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDay(date, plus)}T00:00:00Z`));

/** "14:00" as the page writes it: "2:00 PM". */
export const shownClock = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};
