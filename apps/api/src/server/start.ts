import { spawn } from 'node:child_process';
import path from 'node:path';
import { openDatabase } from '../db/client';
import { findCompanyBySlug, loadCatalog } from '../db/repositories/catalog';
import { repoRoot } from '../lib/paths';
import { readEnv } from '../runtime/config';
import { DEMO_SLUG, seedDemo } from '../use-cases/seed-demo';

/**
 * `npm start`: migrate and seed the demo company (the same code as `svc seed-demo`), then serve the
 * platform with Next and print where everything is.
 */
const env = readEnv();
const database = await openDatabase({ url: env.databaseUrl, dataDir: env.pgliteDir, migrate: true });
const keys = await seedDemo(database);
const company = await findCompanyBySlug(database.db, DEMO_SLUG);
const catalog = company ? await loadCatalog(database.db, company.id) : null;
const tenYard = catalog?.sizes.find((s) => s.key === '10yd');
await database.close();

const base = `http://localhost:${env.apiPort}`;
// The embedded default is a developer's machine: webhooks may go to receivers on loopback.
process.env.SVC_WEBHOOK_ALLOW_HTTP ??= '1';
const apiDir = path.join(repoRoot(), 'apps/api');
const next = spawn(
  process.execPath,
  [path.join(apiDir, 'node_modules/next/dist/bin/next'), 'start', '--port', String(env.apiPort)],
  {
    cwd: apiDir,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
  },
);

let announced = false;
next.stdout.on('data', (chunk: Buffer) => {
  process.stdout.write(chunk);
  if (!announced && /ready|started|Local:/i.test(chunk.toString())) {
    announced = true;
    setTimeout(announce, 200);
  }
});
next.on('exit', (code) => process.exit(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => next.kill(signal));

function announce() {
  const db = env.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${env.pgliteDir}`;
  console.log(`
svc is running: ${db}, sandbox payments
  Booking API    ${base}/booking/v1
  OpenAPI        ${base}/booking/v1/openapi.json

Demo company "${DEMO_SLUG}"
  publishable key  ${keys.publishable}   (Origin: http://localhost or http://127.0.0.1, any port)
  server key       ${keys.server}

Price a 10-yard dumpster for 9 days:
  curl -s ${base}/booking/v1/quote \\
    -H 'Authorization: Bearer ${keys.server}' \\
    -H 'Content-Type: application/json' \\
    -d '{"size_id":"${tenYard?.id ?? '<size id from GET /sizes>'}","rental_days":9}'

Company setup while it runs: npm run svc -- --help
Watch booking webhooks:       npm run -s svc -- webhooks listen ${DEMO_SLUG}
`);
}
