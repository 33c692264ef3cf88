import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { appendSocketAddress } from '../runtime/client-ip';
import { keepIdleConnections, MAX_HEADER_BYTES, readEnv } from '../runtime/config';
import { quietOnClosedLogPipes } from '../runtime/log-pipes';
import { stopGracefully } from '../runtime/shutdown';

quietOnClosedLogPipes();

/**
 * Serves one of our Next apps (the API, the hosted pages, the console) as `next start` does, with one change:
 * the socket's address goes to the end of X-Forwarded-For, as a proxy adds it. `next start` writes it only
 * when a client sent no header, so a client that sends one names its own address, and per-address limits
 * would count whatever it wrote. Each app then believes the entry its trusted hops + 1 from the right
 * (runtime/client-ip.ts nextIp; HOSTED_/CONSOLE_TRUST_PROXY_HOPS), told by SVC_NEXT_SOCKET_FORWARDED.
 *
 *   node dist/next-server.js --dir apps/hosted --port 3001 [--hostname 127.0.0.1]
 */
const { values } = parseArgs({
  options: { dir: { type: 'string' }, port: { type: 'string' }, hostname: { type: 'string' } },
});
if (!values.dir || !values.port) throw new Error('usage: next-server --dir <app> --port <port> [--hostname <host>]');
const dir = path.resolve(values.dir);
// Where `next start` runs: Next compiles the app's next.config.ts and resolves its imports (./lib/…) from the
// working directory, so the command works from the repository's root as from the app's folder.
// A relative SVC_DATA_DIR still means where the command was run.
if (process.env.SVC_DATA_DIR) process.env.SVC_DATA_DIR = path.resolve(process.env.SVC_DATA_DIR);
process.chdir(dir);
const port = Number(values.port);
const hostname = values.hostname;

const env = readEnv();

// As `next start` sets them; the apps read the flag when they decide whose address a request is from.
Object.assign(process.env, { NODE_ENV: 'production' });
process.env.SVC_NEXT_SOCKET_FORWARDED = '1';
// The app's own Next (each app depends on it), loaded the way `next start` would.
const next = createRequire(path.join(dir, 'package.json'))('next') as typeof import('next').default;
const app = next({ dev: false, dir, hostname: hostname ?? 'localhost', port });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (req, res) => {
  req.headers['x-forwarded-for'] = appendSocketAddress(req.headers['x-forwarded-for'], req.socket.remoteAddress);
  void handle(req, res);
});
keepIdleConnections(server);
server.listen(port, hostname, () => {
  console.log(`▲ Next.js (${path.basename(dir)}) ready on http://${hostname ?? 'localhost'}:${port}`);
});

// The API's platform (workers, database) is made by its route bundle on first use and kept on globalThis
// (runtime/platform.ts); the hosted pages and the console have none.
const platform = () =>
  (globalThis as { [key: symbol]: Promise<{ close(): Promise<void> }> | undefined })[Symbol.for('svc.platform')];
stopGracefully(
  server,
  async () => {
    await app.close();
    await (await platform()?.catch(() => undefined))?.close();
  },
  { timeoutMs: env.shutdownTimeoutMs, drainMs: env.drainMs },
);
