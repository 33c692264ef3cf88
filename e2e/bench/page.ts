/**
 * The hosted booking pages' weight and speed (/book and /junk-checkout), measured in Debian's Chromium
 * against the production builds (started as `npm start` starts them, on a fresh embedded database):
 *   - JavaScript each page downloads before the visitor does anything: each script's bytes and gzip size;
 *   - Largest Contentful Paint and "prices shown" (the first moment the price panel's total holds a
 *     price) from a cold load, median of RUNS fresh browser contexts, on this machine as it is and as a
 *     mid-range phone (4x slower CPU, a 1.6 Mbps / 150 ms mobile network, 360 x 780 screen).
 * Targets (the hosted page's performance budget): at most 120 KB gzip of JavaScript, LCP and prices shown under 1.5 s on the phone.
 * Prints a table and saves bench/results/page-latest.json. Usage: npm run bench:page (from the root).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from '@playwright/test';
import { startPlatform } from '../support/platform';

const RUNS = Number(process.env.RUNS ?? 5);
const JS_BUDGET = 120 * 1024;
const PHONE_BUDGET_MS = 1500;
const PAGES = [
  ['dumpster booking', '/book?company=demo'],
  ['junk removal booking', '/junk-checkout/demo'],
] as const;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const kb = (n: number) => Math.round(n / 102.4) / 10;

type Profile = { name: string; cpu: number; network?: { latency: number; down: number; up: number }; width: number };
const PROFILES: Profile[] = [
  { name: 'desktop, this machine', cpu: 1, width: 1280 },
  {
    name: 'mid-range phone (4x CPU, 1.6 Mbps/150 ms)',
    cpu: 4,
    network: { latency: 150, down: 1.6e6 / 8, up: 750e3 / 8 },
    width: 360,
  },
];

async function coldLoad(browser: Browser, url: string, profile: Profile, collect?: Map<string, Buffer>) {
  const context = await browser.newContext({ viewport: { width: profile.width, height: 780 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (profile.network) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.network.latency,
      downloadThroughput: profile.network.down,
      uploadThroughput: profile.network.up,
    });
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
  if (collect) {
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return;
      collect.set(res.url(), await res.body().catch(() => Buffer.alloc(0)));
    });
  }
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number; __prices: number };
    w.__lcp = 0;
    w.__prices = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    // The first moment the total holds a price, whether the server rendered it or a script wrote it. (No
    // named helper in here: tsx would wrap it in a __name() call the page does not have.)
    const watch = new MutationObserver(() => {
      if (w.__prices) return;
      if (!/\$\d/.test(document.querySelector('[data-testid=gross-total]')?.textContent ?? '')) return;
      w.__prices = performance.now();
      watch.disconnect();
    });
    watch.observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => (window as unknown as { __prices: number }).__prices > 0);
  const pricesShown = await page.evaluate(() => (window as unknown as { __prices: number }).__prices);
  // LCP is final once the page is quiet; a short settle, then read it.
  await page.waitForTimeout(500);
  const lcp = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
  await context.close();
  return { lcp, pricesShown };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'svc-bench-page-'));
const platform = await startPlatform(dataDir);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-dev-shm-usage'],
});
try {
  const pages = [];
  for (const [name, path] of PAGES) {
    const url = `${platform.hostedUrl}${path}`;
    await coldLoad(browser, url, PROFILES[0] as Profile); // warm the servers, not the browser
    const scripts = new Map<string, Buffer>();
    await coldLoad(browser, url, PROFILES[0] as Profile, scripts);
    const files = [...scripts].map(([u, body]) => ({
      path: new URL(u).pathname,
      bytes: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
    }));
    const js = {
      files: files.length,
      bytes: files.reduce((s, f) => s + f.bytes, 0),
      gzip: files.reduce((s, f) => s + f.gzip, 0),
      largest: [...files].sort((a, b) => b.gzip - a.gzip).slice(0, 5),
    };
    const timings = [];
    for (const profile of PROFILES) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await coldLoad(browser, url, profile));
      timings.push({
        profile: profile.name,
        lcp_ms: Math.round(median(runs.map((r) => r.lcp))),
        prices_shown_ms: Math.round(median(runs.map((r) => r.pricesShown))),
        runs: runs.map((r) => ({ lcp_ms: Math.round(r.lcp), prices_shown_ms: Math.round(r.pricesShown) })),
      });
    }
    const phone = timings[1] as (typeof timings)[number];
    const meets = js.gzip <= JS_BUDGET && phone.lcp_ms < PHONE_BUDGET_MS && phone.prices_shown_ms < PHONE_BUDGET_MS;
    pages.push({ page: name, path, javascript: js, timings, meets_targets: meets });

    console.log(`\n${name} (${path})`);
    console.log(`  JavaScript before any interaction: ${js.files} files, ${kb(js.bytes)} KB, ${kb(js.gzip)} KB gzip`);
    for (const f of js.largest) console.log(`    ${kb(f.gzip).toString().padStart(6)} KB gzip  ${f.path}`);
    console.log(`  Cold load, median of ${RUNS}:`);
    for (const t of timings) {
      console.log(`    ${t.profile.padEnd(44)} LCP ${t.lcp_ms} ms, prices shown ${t.prices_shown_ms} ms`);
    }
    console.log(
      `  targets (<= ${kb(JS_BUDGET)} KB gzip, phone LCP and prices < ${PHONE_BUDGET_MS} ms): ${meets ? 'met' : 'NOT met'}`,
    );
  }

  const result = {
    date: new Date().toISOString(),
    machine: {
      cpu: os.cpus()[0]?.model ?? 'unknown',
      cores: os.cpus().length,
      memory_gb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      chromium: browser.version(),
    },
    note: 'production builds, cold cache, fresh browser context per run',
    targets: {
      javascript_gzip_bytes: JS_BUDGET,
      phone_lcp_ms: PHONE_BUDGET_MS,
      phone_prices_shown_ms: PHONE_BUDGET_MS,
    },
    pages,
  };
  const out = path.join(import.meta.dirname, 'results/page-latest.json');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nsaved ${path.relative(process.cwd(), out)}`);
  if (pages.some((p) => !p.meets_targets)) process.exitCode = 1;
} finally {
  await browser.close();
  await platform.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
