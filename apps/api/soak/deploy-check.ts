// `npm run deploy:check` (CI: the soak lane, after the soak): follows docs/deploy.md so it cannot rot. It reads
// the page's marked blocks (deploy-doc.ts), runs `nginx -t` on the TLS and the plain-HTTP variants, sets up
// the first company with the page's CLI commands on a fresh database of the local PostgreSQL, starts three API
// instances, the hosted pages and the console with the units' own commands and env files, nginx from the
// page's files, then runs the page's rolling restart while a load (reads, booking writes, a hosted page) goes
// through nginx, and fails on any answer but a 2xx. Only addresses, ports, secrets and folders are replaced
// (deploy-doc.ts, `loopback` below), and the limits raised for one address's load.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cleanupNow, installCleanupHandlers, makeRunDir, onCleanup } from './cleanup';
import {
  block,
  deployBlocks,
  parseEnvFile,
  parseUnit,
  prepareNginxDir,
  substitute,
  writeNginxFiles,
} from './deploy-doc';
import { runRollingRestart, startDeployLoad } from './deploy-load';
import { ensureNginx, NGINX } from './nginx';
import { RedisServer } from './redis';
import { freePort, Proc, sleep, until } from './stack';

const apiDir = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(apiDir, '../..');
const started = Date.now();
const say = (line: string) =>
  console.log(`[deploy-check ${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${line}`);
const adminUrl = process.env.DEPLOY_CHECK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

installCleanupHandlers();
ensureNginx();
let failed = true;
const { dir, logsDir } = makeRunDir(() => failed);
// DEPLOY_CHECK_DOC: another copy of the page (an edit tried before it is made, or one that must fail).
const docFile = path.resolve(process.env.DEPLOY_CHECK_DOC ?? path.join(repoRoot, 'docs/deploy.md'));
const blocks = deployBlocks(docFile);
say(`${path.relative(repoRoot, docFile)}: ${blocks.size} marked blocks (${[...blocks.keys()].join(', ')})`);

// The build step is CI's own (it has built everything before this runs): the page's command must exist.
const rootScripts = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).scripts;
if (!block(blocks, 'build').text.includes('npm run build') || !rootScripts.build) {
  throw new Error('docs/deploy.md builds with `npm run build`, and package.json has no such script');
}

// ---- the loopback map: the page's addresses → ours ----
const [redisPort, apiNginx, bookNginx, consoleNginx, internalNginx, hostedPort, consolePort, ...more] =
  await Promise.all(Array.from({ length: 13 }, () => freePort()));
const apiPorts = more.slice(0, 3) as number[];
const metricsPorts = more.slice(3, 6) as number[];
const apiHosts = ['127.0.0.11', '127.0.0.12', '127.0.0.13'];
const apiAddrs = apiHosts.map((h, i) => `${h}:${apiPorts[i]}`);
const pagesHost = '127.0.0.21';
const nginxAt = (port: number) => `http://127.0.0.1:${port}`;
const pairs: [string, string][] = [
  ...apiHosts.map((_h, i) => [`10.0.0.1${i + 1}:3100`, apiAddrs[i] as string] as [string, string]),
  ['10.0.0.10:8080', `127.0.0.1:${internalNginx}`],
  ['10.0.0.0/24', '127.0.0.0/8'],
  ['https://api.example.com', nginxAt(apiNginx as number)],
  ['https://book.example.com', nginxAt(bookNginx as number)],
  ['https://console.example.com', nginxAt(consoleNginx as number)],
  ['/srv/svc', repoRoot],
];

// ---- 1. nginx -t, both variants ----
const nginxDir = path.join(dir, 'nginx');
const cert = prepareNginxDir(nginxDir);
const lb = {
  upstreams: {
    svc_api: apiAddrs,
    svc_hosted: [`${pagesHost}:${hostedPort}`],
    svc_console: [`${pagesHost}:${consolePort}`],
  },
  listen: {
    'api.example.com': `127.0.0.1:${apiNginx}`,
    'book.example.com': `127.0.0.1:${bookNginx}`,
    'console.example.com': `127.0.0.1:${consoleNginx}`,
    _: `127.0.0.1:${await freePort()}`,
    internal: `127.0.0.1:${internalNginx}`,
  },
  logDir: nginxDir,
  confDir: nginxDir,
  cert,
  pairs,
};
for (const variant of writeNginxFiles(blocks, lb, nginxDir)) {
  execFileSync(NGINX, ['-t', '-q', '-p', nginxDir, '-c', variant.file], { stdio: 'inherit' });
  say(`nginx -t: ${variant.name} (with nginx-upstreams and nginx-proxy) is valid`);
}

// ---- 2. PostgreSQL (a fresh database of the local server) and Redis ----
const database = `svc_deploy_${randomBytes(4).toString('hex')}`;
execFileSync('psql', [adminUrl, '-qc', `create database ${database}`]);
onCleanup(`database ${database}`, () => {
  try {
    execFileSync('psql', [adminUrl, '-qc', `drop database if exists ${database} with (force)`]);
  } catch {}
});
const databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${database}`);
const redis = new RedisServer(redisPort as number, logsDir);
await redis.start();
say(`database ${database} on the local PostgreSQL, Redis on :${redisPort}`);

// ---- the env files, as the page writes them, with our values ----
const secret = randomBytes(32).toString('hex');
const proxyToken = randomBytes(32).toString('hex');
const envFiles = new Map<string, Record<string, string>>();
const apiEnv = {
  ...parseEnvFile(substitute(block(blocks, 'api-env').text, pairs)),
  DATABASE_URL: databaseUrl,
  REDIS_URL: redis.url,
  BETTER_AUTH_SECRET: secret,
  SVC_PROXY_TOKEN: proxyToken,
  SVC_DATA_DIR: path.join(dir, 'data'),
  // One address sends the whole load: the limits raised, as docs/deploy.md says for load tests.
  SVC_RATE_LIMIT_PER_MINUTE: '100000',
  SVC_INTENT_LIMIT_FACTOR: '1000',
};
delete (apiEnv as Record<string, string>).SMTP_URL; // e-mail stays in the outbox
const apiEnvFile = block(blocks, 'api-env').file as string;
envFiles.set(apiEnvFile, apiEnv);
const pagesEnv = {
  ...parseEnvFile(substitute(block(blocks, 'pages-env').text, pairs)),
  SVC_PROXY_TOKEN: proxyToken,
  SVC_WIDGET_ARCHIVE_DIR: path.join(dir, 'widget'),
};
envFiles.set(block(blocks, 'pages-env').file as string, pagesEnv);
const instanceEnv = (i: number) =>
  parseEnvFile(
    substitute(block(blocks, 'api-instance-env').text, [
      ['STANDALONE_PORT=3100', `STANDALONE_PORT=${apiPorts[i]}`],
      ['SVC_METRICS_PORT=9101', `SVC_METRICS_PORT=${metricsPorts[i]}`],
      ['10.0.0.11', apiHosts[i] as string],
    ]),
  );

// ---- 3. the first company, the page's commands ----
const envFileOnDisk = path.join(dir, 'api.env');
writeFileSync(
  envFileOnDisk,
  Object.entries(apiEnv)
    .map(([k, v]) => `${k}='${v}'`)
    .join('\n'),
);
const demo = JSON.parse(readFileSync(path.join(apiDir, 'config/demo-company.json'), 'utf8'));
const companyFile = path.join(dir, 'acme.json');
writeFileSync(companyFile, JSON.stringify({ ...demo, slug: 'acme', name: 'Acme Dumpsters' }));
const firstCompany = substitute(block(blocks, 'first-company').text, [
  ...pairs,
  [apiEnvFile, envFileOnDisk],
  [' acme.json', ` ${companyFile}`],
]);
execFileSync('bash', ['-c', `set -e\n${firstCompany}`], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
const cli = (...args: string[]) =>
  JSON.parse(
    execFileSync(process.execPath, ['apps/api/dist/cli.js', ...args, '--json'], {
      cwd: repoRoot,
      env: { ...process.env, ...apiEnv },
    }).toString(),
  );
const serverKey = cli('keys', 'create', 'acme', '--kind', 'server', '--label', 'deploy check').key as string;
say("the first company set up with the page's CLI commands (migrated, applied, keys, owner invited, booking on)");

// ---- 4. the units: three API instances, the pages, the console ----
function startUnit(
  name: string,
  unitBlock: string,
  extraFiles: Map<string, Record<string, string>>,
  argPairs: [string, string][],
) {
  const unit = parseUnit(block(blocks, unitBlock).text);
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp' };
  for (const file of unit.environmentFiles) {
    const values = extraFiles.get(file) ?? envFiles.get(file);
    if (!values) throw new Error(`${unitBlock}: no block of the page writes ${file}`);
    Object.assign(env, values);
  }
  const [command, ...args] = unit.execStart.map((a) => substitute(a, argPairs));
  if (command !== '/usr/bin/node') throw new Error(`${unitBlock}: ExecStart runs ${command}, not node`);
  return new Proc(name, process.execPath, args, {
    cwd: substitute(unit.workingDirectory, pairs),
    env: env as NodeJS.ProcessEnv,
    logFile: path.join(logsDir, `${name}.log`),
  });
}
const apiProcs: (Proc | undefined)[] = [];
const startApi = (i: number) => {
  const own = instanceEnv(i);
  const files = new Map([[`/etc/svc/api-1.env`, own]]);
  envFiles.set(apiEnvFile, { ...apiEnv, HOST: apiHosts[i] as string }); // HOST=0.0.0.0: here, its own loopback address
  apiProcs[i] = startUnit(`api-${i + 1}`, 'api-unit', files, []);
};
const readyz = async (url: string) => {
  const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
  await res.arrayBuffer();
  return res.status === 200 ? true : undefined;
};
for (const i of [0, 1, 2]) startApi(i);
const hosted = startUnit('hosted', 'hosted-unit', new Map(), [
  ['3001', String(hostedPort)],
  ['0.0.0.0', pagesHost],
]);
const consoleApp = startUnit('console', 'console-unit', new Map(), [
  ['3002', String(consolePort)],
  ['0.0.0.0', pagesHost],
]);
await Promise.all([
  ...apiAddrs.map((a) => until(`${a}/readyz`, 60_000, () => readyz(`http://${a}/readyz`))),
  until('hosted /readyz', 90_000, () => readyz(`http://${pagesHost}:${hostedPort}/healthz`)),
  until('console /readyz', 90_000, () => readyz(`http://${pagesHost}:${consolePort}/healthz`)),
]);
const metrics = await fetch(`http://${apiHosts[0]}:${metricsPorts[0]}/metrics`).then((r) => r.status);
say(
  `3 API instances ready on ${apiAddrs.join(', ')} (metrics port of api-1: ${metrics}); pages and console on ${pagesHost}`,
);

// ---- 5. nginx, the plain-HTTP variant ----
const nginx = new Proc(
  'nginx',
  NGINX,
  ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx-plain.conf'), '-g', 'daemon off;'],
  { cwd: nginxDir, logFile: path.join(logsDir, 'nginx.out') },
);
onCleanup('nginx', () => nginx.killGroup('SIGKILL'));
await until('nginx', 15_000, () => readyz(`${nginxAt(apiNginx as number)}/healthz`));
for (const [what, url] of [
  ['the booking page through nginx and the internal listener', `${nginxAt(bookNginx as number)}/book?company=acme`],
  ["the console's sign-in page through nginx", `${nginxAt(consoleNginx as number)}/sign-in`],
] as const) {
  const status = await until(what, 60_000, async () => {
    const res = await fetch(url, { signal: AbortSignal.timeout(15_000) });
    await res.arrayBuffer();
    return res.status < 500 ? res.status : undefined;
  });
  say(`${what}: ${status}`);
  if (status !== 200) throw new Error(`${what} answered ${status}`);
}

// ---- 6. the rolling restart under load: the page's script, `ssh … systemctl restart` done here ----
const load = startDeployLoad({
  api: nginxAt(apiNginx as number),
  book: nginxAt(bookNginx as number),
  serverKey,
  zips: demo.service_area.zips,
});
await load.ready;
say('the rolling restart of docs/deploy.md, under load through nginx');
const restarted = Date.now();
// `ssh <host> sudo systemctl restart svc-api@1`: systemd's stop (KillSignal=SIGTERM, then it waits for the
// exit), then its start; done here for the instance at that address.
await runRollingRestart(substitute(block(blocks, 'rolling-restart').text, pairs), async (host, unit) => {
  const i = apiHosts.indexOf(host);
  const proc = apiProcs[i];
  if (unit !== 'svc-api@1' || !proc) return false;
  proc.signal('SIGTERM');
  const exit = await proc.exited;
  say(`${apiAddrs[i]} exited ${exit.code ?? exit.signal} after SIGTERM; started again`);
  startApi(i);
  return exit.code === 0;
});
const counts = await load.stop();
say(`rolling restart done in ${((Date.now() - restarted) / 1000).toFixed(1)} s`);
say(
  `load through nginx: ${JSON.stringify(counts.byStatus)} (${counts.total} requests: ${JSON.stringify(counts.byKind)})`,
);
const bad = counts.total - (counts.byStatus['2xx'] ?? 0);
if (counts.failures.length) {
  const first = counts.failures.map((f) => `${f.kind} ${f.status || f.body}`);
  say(`not 2xx: ${first.slice(0, 8).join(', ')}${first.length > 8 ? ` (+${first.length - 8})` : ''}`);
}
const nginxLines = readFileSync(path.join(nginxDir, 'svc-api.json'), 'utf8').split('\n').filter(Boolean);
const passedOn = nginxLines.filter((l) => (JSON.parse(l) as { upstream: string }).upstream.includes(','));
say(
  `nginx's log of api.example.com: ${nginxLines.length} requests, ${passedOn.length} passed on to another instance after a refused connection`,
);
failed = bad > 0 || counts.total < 100;
// The end, not under test: Ctrl-C's stop (no drain), all at once.
await Promise.all(
  [...apiProcs, hosted, consoleApp].map(async (proc) => {
    proc?.signal('SIGINT');
    await Promise.race([proc?.exited, sleep(10_000)]);
    proc?.killGroup('SIGKILL');
  }),
);
nginx.signal('SIGQUIT');
await Promise.race([nginx.exited, sleep(5000)]);
say(failed ? `FAILED: ${bad} answers not 2xx of ${counts.total}` : `ok: 0 answers not 2xx of ${counts.total}`);
cleanupNow();
process.exit(failed ? 1 : 0);
