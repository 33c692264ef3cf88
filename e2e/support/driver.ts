import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { env } from './booking';
import { consoleMailLink, consoleUrl } from './console';
import { type BookingApi, payAndConfirm } from './my-booking';
import { repoRoot, svc } from './platform';

/**
 * The driver's day (issue 54) as the specs drive it: the office's calls from the owner's signed-in page
 * (invite a driver, move an order, give a route), a driver joining through the e-mailed invitation, bookings
 * paid with the sandbox's saved card, the phone page's stop cards, and what the rule charges for a weigh ticket.
 */

import { consoleCall } from './console';

export { consoleCall };

/** The same call, expected to answer 2xx: its `data`. */
export async function consoleData(page: Page, method: string, apiPath: string, body?: unknown): Promise<any> {
  const answer = await consoleCall(page, method, apiPath, body);
  expect(answer.status, `${method} ${apiPath}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body.data;
}

/**
 * A driver invited by the owner from the owner's signed-in page (POST /members/invitations, role driver), who
 * accepts through the link of the e-mail the invitation sent (the company's local outbox).
 */
export async function inviteDriver(owner: Page, slug: string, name: string) {
  const email = `driver-${Date.now()}@e2e.example`;
  const password = 'driver password long enough';
  const invited = await consoleData(owner, 'POST', '/members/invitations', { email, role: 'driver' });
  expect(invited.role).toBe('driver');
  const token = new URL(await consoleMailLink(slug, email)).searchParams.get('token');
  const accepted = await fetch(consoleUrl('/console/v1/invitations/accept'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: consoleUrl('').replace(/\/$/, '') },
    body: JSON.stringify({ token, name, password }),
  });
  expect(accepted.status, await accepted.clone().text()).toBeLessThan(300);
  return { email, password, name };
}

/** A paid booking of `yards` yards delivered on `delivery` for `days` days (the sandbox's good card, saved). */
export async function book(api: BookingApi, o: { yards: number; delivery: string; days: number; tag: string }) {
  const sizes = (await api('GET', '/sizes')).data as { id: string; yards: number }[];
  const email = `${o.tag}+${Date.now()}@example.com`;
  const made = await api('POST', '/intents', {
    size_id: sizes.find((s) => s.yards === o.yards)?.id,
    rental_days: o.days,
    delivery_date: o.delivery,
    delivery_address: `${100 + o.yards} Barton Springs Rd`,
    delivery_zip: '78704',
    customer: { name: `Customer ${o.tag}`, email, phone: '+1 512 555 0142' },
    terms_accepted: true,
  });
  const paid = await payAndConfirm(api, made);
  return { ...paid, email };
}

/** The office moves an order along its statuses, one move at a time (the dispatch board's moves). */
export async function moveOrder(owner: Page, number: number, statuses: string[]) {
  for (const status of statuses) await consoleData(owner, 'POST', `/orders/${number}/status`, { status });
}

/** The dispatch board's stop keys of a day, by order number and kind, and the company's members for routes. */
export async function dispatchKeys(owner: Page, date: string) {
  const day = await consoleData(owner, 'GET', `/dispatch?date=${date}`);
  const key = (kind: 'deliveries' | 'pickups', number: number) => {
    const found = (day[kind] as { order_number: number; route: { stop: string } }[]).find(
      (s) => s.order_number === number,
    );
    if (!found) throw new Error(`order #${number} is not in the ${kind} of ${date}: ${JSON.stringify(day[kind])}`);
    return found.route.stop;
  };
  return { key, drivers: day.drivers as { id: string; name: string; role: string }[] };
}

/** A stop's card on the phone page, by its order number. */
export const stopCard = (page: Page, number: number): Locator =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: new RegExp(`#${number}$`) }) });

/** The phone page's banner of what waits to be sent. */
export const queueBanner = (page: Page) => page.getByTestId('queue-banner');

/** The stop headings as the phone lists them, top to bottom. */
export async function stopHeadings(page: Page): Promise<string[]> {
  return (await page.getByRole('article').getByRole('heading', { level: 2 }).allTextContents()).map((t) => t.trim());
}

/** A photo as a phone sends one (docs/samples: real JPEGs). */
export const SAMPLE_PHOTO = path.join(repoRoot, 'docs/samples/junk-pile-1.jpg');
export const SAMPLE_TICKET = path.join(repoRoot, 'docs/samples/junk-pile-2.jpg');

/** The demo company's config, which the specs' companies start from. */
export const demoConfig = () =>
  JSON.parse(readFileSync(path.join(repoRoot, 'apps/api/config/demo-company.json'), 'utf8'));

/** Money as the API rounds it: half up to the cent. */
const divRoundHalfUp = (n: number, d: number) => Math.floor((2 * n + d) / (2 * d));
const percentOf = (cents: number, percent: number) => divRoundHalfUp(cents * Math.round(percent * 1000), 100_000);

/**
 * What the rule charges for a weigh ticket on a size (no material): the tons over the size's
 * included tons (in hundredths, as tickets print) times its overage_per_ton, tax at the size's rate, then the
 * card fee by the company's handling. Cents.
 */
export function overageCents(
  netTons: number,
  size: { included_tons: number; overage_per_ton: number; tax: { enabled: boolean; percent: number } },
  cardFees: { handling: string; percent: number; fixed: number },
) {
  const over = Math.max(0, Math.round(netTons * 100) - Math.round(size.included_tons * 100));
  const overage = divRoundHalfUp(over * Math.round(size.overage_per_ton * 100), 100);
  const tax = size.tax.enabled ? percentOf(overage, size.tax.percent) : 0;
  const total = overage + tax;
  const fee =
    cardFees.handling === 'company_absorbs' || total === 0
      ? 0
      : percentOf(total, cardFees.percent) + Math.round(cardFees.fixed * 100);
  return { overage, tax, total, fee, gross: total + fee };
}

/** A Data API key of a company (access asked for, approved by the platform). */
export async function dataKey(slug: string): Promise<string> {
  const dir = env().dataDir;
  await svc(dir, 'data-api', 'request', slug, '--use', 'Weights and landfill costs for our books').catch(
    () => undefined,
  );
  await svc(dir, 'data-api', 'approve', slug);
  return (await svc(dir, 'data-api', 'keys', 'create', slug)).key;
}

/** A Data API receiver on loopback: every event body it was sent, answered 200. */
export function webhookReceiver() {
  const got: any[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push(JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null'));
      res.writeHead(200).end();
    });
  });
  return {
    got,
    start: () =>
      new Promise<string>((r) =>
        server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}/driver-day`)),
      ),
    stop: () => new Promise((r) => server.close(r)),
  };
}
