import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { openDatabase } from '../db/client';
import { findCompanyBySlug, loadCatalog } from '../db/repositories/catalog';
import { hostedPageUrl } from '../lib/api-keys';
import { repoRoot } from '../lib/paths';
import { junkPageUrl } from '../present/junk-catalog';
import { PROXY_TOKEN_MIN_LENGTH, readEnv } from '../runtime/config';
import { quietOnClosedLogPipes } from '../runtime/log-pipes';
import { DEMO_SLUG, seedDemo } from '../use-cases/company/seed-demo';

quietOnClosedLogPipes();

/**
 * `npm start`: migrate and seed the demo company (the same code as `svc seed-demo`), then serve the
 * platform with Next and print where everything is.
 */
const env = readEnv();
const database = await openDatabase({ url: env.databaseUrl, dataDir: env.pgliteDir, migrate: true });
const keys = await seedDemo(database, new Date());
const company = await findCompanyBySlug(database.db, DEMO_SLUG);
const catalog = company ? await loadCatalog(database.db, company.id) : null;
const tenYard = catalog?.sizes.find((s) => s.key === '10yd');
await database.close();

const base = `http://localhost:${env.apiPort}`;
// The embedded default is a developer's machine: webhooks may go to receivers on loopback, and logs are
// lines to read rather than JSON (lib/log.ts).
process.env.SVC_WEBHOOK_ALLOW_HTTP ??= '1';
process.env.SVC_LOG_FORMAT ??= 'pretty';

const children: ReturnType<typeof spawn>[] = [];

/**
 * One Next app (the API, the hosted pages or the console) as a child process sharing this one's lifetime,
 * served by server/next-server.ts (`next start` that adds the socket's address to X-Forwarded-For).
 */
function nextStart(app: string, port: number, extraEnv: Record<string, string> = {}) {
  const dir = path.join(repoRoot(), 'apps', app);
  const child = spawn(
    process.execPath,
    [path.join(repoRoot(), 'apps/api/dist/next-server.js'), '--dir', dir, '--port', String(port)],
    { cwd: dir, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...extraEnv } },
  );
  const ready = new Promise<void>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      if (/ready on/i.test(chunk.toString())) resolve();
    });
  });
  children.push(child);
  child.on('exit', (code) => {
    for (const other of children) if (other !== child) other.kill('SIGTERM');
    process.exit(code ?? 0);
  });
  return { child, ready };
}

// The hosted pages' server calls the API on its visitors' behalf: this secret lets it say whose address a
// call is for (docs/decisions/hosted-server-trusted-proxy.md). Both servers get the same one; it is never printed.
const proxyToken = env.proxyToken ?? randomBytes(32).toString('hex');
if (process.env.SVC_PROXY_TOKEN && !env.proxyToken) {
  console.warn(`SVC_PROXY_TOKEN is shorter than ${PROXY_TOKEN_MIN_LENGTH} characters: a random one is used instead.`);
}
const api = nextStart('api', env.apiPort, { SVC_PROXY_TOKEN: proxyToken });
const hosted = nextStart('hosted', env.hostedPort, {
  SVC_API_URL: process.env.SVC_API_URL ?? base,
  SVC_PROXY_TOKEN: proxyToken,
});
// The company console (apps/console) serves /console/v1 on its own origin by forwarding it to the API.
const consoleApp = nextStart('console', Number(process.env.CONSOLE_PORT ?? 3002), {
  SVC_API_URL: process.env.SVC_API_URL ?? base,
  SVC_PROXY_TOKEN: proxyToken,
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const child of children) child.kill(signal);
  });
}
await Promise.all([api.ready, hosted.ready, consoleApp.ready]);
const local = (port: number, page: string) => `http://127.0.0.1:${port}${page}`;
await untilServed([
  local(env.hostedPort, `/book?company=${DEMO_SLUG}`),
  local(env.hostedPort, `/junk-checkout/${DEMO_SLUG}`),
  local(Number(process.env.CONSOLE_PORT ?? 3002), '/sign-in'),
]);
announce();

/**
 * Asks for each app's first pages until they answer: a Next route loads its code on its first request, and
 * the booking page's first company lookup on a cold API can outlast the page's wait for it (a 503 "booking
 * is temporarily unavailable"). So the first visitor is not the one who waits, and "svc is running" means
 * the pages are served. Gives up after a minute and announces anyway (the log says what failed).
 */
async function untilServed(pages: string[]) {
  const deadline = Date.now() + 60_000;
  for (const page of pages) {
    let status = 0;
    while (Date.now() < deadline) {
      status = await fetch(page, { signal: AbortSignal.timeout(15_000) }).then(
        (res) => res.status,
        () => 0,
      );
      if (status > 0 && status < 500) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    if (status === 0 || status >= 500) console.warn(`${page} is not served yet (last answer: ${status || 'none'})`);
  }
}

function announce() {
  const db = env.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${env.pgliteDir}`;
  console.log(`
svc is running: ${db}, sandbox payments
  Booking page   ${hostedPageUrl(env.hostedBaseUrl, DEMO_SLUG)}
  Junk removal   ${junkPageUrl(env.hostedBaseUrl, DEMO_SLUG)}
  Widget tag     <script async src="${env.hostedBaseUrl}/widget/v1/booking.js" data-company="${DEMO_SLUG}"></script>
  Booking API    ${base}/booking/v1
  OpenAPI        ${base}/booking/v1/openapi.json
  Data API       ${base}/data/v1   (servers only; access by approval: docs/tour.md, "The Data API, by curl")
  Console        ${env.consoleBaseUrl}   sign in as ${keys.owner.email} / ${keys.owner.password}

Demo company "${DEMO_SLUG}"
  publishable key  ${keys.publishable}   (Origin: http://localhost or http://127.0.0.1, any port)
  server key       ${keys.server}

Book on either page with the sandbox card 4242 4242 4242 4242 (any future expiry, any CVC).

Price a 10-yard dumpster for 9 days:
  curl -s ${base}/booking/v1/quote \\
    -H 'Authorization: Bearer ${keys.server}' \\
    -H 'Content-Type: application/json' \\
    -d '{"size_id":"${tenYard?.id ?? '<size id from GET /sizes>'}","rental_days":9}'

Company setup while it runs: npm run svc -- --help
Watch booking webhooks:       npm run -s svc -- webhooks listen ${DEMO_SLUG}
`);
}
