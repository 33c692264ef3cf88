import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readmeExample, startApi } from './api';

let api: Awaited<ReturnType<typeof startApi>>;
beforeAll(async () => {
  api = await startApi();
}, 120_000);
afterAll(() => api?.stop());

it('the README example books, confirms and verifies its webhook', async () => {
  const dir = path.resolve(import.meta.dirname, '../.example');
  mkdirSync(dir, { recursive: true });
  // Inside the repository the package resolves to its source.
  const file = path.join(dir, 'readme-example.mts');
  writeFileSync(file, readmeExample().replace("from '@svc/sdk'", "from '../src/index.ts'"));
  const { stdout } = await promisify(execFile)(path.resolve('node_modules/.bin/tsx'), [file], {
    env: await api.exampleEnv(),
    timeout: 60_000,
  });
  expect(stdout).toMatch(/10 Yard Dumpster, 7 days: \d+(\.\d+)? USD charged/);
  expect(stdout).toMatch(/Order #\d+ confirmed/);
  expect(stdout).toMatch(/Webhook booking.completed for order #\d+/);
});
