// The standalone server on the benchmark's database (its limiters' caps raised), a GET as a server sends it,
// and autocannon's load on one case.
import { spawn } from 'node:child_process';
import http from 'node:http';
import autocannon from 'autocannon';
import { apiDir, base, CONNECTIONS, PORT, url } from './data-config.mjs';
import { stop } from './serving.mjs';

/** Starts dist/standalone.js; `stopServer` ends its process group (serving.mjs `stop`). */
export function startServer() {
  const server = spawn(process.execPath, ['dist/standalone.js'], {
    cwd: apiDir,
    // Its log lines go nowhere (still written, as in production); a pipe nobody read would fill and stall it.
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: url,
      STANDALONE_PORT: String(PORT),
      NODE_ENV: 'production',
      // The limiters still run on every request; only their caps are raised so the load is not refused.
      SVC_DATA_RATE_LIMIT_PER_MINUTE: '1000000000',
      SVC_RATE_LIMIT_PER_MINUTE: '1000000000',
    },
    detached: true,
  });
  server.stderr.on('data', (d) => process.stderr.write(d));

  return { stopServer: () => stop(server) };
}

/** The client of the run, with its key's headers. */
export function client(headers) {
  /** A GET as a server sends it (Node's fetch adds Sec-Fetch-Mode, which the Data API refuses on purpose). */
  function get(target) {
    return new Promise((resolve, reject) => {
      http
        .get(`${base}${target}`, { headers }, (res) => {
          let text = '';
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode, text }));
        })
        .on('error', reject);
    });
  }

  function load({ path: target, ...options }, seconds) {
    return new Promise((resolve, reject) => {
      autocannon(
        { connections: CONNECTIONS, duration: seconds, headers, ...options, url: `${base}${target}` },
        (err, result) => (err ? reject(err) : resolve(result)),
      );
    });
  }
  return { get, load };
}

/** Until the server answers the first page (a minute at most). */
export async function waitForServer(get) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await get('/data/v1/orders?per_page=1');
      if (res.status === 200) break;
      if (res.status < 500) throw new Error(`the server answered ${res.status}: ${res.text}`);
    } catch (err) {
      if (err.message.startsWith('the server')) throw err;
    }
    if (Date.now() > deadline) throw new Error('the standalone server did not start (build it: pnpm run build)');
    await new Promise((r) => setTimeout(r, 200));
  }
}
