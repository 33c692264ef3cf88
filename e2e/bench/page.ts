/**
 * The booking pages' weight and speed, measured in Debian's Chromium against the production builds (started
 * as `npm start` starts them, on a fresh embedded database): the hosted pages (/book and /junk-checkout)
 * and the inline widget on a site owner's page of another origin (bench/third-party.ts):
 *   - JavaScript each page downloads before the visitor does anything: each script's bytes and gzip size
 *     (on the site owner's page: the widget's loader and flow; the loader alone is held to its own budget);
 *   - first byte (the page's server time as the browser sees it: request start to the first byte of the HTML),
 *     Largest Contentful Paint and "prices shown" (the first moment the price panel's total holds a
 *     price, in the page or in the widget's shadow root) from a cold load, median of RUNS fresh browser
 *     contexts (each settled for a second before the clock starts), on this machine as it is and as a
 *     mid-range phone (4x slower CPU, a 1.6 Mbps / 150 ms mobile network, 360 x 780 screen);
 *   - layout shift (CLS) over the same loads: what moves when the script takes over (on the site owner's
 *     page: anything of the host's or the widget's).
 * Targets: at most 75 KB gzip of JavaScript before any interaction; hosted pages on the phone: LCP and prices
 * shown under 600 ms; the widget on the phone: prices shown under 700 ms, its loader under 5 KB gzip; no
 * layout shift anywhere (CLS under 0.01).
 * Prints a table (and the widget's requests on the phone, in order), saves bench/results/page-latest.json
 * with the fingerprint of the sources it measured (bench/sources.ts), writes the figures into
 * docs/benchmarks.md, and exits non-zero when a page misses a target. Usage: npm run bench:page (from the root).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startPlatform } from '../support/platform';
import { coldLoad, type Load, PROFILES, type Profile } from './cold-load';
import { writeBenchmarks } from './report';
import { sourcesFingerprint } from './sources';
import { startThirdPartySite } from './third-party';

const RUNS = Number(process.env.RUNS ?? 5);
const JS_BUDGET = 75 * 1024;
const PHONE_BUDGET_MS = 600;
const WIDGET_PHONE_BUDGET_MS = 700;
const LOADER_BUDGET = 5 * 1024;
const CLS_BUDGET = 0.01;
const LOADER = /\/widget\/v1\/booking(\.[a-z0-9]+)?\.js$/;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const kb = (n: number) => Math.round(n / 102.4) / 10;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'svc-bench-page-'));
const platform = await startPlatform(dataDir);
const site = await startThirdPartySite(`${platform.hostedUrl}/widget/v1/booking.js`);
const PAGES = [
  {
    name: 'dumpster booking',
    path: '/book?company=demo',
    url: `${platform.hostedUrl}/book?company=demo`,
    widget: false,
  },
  {
    name: 'junk removal booking',
    path: '/junk-checkout/demo',
    url: `${platform.hostedUrl}/junk-checkout/demo`,
    widget: false,
  },
  {
    name: "inline widget on a site owner's page",
    path: 'widget (inline, another origin)',
    url: site.url,
    widget: true,
  },
];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-dev-shm-usage'],
});
try {
  const pages = [];
  for (const { name, path: where, url, widget } of PAGES) {
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
      loader_gzip: widget ? (files.find((f) => LOADER.test(f.path))?.gzip ?? 0) : undefined,
    };
    const timings = [];
    let waterfall: { path: string; at_ms: number }[] | undefined;
    for (const profile of PROFILES) {
      const runs: Load[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await coldLoad(browser, url, profile));
      const middle = median(runs.map((r) => r.pricesShown));
      const typical = runs.find((r) => r.pricesShown === middle) as Load;
      if (widget && profile.network) {
        waterfall = typical.requests.map((r) => {
          const u = new URL(r.url);
          return {
            path: `${u.port === new URL(url).port ? 'page' : u.port === new URL(platform.apiUrl).port ? 'api' : 'hosted'} ${u.pathname}${u.search}`,
            at_ms: r.at,
          };
        });
      }
      timings.push({
        profile: profile.name,
        first_byte_ms: Math.round(median(runs.map((r) => r.firstByte))),
        lcp_ms: Math.round(median(runs.map((r) => r.lcp))),
        prices_shown_ms: Math.round(middle),
        cls: Math.max(...runs.map((r) => r.cls)),
        runs: runs.map((r) => ({
          first_byte_ms: Math.round(r.firstByte),
          lcp_ms: Math.round(r.lcp),
          prices_shown_ms: Math.round(r.pricesShown),
          cls: Number(r.cls.toFixed(4)),
        })),
      });
    }
    const phone = timings[1] as (typeof timings)[number];
    const meets = widget
      ? js.gzip <= JS_BUDGET &&
        (js.loader_gzip ?? Infinity) < LOADER_BUDGET &&
        phone.prices_shown_ms < WIDGET_PHONE_BUDGET_MS &&
        timings.every((t) => t.cls < CLS_BUDGET)
      : js.gzip <= JS_BUDGET &&
        phone.lcp_ms < PHONE_BUDGET_MS &&
        phone.prices_shown_ms < PHONE_BUDGET_MS &&
        timings.every((t) => t.cls < CLS_BUDGET);
    pages.push({ page: name, path: where, widget, javascript: js, timings, waterfall, meets_targets: meets });

    console.log(`\n${name} (${where})`);
    console.log(`  JavaScript before any interaction: ${js.files} files, ${kb(js.bytes)} KB, ${kb(js.gzip)} KB gzip`);
    for (const f of js.largest) console.log(`    ${kb(f.gzip).toString().padStart(6)} KB gzip  ${f.path}`);
    console.log(`  Cold load, median of ${RUNS}:`);
    for (const t of timings) {
      console.log(
        `    ${t.profile.padEnd(44)} first byte ${t.first_byte_ms} ms, LCP ${t.lcp_ms} ms, prices shown ${t.prices_shown_ms} ms, CLS ${t.cls.toFixed(4)} (worst)`,
      );
    }
    if (waterfall) {
      console.log('  Requests on the phone (the run of the median prices shown), ms from navigation:');
      for (const r of waterfall) console.log(`    ${String(r.at_ms).padStart(6)}  ${r.path}`);
    }
    console.log(
      widget
        ? `  targets (loader < ${kb(LOADER_BUDGET)} KB gzip: ${kb(js.loader_gzip ?? 0)} KB; <= ${kb(JS_BUDGET)} KB gzip, phone prices < ${WIDGET_PHONE_BUDGET_MS} ms, host CLS < ${CLS_BUDGET}): ${meets ? 'met' : 'NOT met'}`
        : `  targets (<= ${kb(JS_BUDGET)} KB gzip, phone LCP and prices < ${PHONE_BUDGET_MS} ms, CLS < ${CLS_BUDGET}): ${meets ? 'met' : 'NOT met'}`,
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
    sources: sourcesFingerprint(),
    targets: {
      javascript_gzip_bytes: JS_BUDGET,
      phone_lcp_ms: PHONE_BUDGET_MS,
      phone_prices_shown_ms: PHONE_BUDGET_MS,
      widget_phone_prices_shown_ms: WIDGET_PHONE_BUDGET_MS,
      widget_loader_gzip_bytes: LOADER_BUDGET,
      cls: CLS_BUDGET,
    },
    pages,
  };
  const out = path.join(import.meta.dirname, 'results/page-latest.json');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nsaved ${path.relative(process.cwd(), out)}`);
  writeBenchmarks(result, RUNS);
  console.log('wrote the figures into docs/benchmarks.md (between the page-bench markers)');
  if (pages.some((p) => !p.meets_targets)) process.exitCode = 1;
} finally {
  await browser.close();
  await site.close();
  await platform.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
