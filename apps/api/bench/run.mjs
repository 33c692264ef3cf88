// `npm run bench`: loads GET /sizes and POST /quote with autocannon on loopback against the production
// builds (standalone and Next) and four baselines answering the same bytes: a bare node:http server, Hono on
// @hono/node-server with nothing of ours (bench/bare-hono.mjs, the standalone server's framework), a bare
// Next 16 app whose App Router route handlers replay them (bench/bare-next), and a bare Next 16 app whose
// Pages API route replays them behind a rewrite, as the API's Next app serves its surfaces
// (bench/bare-next-pages); each Next app served as the API's is (dist/next-server.js), one server at a time.
// Prints requests/s, p99, the standalone server's ratio to bare node and the API in Next's to both bare Next
// apps, and saves them in bench/results/.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { answering, benchEnv, load as loadWith, recordAnswers, stop } from './serving.mjs';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
// Rounds interleave the servers so that drift on a shared machine hits all of them; medians are reported.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10); // autocannon's default
const PORT = 3490;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'svc-bench-'));
const env = benchEnv(dataDir);

const keys = JSON.parse(
  execFileSync(path.join(apiDir, 'node_modules/.bin/tsx'), ['src/cli/main.ts', 'seed-demo', '--json'], {
    cwd: apiDir,
    env,
  }).toString(),
);
const headers = { authorization: `Bearer ${keys.server}`, 'content-type': 'application/json' };

const servers = {
  standalone: () =>
    spawn(process.execPath, ['dist/standalone.js'], {
      cwd: apiDir,
      // Its log lines go nowhere (still written, as in production); a pipe nobody read would fill and stall it.
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...env, STANDALONE_PORT: String(PORT) },
      detached: true,
    }),
  next: () =>
    spawn(process.execPath, ['dist/next-server.js', '--dir', '.', '--port', String(PORT), '--hostname', '127.0.0.1'], {
      cwd: apiDir,
      // Its log lines go nowhere (still written, as in production); a pipe nobody read would fill and stall it.
      stdio: ['ignore', 'ignore', 'pipe'],
      env,
      detached: true,
    }),
  bare: (answersFile) =>
    spawn(process.execPath, ['bench/bare-server.mjs', answersFile, String(PORT)], { cwd: apiDir, detached: true }),
  'bare-hono': (answersFile) =>
    spawn(process.execPath, ['bench/bare-hono.mjs', answersFile, String(PORT)], { cwd: apiDir, detached: true }),
  'bare-next': (answersFile) => bareNext('bench/bare-next', answersFile),
  'bare-pages': (answersFile) => bareNext('bench/bare-next-pages', answersFile),
};

function bareNext(dir, answersFile) {
  return spawn(
    process.execPath,
    ['dist/next-server.js', '--dir', dir, '--port', String(PORT), '--hostname', '127.0.0.1'],
    {
      cwd: apiDir,
      env: { ...env, BENCH_ANSWERS: answersFile },
      detached: true,
    },
  );
}

async function start(name, arg) {
  const child = servers[name](arg);
  child.stderr?.on('data', (d) => process.stderr.write(d));
  await answering(PORT, headers, name);
  return child;
}

const load = (request, seconds) => loadWith({ port: PORT, headers, connections: CONNECTIONS }, request, seconds);

async function measure(name, requests, arg, round) {
  const child = await start(name, arg);
  const out = {};
  try {
    for (const [label, request] of Object.entries(requests)) {
      await load(request, 2); // warm up: JIT, caches, connections
      const r = await load(request, DURATION);
      const bad = r.non2xx + r.errors + r.timeouts;
      if (bad) throw new Error(`${name} ${label}: ${bad} failed responses`);
      out[label] = {
        requests_per_second: Math.round(r.requests.average),
        p99_ms: r.latency.p99,
      };
      console.log(
        `round ${round}  ${name.padEnd(10)} ${label.padEnd(11)} ${String(out[label].requests_per_second).padStart(7)} req/s  p99 ${r.latency.p99} ms`,
      );
    }
  } finally {
    await stop(child);
  }
  return out;
}

try {
  // Ask the real API once for the bytes the bare servers will replay.
  const { requests, answersFile } = await recordAnswers(() => start('standalone'), PORT, headers, dataDir);

  console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION} s per run, ${ROUNDS} rounds, loopback\n`);
  const rounds = [];
  for (let round = 1; round <= ROUNDS; round++) {
    rounds.push({
      bare: await measure('bare', requests, answersFile, round),
      'bare-hono': await measure('bare-hono', requests, answersFile, round),
      standalone: await measure('standalone', requests, undefined, round),
      'bare-next': await measure('bare-next', requests, answersFile, round),
      'bare-pages': await measure('bare-pages', requests, answersFile, round),
      next: await measure('next', requests, undefined, round),
    });
  }
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const results = {};
  for (const server of ['bare', 'bare-hono', 'standalone', 'bare-next', 'bare-pages', 'next']) {
    results[server] = {};
    for (const label of Object.keys(requests)) {
      results[server][label] = {
        requests_per_second: median(rounds.map((r) => r[server][label].requests_per_second)),
        p99_ms: median(rounds.map((r) => r[server][label].p99_ms)),
      };
    }
  }
  console.log('\nmedians');
  for (const [server, byLabel] of Object.entries(results)) {
    for (const [label, r] of Object.entries(byLabel)) {
      console.log(
        `  ${server.padEnd(10)} ${label.padEnd(11)} ${String(r.requests_per_second).padStart(7)} req/s  p99 ${r.p99_ms} ms`,
      );
    }
  }
  // The standalone server against bare node:http; the API in Next against a bare App Router route handler
  // (issue 29's baseline) and against a bare Pages API route (the kind of route it is served from). For
  // information, the standalone server's split: the framework alone against bare node, ours against it.
  const comparisons = {
    standalone: ['standalone', 'bare'],
    'bare-hono': ['bare-hono', 'bare'],
    'standalone-hono': ['standalone', 'bare-hono'],
    next: ['next', 'bare-next'],
    'next-pages': ['next', 'bare-pages'],
  };
  const ratios = {};
  for (const [name, [server, baseline]] of Object.entries(comparisons)) {
    ratios[name] = {};
    for (const label of Object.keys(requests)) {
      ratios[name][label] = Number(
        (results[server][label].requests_per_second / results[baseline][label].requests_per_second).toFixed(3),
      );
    }
  }
  console.log('\nratio to the baseline (requests/s)');
  for (const [name, r] of Object.entries(ratios)) {
    const [server, baseline] = comparisons[name];
    console.log(
      `  ${server.padEnd(10)} to ${baseline.padEnd(10)} ${Object.entries(r)
        .map(([l, v]) => `${l} ${(v * 100).toFixed(1)}%`)
        .join('   ')}`,
    );
  }
  // No target: the ratio to bare node:http swings by several points between rounds, and it is not what a user
  // feels (docs/benchmarks.md). The figures are printed and saved; the page and fleet benches keep targets.
  const report = {
    date: new Date().toISOString(),
    machine: {
      cpu: os.cpus()[0]?.model,
      cores: os.cpus().length,
      memory_gb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
    },
    settings: { connections: CONNECTIONS, seconds: DURATION, rounds: ROUNDS, database: 'PGlite (embedded)' },
    results,
    rounds,
    ratios,
  };
  const file = path.join(apiDir, 'bench/results/latest.json');
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`saved ${path.relative(process.cwd(), file)}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
