import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { openBooking, screenshot } from '../support/booking';
import { type Platform, startPlatform } from '../support/platform';

// A visitor who hits the per-minute limit reads why, on both pages. The platform of this
// file runs with the spec's limit lowered to 30 a minute, so the test can reach it quickly.

let platform: Platform;
let dataDir: string;
test.beforeAll(async () => {
  // Started beside the rest of the suite: up to startPlatform's own 90 s on a busy machine.
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'svc-e2e-limits-'));
  platform = await startPlatform(dataDir, { SVC_RATE_LIMIT_PER_MINUTE: '30' });
});
test.afterAll(async () => {
  await platform?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Spends the visitor's requests of the minute from the browser itself (a publishable key is counted per
 * visitor: the key and the address), as a page of the hosted origin would, until a 429 whose wait is long
 * enough for the page to say it (a wait of 5 s or less the flow's client waits out unseen). The page can
 * read the refusal and its wait only because the answer carries the CORS headers of its origin.
 */
async function spendTheMinute(page: Page): Promise<number> {
  return page.evaluate(
    async ({ apiUrl, key }) => {
      for (let i = 0; i < 80; i++) {
        const res = await fetch(`${apiUrl}/booking/v1/junk/config`, { headers: { Authorization: `Bearer ${key}` } });
        if (res.status === 429) {
          const wait = Number(res.headers.get('retry-after'));
          if (wait > 8) return wait;
          await new Promise((r) => setTimeout(r, (wait + 1) * 1000)); // the minute is about over: the next one
        }
      }
      throw new Error('the limit was never reached');
    },
    { apiUrl: platform.apiUrl, key: platform.keys.publishable },
  );
}

test('a 429 is read by both pages and said as a sentence with the wait; after it, they price again', async ({
  context,
}, info) => {
  test.setTimeout(150_000);
  const pages = [];
  // `back`: a choice priced differently from both earlier ones, to see a new price arrive.
  for (const [name, pagePath, change, back] of [
    ['junk', '/junk-checkout/demo', /1\/2 truck/, /Full truck/],
    ['dumpster', '/book?company=demo', /20 Yard Dumpster/, /30 Yard Dumpster/],
  ] as const) {
    const page = await context.newPage();
    await openBooking(page, `${platform.hostedUrl}${pagePath}`);
    await expect(page.getByTestId('gross-total')).toHaveText(/\$\d/);
    pages.push({ name, page, change, back });
  }
  const wait = await spendTheMinute(pages[0]?.page as Page);
  expect(wait).toBeGreaterThan(0);
  // The next price each page asks for is refused: each says so, and how long to wait.
  const sentence = /Too many tries in a short time\. Please wait \d+ seconds and try again\./;
  for (const { name, page, change } of pages) {
    await page.getByRole('radio', { name: change }).check();
    await expect(page.getByRole('alert').filter({ hasText: sentence })).toBeVisible({ timeout: 30_000 });
    await screenshot(page, info, `limits-${name}`);
  }
  // Once the minute is over, the pages price again and the sentence goes.
  await pages[0]?.page.waitForTimeout((wait + 1) * 1000);
  for (const { page, back } of pages) {
    const before = (await page.getByTestId('gross-total').textContent()) ?? '';
    await page.getByRole('radio', { name: back }).check();
    await expect(page.getByTestId('gross-total')).not.toHaveText(before, { timeout: 30_000 });
    await expect(page.getByRole('alert').filter({ hasText: sentence })).toBeHidden();
  }
});

/** Spends the caller address's minute on the per-IP limit alone (no key), until the wait is long enough. */
async function spendAddress(apiUrl: string) {
  for (let i = 0; i < 80; i++) {
    const res = await fetch(`${apiUrl}/booking/v1/sizes`);
    if (res.status === 429) {
      const wait = Number(res.headers.get('retry-after'));
      if (wait > 8) return;
      await new Promise((r) => setTimeout(r, (wait + 1) * 1000));
    }
  }
  throw new Error(`the limit of ${apiUrl} was never reached`);
}

/** The booking page's HTML as a visitor at `from` (a loopback address of this machine) gets it. */
function visit(pagePath: string, from: string, headers: Record<string, string> = {}): Promise<string> {
  const url = new URL(pagePath, platform.hostedUrl);
  return new Promise((resolve, reject) => {
    http
      .get(
        { host: '127.0.0.1', port: url.port, path: `${url.pathname}${url.search}`, localAddress: from, headers },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve(body));
        },
      )
      .on('error', reject);
  });
}

/** Whether the page came with its sizes and prices (loaded by its server), not left to the browser. */
function renderedWithData(html: string): boolean {
  const data = /<script id="svc-page-data"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!data) throw new Error(`not a booking page: ${html.slice(0, 200)}`);
  return 'preload' in (JSON.parse(data) as object);
}

test("the page's server asks for its visitor's address, and a visitor cannot write another one", async () => {
  test.setTimeout(150_000);
  // Every address the page's server could call the API from has spent its minute (with no key: the demo
  // key's own minute stays, as the page's server calls with it).
  await spendAddress(platform.apiUrl.replace('localhost', '127.0.0.1'));
  await spendAddress(platform.apiUrl.replace('localhost', '[::1]'));
  // A visitor from another address: the server's calls are counted against the visitor, who has all of theirs.
  expect(renderedWithData(await visit('/book?company=demo', '127.0.0.2'))).toBe(true);
  expect(renderedWithData(await visit('/junk-checkout/demo', '127.0.0.3'))).toBe(true);
  // A visitor from a spent address that names another one: counted as itself, so the browser loads the data.
  const forged = { 'X-Forwarded-For': '198.51.100.9', 'X-SVC-Client-IP': '198.51.100.10' };
  expect(renderedWithData(await visit('/book?company=demo', '127.0.0.1', forged))).toBe(false);
});
