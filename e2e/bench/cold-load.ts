import type { Browser } from '@playwright/test';

/** How a visitor's browser is: this machine as it is, or a mid-range phone on a mobile network. */
export type Profile = {
  name: string;
  cpu: number;
  network?: { latency: number; down: number; up: number };
  width: number;
};

export const PROFILES: Profile[] = [
  { name: 'desktop, this machine', cpu: 1, width: 1280 },
  {
    name: 'mid-range phone (4x CPU, 1.6 Mbps/150 ms)',
    cpu: 4,
    network: { latency: 150, down: 1.6e6 / 8, up: 750e3 / 8 },
    width: 360,
  },
];

const SETTLE_MS = 1000;

export type Load = {
  lcp: number;
  pricesShown: number;
  cls: number;
  firstByte: number;
  /** Every request the page made, in the order it made them (the widget's waterfall). */
  requests: { url: string; at: number; done?: number }[];
};

/**
 * One cold load of `url` in a fresh browser context: no cache, the profile's CPU and network. "Prices shown"
 * is the first moment a price panel's total holds a price, whether the page's server rendered it, a script
 * wrote it, or a widget drew it inside its shadow root (the observer follows every open shadow root the page
 * attaches). LCP and layout shift are the page's own: on a site owner's page, the host page's.
 * `collect` keeps the body of every script the page loads (its JavaScript weight).
 */
export async function coldLoad(
  browser: Browser,
  url: string,
  profile: Profile,
  collect?: Map<string, Buffer>,
): Promise<Load> {
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
  const requests: { url: string; at: number; done?: number }[] = [];
  let started = 0;
  page.on('request', (req) => requests.push({ url: req.url(), at: Date.now() - started }));
  page.on('requestfinished', (req) => {
    const seen = requests.find((r) => r.url === req.url() && r.done === undefined);
    if (seen) seen.done = Date.now() - started;
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number; __prices: number; __cls: number };
    w.__lcp = 0;
    w.__prices = 0;
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) w.__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    // The first moment a total holds a price, in the document or in a widget's shadow root. (No named
    // helper in here: tsx would wrap it in a __name() call the page does not have.)
    const roots: (Document | ShadowRoot)[] = [document];
    const watch = new MutationObserver(() => {
      if (w.__prices) return;
      const shown = roots.some((root) =>
        /\$\d/.test(root.querySelector('[data-testid=gross-total]')?.textContent ?? ''),
      );
      if (!shown) return;
      w.__prices = performance.now();
      watch.disconnect();
    });
    const options = { childList: true, subtree: true, characterData: true };
    watch.observe(document, options);
    const attach = Element.prototype.attachShadow;
    Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
      const root = attach.call(this, init);
      roots.push(root);
      watch.observe(root, options);
      return root;
    };
  });
  // A phone's browser is running before its visitor taps a link, and the page's servers run on other
  // machines. Here a fresh context starts its browser processes on the same two cores as the servers under
  // test: navigating at once measured that start-up as server time (first byte 49 to 659 ms for the same
  // page). So the clock starts once the context has settled; the load itself stays cold.
  await page.waitForTimeout(SETTLE_MS);
  started = Date.now();
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => (window as unknown as { __prices: number }).__prices > 0, null, {
    timeout: 30_000,
  });
  const pricesShown = await page.evaluate(() => (window as unknown as { __prices: number }).__prices);
  // LCP and layout shift are final once the script has taken over and the page is quiet.
  await page.locator('[data-ready]').first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(500);
  const { lcp, cls, firstByte } = await page.evaluate(() => {
    const w = window as unknown as { __lcp: number; __cls: number };
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return { lcp: w.__lcp, cls: w.__cls, firstByte: nav.responseStart - nav.requestStart };
  });
  await context.close();
  return { lcp, pricesShown, cls, firstByte, requests };
}
