import { existsSync } from 'node:fs';

/**
 * The Chromium the tests drive: `CHROMIUM_PATH` when set, else Debian's headless shell
 * (`apt-get install chromium-headless-shell`: the same Blink as the browser, built for automation, at half
 * the browser's CPU over the e2e suite on this machine), else Debian's Chromium (`apt-get install chromium`).
 * .ci/run installs both. The page bench measures the full browser (e2e/bench/page.ts).
 */
export const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => existsSync(p)) ??
  '/usr/bin/chromium';
