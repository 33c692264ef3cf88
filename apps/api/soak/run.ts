// `npm run soak` (root: installs and builds the server, then this; `npm run soak -- --short` for CI, under 3
// minutes in all; `-- --duration 10m` for longer; `-- --rate 10x` for ten times the visits: run-options.ts). The topology of docs/deploy.md on one machine: three
// standalone API instances (dist/standalone.js) on a PostgreSQL cluster and a Redis of the soak's own, behind
// a real nginx (soak/nginx.conf.template) on loopback, a company's webhook receiver that fails a share of
// deliveries and goes down for a while, and a mixed load (soak/load.ts, the driver's day included) for a
// bounded time. Meanwhile, spaced over the load: one instance hangs and is SIGKILLed, one is SIGTERMed
// (graceful) with requests in flight, both started again; PostgreSQL is stopped and started; Redis is stopped
// for 10 s. Each fault's window is recorded. Then, once the outbox, the recovery worker and the charge worker
// have settled, it checks from the database, the sandbox's records (the card processor's stand-in), the
// receiver's log, nginx's log and the instances' logs that nothing was lost, doubled or leaked
// (soak/checks.ts); then, but in a short run, it offers the same visits in steps of a higher rate until a step
// does not hold (soak/load-ramp.ts: the saturation point). It prints each check, p50/p99 per operation (all,
// and outside the fault windows), the saturation point and the totals, saves
// bench/results/soak-latest.json and exits non-zero when a check fails. Every process, the cluster and the
// temporary folder go at the end, also on a failure or Ctrl-C; a failed run keeps its logs.
// The pieces: the processes (stack.ts and one file per kind), the company (company.ts), the load (load.ts),
// the faults (faults.ts), the checks (checks.ts) and the report (report.ts).
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ApiInstance, instanceEnv, SHUTDOWN_TIMEOUT_MS } from './api-instances';
import { runChecks } from './checks';
import { logFormat, logHygiene } from './checks-logs';
import { propagationCheck, revokeEverywhere } from './checks-propagation';
import { settle } from './checks-sql';
import { cleanStaleRuns, cleanupNow, installCleanupHandlers, makeRunDir, onCleanup } from './cleanup';
import { SLUG, setUpCompany } from './company';
import { startFaults } from './faults';
import { Load } from './load';
import { Http, Recorder } from './load-http';
import { findSaturation, type Saturation } from './load-ramp';
import { readLoadSetup } from './load-setup';
import { DEFAULT_RATES, maxInFlightAt, scaledRates } from './load-world';
import { ensureNginx, Nginx } from './nginx';
import { PG_VERSION, PgCluster } from './postgres';
import { Receiver } from './receiver';
import { RedisServer } from './redis';
import { instanceLogs, printReport, scrapeMetrics } from './report';
import { soakOptions } from './run-options';
import { commandExists, freePort } from './stack';

const apiDir = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(apiDir, '../..');
/** After a fault is over (every instance ready again), 5xx are still the fault's for this long: nginx's fail_timeout and a retry. */
const GRACE_MS = 8_000;

// ---- options (run-options.ts) ---------------------------------------------------------------------------

const options = soakOptions();
const { short, loadMs, factor, receiverDownMs, pgDownMs, settleMs } = options;
const rates = scaledRates(DEFAULT_RATES, factor);

// ---- the run -------------------------------------------------------------------------------------------

const runStarted = Date.now();
const t = (ms: number) => `${((ms - runStarted) / 1000).toFixed(1)} s`;
const say = (line: string) => console.log(`[${t(Date.now()).padStart(7)}] ${line}`);

installCleanupHandlers();
if (!existsSync(path.join(apiDir, 'dist/standalone.js')) || !existsSync(path.join(apiDir, 'dist/cli.js'))) {
  console.error(
    'apps/api/dist is not built: run `npm run soak` at the root (it builds), or `pnpm exec tsup` in apps/api',
  );
  process.exit(1);
}
for (const tool of ['redis-server', 'psql']) {
  if (!commandExists(tool)) {
    console.error(`${tool} is missing: the soak needs Redis and PostgreSQL ${PG_VERSION} installed`);
    process.exit(1);
  }
}
ensureNginx();
cleanStaleRuns();
PgCluster.dropStale();

/** A failed run keeps its logs (instances, nginx, Redis, receiver) for the diagnosis; a passed one removes them. */
let keepLogs = false;
const { dir, logsDir } = makeRunDir(() => options.keepLogs || keepLogs);

const [pgPort, redisPort, nginxPort, receiverPort, ...apiPorts] = await Promise.all(
  Array.from({ length: 7 }, () => freePort()),
);
const cluster = new PgCluster(pgPort as number);
const redis = new RedisServer(redisPort as number, logsDir);
const receiver = new Receiver(receiverPort as number, path.join(logsDir, 'receiver.jsonl'), 0.2);
const metricsToken = randomBytes(24).toString('hex');

const report: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, ${os.platform()}`,
  mode: short ? 'short' : 'full',
  rate: `${factor}x`,
  load_seconds: loadMs / 1000,
};
let exitCode = 1;

try {
  say(`PostgreSQL cluster ${cluster.name} on :${pgPort}, Redis on :${redisPort}, nginx on :${nginxPort}`);
  await Promise.all([cluster.create(), redis.start(), receiver.start()]);
  const pgVersion = await cluster.serverVersion();

  // ---- the company, with the CLI as an operator sets one up ----
  const { svc, company, server, probeKey, dataKey, invited, drivers, hooks } = await setUpCompany({
    apiDir,
    dir,
    cluster,
    receiver,
  });
  say(
    `company "${SLUG}" set up with the CLI: a server key, the Data API approved (paid plan) and a data key, 4 webhook endpoints, an owner and ${drivers.length} drivers invited, field charges taken without notice`,
  );

  // ---- three API instances, nginx in front ----
  const apiEnv = instanceEnv({ cluster, redis, dataDir: path.join(dir, 'data'), metricsToken });
  const instances = (apiPorts as number[]).map(
    (port, i) => new ApiInstance(i, port, apiDir, apiEnv, path.join(logsDir, `api-${i + 1}.log`)),
  );
  for (const instance of instances) instance.start();
  await Promise.all(instances.map((i) => i.ready()));
  const template = readFileSync(path.join(apiDir, 'soak/nginx.conf.template'), 'utf8');
  const nginx = new Nginx(nginxPort as number, path.join(dir, 'nginx'), apiPorts as number[], template);
  await nginx.start();
  say(`3 API instances ready on :${apiPorts.join(', :')}; nginx on ${nginx.base}`);

  // ---- what the visitors need to know: the owner's sign-in, sizes, the calendar ----
  const recorder = new Recorder();
  const { setup, ownerPassword, driverPasswords } = await readLoadSetup(new Http(nginx.base, recorder), {
    invited,
    drivers,
    server,
    dataKey,
    company,
    repoRoot,
  });
  recorder.samples.length = 0;
  const load = new Load(setup, recorder, rates, maxInFlightAt(factor));

  // ---- the load, and the faults spaced over it ----
  const timeline: { at: string; what: string }[] = [];
  const note = (what: string) => {
    timeline.push({ at: t(Date.now()), what });
    say(what);
  };
  for (const instance of instances) {
    instance.onCrash = (crash) =>
      note(`${crash.instance} exited on its own (${crash.signal ?? `code ${crash.code}`}): started again in 1 s`);
  }
  const faults = startFaults({
    instances,
    cluster,
    redis,
    receiver,
    load,
    server,
    loadMs,
    receiverDownMs,
    pgDownMs,
    note,
  });

  say(
    `load for ${loadMs / 1000} s through nginx at ${factor}x (${Object.entries(rates)
      .map(([k, v]) => `${k} ${Math.round(v * 100) / 100}`)
      .join(', ')})`,
  );
  const [ran] = await Promise.all([load.run(loadMs, 100_000), faults.done]);
  note(`load over after ${(ran.loadMs / 1000).toFixed(1)} s; visits still unfinished: ${ran.unfinished}`);

  // ---- settle: the outbox drains, the recovery worker makes the orders of cards paid without confirm ----
  const db = new pg.Client({ connectionString: cluster.url });
  await db.connect();
  onCleanup('database connection', () => void db.end().catch(() => {}));
  const settleStarted = Date.now();
  const state = await settle(db, receiver.acceptedIds, settleStarted, settleMs);
  note(`settled in ${((Date.now() - settleStarted) / 1000).toFixed(1)} s: ${JSON.stringify(state)}`);

  // ---- a change reaches every instance: the probe key, revoked, is refused everywhere ----
  const { warm, refusedAfter } = await revokeEverywhere(instances, probeKey.key, () =>
    svc('keys', 'revoke', SLUG, probeKey.id),
  );
  note(
    `a key revoked with the CLI: refused by the instances after ${refusedAfter.map((ms) => (ms === null ? 'never' : `${ms} ms`)).join(', ')} (before: ${warm.join(', ')})`,
  );

  // ---- the checks ----
  const instancesReady = await Promise.all(instances.map(async (i) => ({ name: i.name, ...(await i.readyState()) })));
  const { checks } = await runChecks({
    db,
    bookings: load.bookings,
    people: load.people,
    pushes: load.pushes,
    tickets: load.tickets,
    fieldFailed: load.field.failed,
    deliveries: receiver.accepted,
    nginx: nginx.accessLines(),
    windows: faults.windows,
    graceMs: GRACE_MS,
    graceful: faults.graceful,
    instancesReady,
    faultErrors: faults.faultErrors,
    crashes: instances.flatMap((i) => i.crashes),
    t,
  });
  const secrets = [...load.secrets];
  checks.push(logFormat(instances.map((i) => i.logFile)));
  checks.push(
    logHygiene(
      [...instances.map((i) => i.logFile), nginx.accessLog, path.join(nginx.dir, 'error.log')],
      [
        { kind: 'API keys', values: [server.key, probeKey.key, dataKey.key] },
        { kind: 'webhook secrets', values: hooks.map((h: { secret: string }) => h.secret) },
        {
          kind: 'platform secrets',
          values: [apiEnv.BETTER_AUTH_SECRET as string, metricsToken, ownerPassword, ...driverPasswords],
        },
        { kind: 'console session tokens', values: secrets.filter((v) => !v.startsWith('pi_')) },
        { kind: 'payment client secrets', values: secrets.filter((v) => v.startsWith('pi_')) },
        {
          kind: 'e-mails and phones',
          values: [...load.personal, 'owner@soak.example', ...drivers.map((d: { email: string }) => d.email)],
        },
      ],
    ),
  );
  checks.push(propagationCheck(instances, warm, refusedAfter));
  const metrics = await scrapeMetrics(
    instances.map((i) => i.base),
    metricsToken,
  );
  const logs = instanceLogs(instances.map((i) => i.logFile));
  await db.end();

  // ---- the saturation point: the same visits in steps of a higher rate, after the checks ----
  let saturation: Saturation | undefined;
  if (options.saturation) saturation = await findSaturation(setup, note);

  // ---- the report ----
  const failed = printReport({
    report,
    checks,
    recorder,
    load,
    receiver,
    ran,
    metrics,
    logs,
    t,
    runStarted,
    settleStarted,
    pgVersion,
    receiverDownMs,
    timeline,
    windows: faults.windows,
    graceMs: GRACE_MS,
    state,
    rates,
    factor,
    saturation,
  });
  exitCode = failed.length ? 1 : 0;
  keepLogs = exitCode !== 0;

  // A clean stop of everything (graceful: the instances' last log lines are written).
  await nginx.stop();
  await Promise.all(instances.map((i) => i.stop(SHUTDOWN_TIMEOUT_MS)));
} catch (err) {
  console.error(`\nthe soak could not run: ${(err as Error).stack ?? err}`);
  report.error = String(err);
  keepLogs = true;
} finally {
  await receiver.stop().catch(() => {});
  const file = path.join(apiDir, 'bench/results/soak-latest.json');
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`saved ${path.relative(apiDir, file)}`);
  cleanupNow();
}
process.exit(exitCode);
