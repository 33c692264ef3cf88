import { defineConfig } from '@playwright/test';
import { CHROMIUM } from '../apps/api/test/support/chromium';

/** Spec files that start platforms of their own (support/platform.ts) for what they test. */
const OWN_PLATFORM = /(limits|security|stripe)\.spec\.ts$/;

/**
 * The e2e suite: the production builds of the API and the hosted pages, started as `npm start` starts
 * them on a fresh embedded database, driven by Debian's Chromium headless shell
 * (apps/api/test/support/chromium.ts; Playwright's browser download cannot work on this machine).
 * Screenshots land in test-results/screenshots and in the HTML report.
 */
export default defineConfig({
  testDir: 'tests',
  globalSetup: './support/global-setup.ts',
  // Two lanes on two cores: the files on the suite's one platform run one at a time (they share its
  // companies, queues and limits); the files that start platforms of their own (a lowered rate limit, a
  // restart on a new database) spend most of their time waiting out a minute or a restart, so they run beside.
  workers: 2,
  projects: [
    { name: 'shared', testIgnore: OWN_PLATFORM, workers: 1 },
    { name: 'own-platform', testMatch: OWN_PLATFORM, workers: 1 },
  ],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  outputDir: 'test-results/artifacts',
  reporter: [
    ['list'],
    ['json', { outputFile: 'test-results/results.json' }],
    ['html', { outputFolder: 'test-results/report', open: 'never' }],
  ],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
    screenshot: 'only-on-failure',
    // A failed test keeps its trace: actions, DOM snapshots, network and console. Not its screencast, whose
    // frames doubled Chromium's CPU over every test, failed or not (the screenshot above shows the end).
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
});
