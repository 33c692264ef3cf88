import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readmeExample, startApi } from './api';

const run = promisify(execFile);
const sdkDir = path.resolve(import.meta.dirname, '..');
const tsc = path.resolve(sdkDir, '../../node_modules/.bin/tsc');

let api: Awaited<ReturnType<typeof startApi>>;
let app = '';
beforeAll(async () => {
  api = await startApi();
  // The package as npm would publish it, installed where nothing of the repository is visible.
  await run(path.join(sdkDir, 'node_modules/.bin/tsup'), [], { cwd: sdkDir });
  const packDir = mkdtempSync(path.join(tmpdir(), 'svc-sdk-pack-'));
  // pnpm pack writes the npm tarball with catalog: versions resolved (npm pack would keep "catalog:").
  await run(path.resolve(sdkDir, '../../node_modules/.bin/pnpm'), ['pack', '--pack-destination', packDir], {
    cwd: sdkDir,
  });
  const tarball = path.join(packDir, readdirSync(packDir).find((f) => f.endsWith('.tgz')) as string);
  app = mkdtempSync(path.join(tmpdir(), 'svc-sdk-app-'));
  writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  await run('npm', ['install', tarball, '@types/node@20', '--no-audit', '--no-fund', '--silent'], {
    cwd: app,
    timeout: 120_000,
  });
}, 240_000);
afterAll(async () => {
  await api?.stop();
  if (app) rmSync(app, { recursive: true, force: true });
});

// Compiling with tsc and running both examples takes about 15 s alone, and several times that beside the
// other test lanes: the limit is there to catch a hang.
it('installs from npm pack; the README examples type-check against the published types and run', {
  timeout: 180_000,
}, async () => {
  writeFileSync(path.join(app, 'example.ts'), readmeExample());
  writeFileSync(path.join(app, 'data-example.ts'), readmeExample('data-example'));
  writeFileSync(
    path.join(app, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        outDir: 'out',
        types: ['node'],
      },
      files: ['example.ts', 'data-example.ts'],
    }),
  );
  await run(tsc, ['-p', '.'], { cwd: app });
  const { stdout } = await run(process.execPath, ['out/example.js'], {
    cwd: app,
    env: await api.exampleEnv(),
    timeout: 60_000,
  });
  expect(stdout).toMatch(/Order #\d+ confirmed/);
  expect(stdout).toMatch(/Webhook booking.completed/);
  const data = await run(process.execPath, ['out/data-example.js'], {
    cwd: app,
    env: { ...process.env, SVC_BASE_URL: api.baseUrl, SVC_DATA_KEY: api.dataKey() },
    timeout: 60_000,
  });
  expect(data.stdout).toMatch(/^[1-9]\d* confirmed orders/m);
  expect(data.stdout).toContain('Lead created, then found again');
});

it('a type error in user code against the published types fails to compile', async () => {
  writeFileSync(
    path.join(app, 'wrong.ts'),
    "import { createBookingClient } from '@svc/sdk';\nconst svc = createBookingClient({ baseUrl: '', apiKey: '' });\nvoid svc.quote({ size_id: 'x', rental_day: 9 });\n",
  );
  const failed = await run(
    tsc,
    ['--noEmit', '--module', 'NodeNext', '--moduleResolution', 'NodeNext', '--strict', 'wrong.ts'],
    { cwd: app },
  ).catch((e) => e);
  expect(String(failed.stdout)).toContain("'rental_day' does not exist");
});

it('works from CommonJS too', async () => {
  const { stdout } = await run(
    process.execPath,
    [
      '-e',
      "const sdk = require('@svc/sdk'); console.log([sdk.createBookingClient, sdk.createDataClient, sdk.verifyWebhook, sdk.verifyDataWebhook].map((f) => typeof f).join(' '))",
    ],
    { cwd: app },
  );
  expect(stdout.trim()).toBe('function function function function');
});
