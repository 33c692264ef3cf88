import { test } from '@playwright/test';

/**
 * The suite's shared platforms, one per project (playwright.config.ts): the files of a project run one at a
 * time on its platform (they share its companies, queues and limits), the two projects side by side.
 */
export const SHARED_PROJECTS = ['shared', 'shared-2'] as const;

/** What a test needs of its suite platform (support/global-setup.ts starts them). */
export type SuitePlatform = {
  api: string;
  hosted: string;
  /** The company console (apps/console). */
  console: string;
  /** The demo company's console owner, as `npm start` prints it. */
  owner: { email: string; password: string };
  dataDir: string;
  /** Where the platform's webhook receiver writes what it got, a line per delivery. */
  webhooks: string;
};

/**
 * The platform of the running test's project; a file that starts platforms of its own (the `own-platform`
 * project) and still asks gets the first.
 */
export function suite(): SuitePlatform {
  const platforms = JSON.parse(process.env.E2E_PLATFORMS ?? '[]') as SuitePlatform[];
  const index = Math.max(0, (SHARED_PROJECTS as readonly string[]).indexOf(test.info().project.name));
  const platform = platforms[index];
  if (!platform) throw new Error('no suite platform: the e2e suite runs through playwright (support/global-setup.ts)');
  return platform;
}
