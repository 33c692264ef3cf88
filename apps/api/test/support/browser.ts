import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM } from './chromium';

export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  if (process.env.CI) throw new Error(`CI must run the browser tests: no Chromium at ${CHROMIUM}`);
  console.warn(`No Chromium at ${CHROMIUM}: the browser tests are skipped (apt-get install chromium-headless-shell).`);
  return false;
}

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
