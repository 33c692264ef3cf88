// `npm run bench:office`: the console's office search and dashboard on PostgreSQL with one company holding
// 1,000,000 orders (the Data API bench's database, bench/seed-data.ts, seeded first when missing). It starts
// the standalone server on that database, signs an owner in through an invitation as the console would, and
// loads each case with autocannon on loopback, one at a time: a search by a part of a customer's name, by a
// phone typed in another format than stored, by a part of a street, and a broad street search; the dashboard
// for 30 and 90 days; then it downloads the CSV of every order and reads the server's peak memory before
// and after. Prints p50/p99 and requests/s, saves bench/results/office-latest.json, and exits
// non-zero when a p99 is over its target (search 100 ms, dashboard 300 ms) or an answer is not a 200.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { stop } from './serving.mjs';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = path.join(apiDir, 'node_modules/.bin/tsx');
const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/svc_bench_data';
const SLUG = 'benchco';
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
/** Office users searching at once: a busy office, not a sync job. */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const PORT = Number(process.env.BENCH_PORT ?? 3492);
const base = `http://127.0.0.1:${PORT}`;
const ORIGIN = 'http://localhost:3002';

const sql = new pg.Client({ connectionString: url });
try {
  await sql.connect();
} catch (err) {
  console.error(`cannot reach ${url.replace(/\/\/[^@]*@/, '//')}: ${err.message}`);
  process.exit(1);
}
const companyOf = async () =>
  (await sql.query(`select to_regclass('public.companies') as t`)).rows[0].t &&
  (await sql.query('select id from companies where slug = $1', [SLUG])).rows[0]?.id;
if (!(await companyOf())) {
  console.log(`${SLUG} is not in this database: seeding it (bench/seed-data.ts)\n`);
  execFileSync(tsx, ['bench/seed-data.ts'], {
    cwd: apiDir,
    env: { ...process.env, DATABASE_URL: url },
    stdio: 'inherit',
  });
}
const companyId = await companyOf();
const orders = (await sql.query('select count(*)::int as n from orders where company_id = $1', [companyId])).rows[0].n;
// What an office looks for: a customer seen in the list, by part of the name, by the phone as said aloud.
const sample = (
  await sql.query(
    `select c.name, c.phone_digits, o.address->>'line1' as street from orders o join customers c on c.id = o.customer_id
     where o.company_id = $1 order by o.order_number desc offset 5000 limit 1`,
    [companyId],
  )
).rows[0];
const digits = sample.phone_digits.slice(-10);
const cases = [
  { label: 'search: part of a name', q: sample.name.slice(3), target: 100 },
  {
    label: 'search: phone, another format',
    q: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}.${digits.slice(6)}`,
    target: 100,
  },
  { label: 'search: part of a street', q: sample.street.split(' ').slice(0, 2).join(' '), target: 100 },
  { label: 'search: a street, broad', q: sample.street.split(' ').slice(1).join(' '), target: 100 },
].map((c) => ({ ...c, path: `/console/v1/orders?q=${encodeURIComponent(c.q)}` }));
for (const days of ['30', '90']) {
  cases.push({ label: `dashboard: ${days} days`, path: `/console/v1/dashboard?days=${days}`, target: 300 });
}

const cli = (...args) =>
  JSON.parse(
    execFileSync(tsx, ['src/cli/main.ts', ...args, '--json'], {
      cwd: apiDir,
      env: { ...process.env, DATABASE_URL: url },
    }).toString(),
  );

const server = spawn(process.execPath, ['dist/standalone.js'], {
  cwd: apiDir,
  // Its log lines go nowhere (still written, as in production); a pipe nobody read would fill and stall it.
  stdio: ['ignore', 'ignore', 'pipe'],
  env: { ...process.env, DATABASE_URL: url, STANDALONE_PORT: String(PORT), NODE_ENV: 'production' },
  detached: true,
});
server.stderr.on('data', (d) => process.stderr.write(d));
let failed = false;
const results = [];
let exported;

/** A process's peak resident memory so far (VmHWM), in MB. */
function peakRss(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmHWM:\s+(\d+) kB/m);
  return line ? Math.round(Number(line[1]) / 1024) : null;
}

function load(target, headers, seconds) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: seconds, headers, url: `${base}${target}` }, (err, r) =>
      err ? reject(err) : resolve(r),
    );
  });
}

try {
  const deadline = Date.now() + 60_000;
  while ((await fetch(`${base}/console/v1/me`).catch(() => undefined))?.status !== 401) {
    if (Date.now() > deadline) throw new Error('the standalone server did not start (build it: pnpm run build)');
    await new Promise((r) => setTimeout(r, 200));
  }
  // An owner of the bench company, signed in by accepting an invitation as the console's page does.
  const email = `bench-${Date.now()}@example.com`;
  const invited = cli('users', 'invite', SLUG, email, '--role', 'owner');
  const token =
    invited.token ?? new URL(invited.url ?? invited.link ?? invited.invitation_url).searchParams.get('token');
  const accepted = await fetch(`${base}/console/v1/invitations/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ token, name: 'Bench Owner', password: 'correct horse battery staple' }),
  });
  if (!accepted.ok) throw new Error(`accepting the invitation answered ${accepted.status}: ${await accepted.text()}`);
  const cookie = accepted.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const headers = { cookie, origin: ORIGIN };

  console.log(`${orders.toLocaleString('en-US')} orders; ${CONNECTIONS} connections, ${DURATION} s a case\n`);
  for (const c of cases) {
    const first = await fetch(`${base}${c.path}`, { headers });
    const body = await first.json();
    if (first.status !== 200) throw new Error(`${c.label}: ${first.status} ${JSON.stringify(body)}`);
    const found = Array.isArray(body.data) ? body.data.length : undefined;
    await load(c.path, headers, 1);
    const r = await load(c.path, headers, DURATION);
    const row = {
      case: c.label,
      q: c.q,
      rows_on_first_page: found,
      requests_per_second: Math.round(r.requests.average),
      p50_ms: r.latency.p50,
      p99_ms: r.latency.p99,
      max_ms: r.latency.max,
      target_p99_ms: c.target,
      non_2xx: r.non2xx + r.errors + r.timeouts,
    };
    if (row.non_2xx || row.p99_ms > c.target) failed = true;
    results.push(row);
    console.log(
      `${c.label.padEnd(32)} ${String(row.requests_per_second).padStart(6)} req/s   p50 ${String(row.p50_ms).padStart(3)} ms   p99 ${String(row.p99_ms).padStart(3)} ms (target ${c.target})${found === undefined ? '' : `   ${found} rows`}${row.non_2xx ? `   ${row.non_2xx} failed` : ''}`,
    );
  }
  // The export of the whole list (every order): streamed, so the server's peak memory stays flat.
  const rssBefore = peakRss(server.pid);
  const started = performance.now();
  const res = await fetch(`${base}/console/v1/exports/orders.csv`, { headers });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
  }
  exported = {
    rows: lines - 1,
    megabytes: Math.round(bytes / 2 ** 20),
    seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
    server_peak_rss_mb_before: rssBefore,
    server_peak_rss_mb_after: peakRss(server.pid),
  };
  if (res.status !== 200 || exported.rows !== orders) failed = true;
  console.log(
    `\nexport of every order: ${exported.rows.toLocaleString('en-US')} rows, ${exported.megabytes} MB in ${exported.seconds} s; the server's peak memory ${exported.server_peak_rss_mb_before} MB before, ${exported.server_peak_rss_mb_after} MB after`,
  );
} catch (err) {
  console.error(err.message);
  failed = true;
} finally {
  await stop(server);
  await sql.end();
}

const report = {
  date: new Date().toISOString(),
  machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}`,
  orders,
  connections: CONNECTIONS,
  seconds: DURATION,
  results,
  export: exported,
};
const file = path.join(apiDir, 'bench/results/office-latest.json');
writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
console.log(`\nsaved ${path.relative(apiDir, file)}${failed ? '\nA target was missed or a request failed.' : ''}`);
process.exit(failed ? 1 : 0);
