// What `npm run bench` (bench/run.mjs) and the other API benches share: waiting for a
// server to answer, stopping it (its port free for the next) and loading it with autocannon on loopback.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';

/**
 * A server's environment in a bench: production, on PGlite in `dataDir`. The limiter still runs on every
 * request; only its cap is raised so the load is not refused.
 */
export const benchEnv = (dataDir) => ({
  ...process.env,
  SVC_DATA_DIR: dataDir,
  DATABASE_URL: '',
  SVC_RATE_LIMIT_PER_MINUTE: '1000000000',
  NODE_ENV: 'production',
});

/** Resolves once the server on `port` answers `GET /booking/v1/sizes` (any status under 500); 60 s at most. */
export async function answering(port, headers, name) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/booking/v1/sizes`, { headers });
      if (res.status < 500) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`${name} did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Stops a server started `detached` (its process group): SIGTERM, then SIGKILL after 5 s; resolves once it is gone. */
export async function stop(child) {
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid, 'SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {}
  // Gone, port released, before the next server takes it.
  if (child.exitCode === null && child.signalCode === null) await exited;
}

/** autocannon's result for `seconds` of `request` ({ method, path, body }) on `connections` connections. */
export function load({ port, headers, connections }, request, seconds) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `http://127.0.0.1:${port}${request.path}`,
        method: request.method,
        headers,
        body: request.body,
        connections,
        duration: seconds,
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

/**
 * The two requests the benches load (`GET /sizes`; `POST /quote` of the 10-yard size for 9 days) and the
 * bytes the running API answers to each, which the bare servers replay (keyed "METHOD path").
 */
export async function benchRequests(port, headers) {
  const sizes = await (await fetch(`http://127.0.0.1:${port}/booking/v1/sizes`, { headers })).json();
  const tenYard = sizes.data.find((s) => s.yards === 10);
  const requests = {
    'GET /sizes': { method: 'GET', path: '/booking/v1/sizes' },
    'POST /quote': {
      method: 'POST',
      path: '/booking/v1/quote',
      body: JSON.stringify({ size_id: tenYard.id, rental_days: 9 }),
    },
  };
  const answers = {};
  for (const r of Object.values(requests)) {
    const res = await fetch(`http://127.0.0.1:${port}${r.path}`, { method: r.method, headers, body: r.body });
    answers[`${r.method} ${r.path}`] = await res.text();
  }
  return { requests, answers };
}

/**
 * Asks the real API once, on a server `start` starts and this stops, for the two requests and its answers,
 * and saves the answers in `dir` for the bare servers to replay; returns the requests and the file.
 */
export async function recordAnswers(start, port, headers, dir) {
  const probe = await start();
  let asked;
  try {
    asked = await benchRequests(port, headers);
  } finally {
    await stop(probe);
  }
  const answersFile = path.join(dir, 'answers.json');
  writeFileSync(answersFile, JSON.stringify(asked.answers));
  return { requests: asked.requests, answers: asked.answers, answersFile };
}
