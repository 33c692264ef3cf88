import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { confirmWithRetry, createBookingClient } from '../src/index';
import { intentBody, payInSandbox, readmeExample, startApi } from './api';

let api: Awaited<ReturnType<typeof startApi>>;
beforeAll(async () => {
  api = await startApi();
}, 120_000);
afterAll(() => api?.stop());

const dir = path.resolve(import.meta.dirname, '../.example');
/** Inside the repository the package resolves to its source. */
function exampleFile(name: 'example' | 'data-example') {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `readme-${name}.mts`);
  writeFileSync(file, readmeExample(name).replace("from '@svc/sdk'", "from '../src/index.ts'"));
  return file;
}
const tsx = (file: string, env: NodeJS.ProcessEnv) =>
  promisify(execFile)(path.resolve('node_modules/.bin/tsx'), [file], { env, timeout: 60_000 });

it('the README example books, confirms and verifies its webhook', async () => {
  const { stdout } = await tsx(exampleFile('example'), await api.exampleEnv());
  expect(stdout).toMatch(/10 Yard Dumpster, 7 days: \d+(\.\d+)? USD charged/);
  expect(stdout).toMatch(/Order #\d+ confirmed/);
  expect(stdout).toMatch(/Webhook booking.completed for order #\d+/);
});

it("the README's Data API example walks the orders, pushes a lead twice, lists who to call back, on the free plan", async () => {
  const booking = createBookingClient({ baseUrl: api.baseUrl, apiKey: api.keys.server });
  const intent = await booking.createIntent(await intentBody(booking));
  await payInSandbox(api.baseUrl, intent);
  await confirmWithRetry(booking, intent);
  const unpaid = await intentBody(booking);
  await booking.createIntent({
    ...unpaid,
    customer: { ...unpaid.customer, name: 'Robin Unpaid', email: 'robin@example.com' },
  });
  const env = { ...process.env, SVC_BASE_URL: api.baseUrl, SVC_DATA_KEY: api.dataKey('free') };
  const { stdout } = await tsx(exampleFile('data-example'), env);
  expect(stdout).toMatch(/^[1-9]\d* confirmed orders, \d+\.\d\d in all$/m);
  expect(stdout).toMatch(/^Newest: order #\d+$/m);
  expect(stdout).toContain('Lead created, then found again');
  expect(stdout).toMatch(/^\d+ s of today's window left$/m);
  expect(stdout).toMatch(/^Call Robin Unpaid \(\+1 512 555 0199\): \d+(\.\d+)? USD$/m);
});
