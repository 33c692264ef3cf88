// `npm run bench:ablation` (after `npm run build`): where the standalone server's time goes, by taking its
// work away a layer at a time. Copies of the production build (dist/) are patched, each taking away one
// more layer, and loaded with GET /sizes and POST /quote beside bare node:http and Hono on
// @hono/node-server replaying the same bytes (bench/bare-server.mjs, bench/bare-hono.mjs):
//   standalone        dist/ as built
//   - key gate        the key gate's work kept per Authorization header (the scope it made the first time;
//                     the body is still read): no key lookup, limiters, switch or channel on each request
//   - observe, CORS   and no request id, log line or metrics, and no cross-origin or method check
//   - handler         and the handler's answer kept from the first call: what is left is the routing (the
//                     platform's, the surface's Hono app, the contract's route, the body's check) and Hono
// and, each alone from the build as it is, one piece of our own work taken away: the X-Request-Id header,
// the request's log line, its metrics, the cross-origin check, the two rate limiters.
// A patch that no longer finds its code in the build stops the run (the build changed: update it here).
// The copies are taken away after the run. One server at a time, interleaved rounds; medians of requests/s
// and of the server's CPU per request (from /proc) are printed and saved in bench/results/ablation-latest.json.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { answering, benchEnv, load as loadWith, recordAnswers, stop } from './serving.mjs';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PORT = 3490;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'svc-ablation-'));
const env = benchEnv(dataDir);

/** Each patch: what it finds in dist/standalone.js (a regular expression) and what it puts in its place. */
const PATCHES = {
  gate: [
    [
      /return async \(c, next\) => \{\n(\s*)if \(options\.before\) \{/,
      (_, indent) =>
        `const kept = new Map();\n  return async (c, next) => {\n${indent}const k = kept.get(c.req.header("authorization"));\n` +
        `${indent}if (k) { c.set("scope", k[0]); c.set("channel", k[1]); const r = options.afterKey(c); if (r) await r; return next(); }\n` +
        `${indent}if (options.before) {`,
    ],
    [
      /c\.set\("scope", scope\);\n(\s*)const reading = options\.afterKey\(c\);/,
      (_, indent) =>
        `c.set("scope", scope);\n${indent}kept.set(c.req.header("authorization"), [scope, c.get("channel")]);\n${indent}const reading = options.afterKey(c);`,
    ],
  ],
  observe: [
    [/(function observe\([^)]*\) \{\n)/, (_, head) => `${head}  return (c, next) => next();\n`],
    [
      /app\.use\("\*", \(c, next\) => \{\n(\s*)const early = crossOrigin/,
      (_, i) =>
        `app.use("*", (c, next) => next());\n  if (0) app.use("*", (c, next) => {\n${i}const early = crossOrigin`,
    ],
  ],
  handler: [
    [
      /route\(\s*(\w+),\s*\(c\) => whenReady\(sizesWithFleet\(/,
      (_, op) => `let keptSizes; route(${op}, (c) => keptSizes ??= whenReady(sizesWithFleet(`,
    ],
    [
      /route\(\s*(\w+),\s*\(c\) => presentQuoteText\(/,
      (_, op) => `let keptQuote; route(${op}, (c) => keptQuote ??= presentQuoteText(`,
    ],
  ],
};

/** One piece of our work each, taken away alone (the rest of the build as it is). */
const ALONE = {
  'request id header': [[/\n(\s*)outgoing\?\.setHeader\("X-Request-Id", requestId\);/, '\n']],
  'log line': [[/\n(\s*)logLine\(\{\n(\s*)request_id/, (_, i, j) => `\n${i}if (0) logLine({\n${j}request_id`]],
  metrics: [[/\n(\s*)record\(operation, status, seconds\);/, '\n']],
  'CORS check': [[/const early = crossOrigin\(c, options\.cors\);/, 'const early = undefined;']],
  'rate limiters': [
    [
      /let ipWait = byIp\.hit\(ip\);\n\s*if \(ipWait instanceof Promise\) [^\n]*\n\s*if \(ipWait\) throw rateLimited\(ipWait\);/,
      '',
    ],
    [
      /let keyWait = byKey\.hit\([^;]*\);\n\s*if \(keyWait instanceof Promise\) [^\n]*\n\s*if \(keyWait\) throw rateLimited\(keyWait\);/,
      '',
    ],
  ],
};

function patchedCopy(name, patches) {
  const dir = path.join(apiDir, `dist-ablation-${name}`);
  rmSync(dir, { recursive: true, force: true });
  cpSync(path.join(apiDir, 'dist'), dir, { recursive: true });
  // The build's entry and its chunks (the log line lives in a chunk the entry shares with the CLI).
  const files = ['standalone.js', ...readdirSync(dir).filter((f) => f.startsWith('chunk-') && f.endsWith('.js'))];
  const texts = new Map(files.map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]));
  for (const [find, replace] of patches) {
    const file = files.find((f) => find.test(texts.get(f)));
    if (!file) throw new Error(`ablation ${name}: ${find} is not in dist/; update bench/ablation.mjs`);
    texts.set(file, texts.get(file).replace(find, replace));
  }
  for (const [f, text] of texts) writeFileSync(path.join(dir, f), text);
  return dir;
}

const variants = {
  standalone: 'dist',
  '- key gate': patchedCopy('gate', PATCHES.gate),
  '- observe, CORS': patchedCopy('observe', [...PATCHES.gate, ...PATCHES.observe]),
  '- handler': patchedCopy('handler', [...PATCHES.gate, ...PATCHES.observe, ...PATCHES.handler]),
  ...Object.fromEntries(
    Object.entries(ALONE).map(([piece, patches], i) => [`only - ${piece}`, patchedCopy(`alone-${i}`, patches)]),
  ),
};

const keys = JSON.parse(
  execFileSync(process.execPath, ['dist/cli.js', 'seed-demo', '--json'], { cwd: apiDir, env }).toString(),
);
const headers = { authorization: `Bearer ${keys.server}`, 'content-type': 'application/json' };

function spawnServer(name, answersFile) {
  if (name === 'bare' || name === 'bare-hono') {
    return spawn(
      process.execPath,
      [`bench/${name === 'bare' ? 'bare-server' : 'bare-hono'}.mjs`, answersFile, String(PORT)],
      {
        cwd: apiDir,
        stdio: 'ignore',
        detached: true,
      },
    );
  }
  return spawn(process.execPath, [path.join(variants[name], 'standalone.js')], {
    cwd: apiDir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...env, STANDALONE_PORT: String(PORT) },
    detached: true,
  });
}

async function start(name, answersFile) {
  const child = spawnServer(name, answersFile);
  await answering(PORT, headers, name);
  return child;
}

const load = (request, seconds) => loadWith({ port: PORT, headers, connections: 10 }, request, seconds);

/** The process's CPU time so far, in µs (utime + stime from /proc, in clock ticks of 10 ms). */
function cpuMicros(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

try {
  const { requests, answers, answersFile } = await recordAnswers(() => start('standalone'), PORT, headers, dataDir);

  const servers = ['bare', 'bare-hono', ...Object.keys(variants)];
  const samples = {};
  for (let round = 1; round <= ROUNDS; round++) {
    for (const name of servers) {
      const child = await start(name, answersFile);
      try {
        for (const [label, request] of Object.entries(requests)) {
          await load(request, 2);
          // The answer must be the real one: a patch that broke the server would otherwise look fast.
          const check = await fetch(`http://127.0.0.1:${PORT}${request.path}`, {
            method: request.method,
            headers,
            body: request.body,
          });
          const text = await check.text();
          if (text !== answers[`${request.method} ${request.path}`])
            throw new Error(`${name} ${label}: not the same answer`);
          const before = cpuMicros(child.pid);
          const r = await load(request, DURATION);
          const cpu = (cpuMicros(child.pid) - before) / r.requests.total;
          if (r.non2xx + r.errors + r.timeouts) throw new Error(`${name} ${label}: failed responses`);
          samples[name] ??= {};
          samples[name][label] ??= [];
          samples[name][label].push({ rps: Math.round(r.requests.average), cpu });
          console.log(
            `round ${round}  ${name.padEnd(26)} ${label.padEnd(11)} ${String(Math.round(r.requests.average)).padStart(6)} req/s  ${cpu.toFixed(0).padStart(4)} µs CPU a request`,
          );
        }
      } finally {
        await stop(child);
      }
    }
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const results = {};
  console.log('\nmedians                                 req/s   of bare   µs CPU a request');
  for (const name of servers) {
    results[name] = {};
    for (const label of Object.keys(requests)) {
      const rps = median(samples[name][label].map((s) => s.rps));
      const cpu = Math.round(median(samples[name][label].map((s) => s.cpu)));
      const bare = median(samples.bare[label].map((s) => s.rps));
      results[name][label] = { requests_per_second: rps, of_bare: Math.round((1000 * rps) / bare) / 10, cpu_us: cpu };
      console.log(
        `  ${name.padEnd(26)} ${label.padEnd(11)} ${String(rps).padStart(6)}   ${String(results[name][label].of_bare).padStart(5)}%   ${cpu}`,
      );
    }
  }
  writeFileSync(
    path.join(apiDir, 'bench/results/ablation-latest.json'),
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: `${os.cpus().length} vCPU ${os.cpus()[0]?.model ?? ''}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.versions.node}`,
        seconds: DURATION,
        rounds: ROUNDS,
        results,
      },
      null,
      2,
    )}\n`,
  );
} finally {
  for (const dir of Object.values(variants)) if (dir !== 'dist') rmSync(dir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}
