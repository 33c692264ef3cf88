import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { startDraining } from '../lib/lifecycle';
import { log } from '../lib/log';

/**
 * A graceful stop on SIGTERM (and SIGINT): /readyz turns 503, the server takes no new connection, every
 * request in flight is answered (its connection then closes instead of waiting for another), then `close`
 * stops the workers, which finish their pass and release what they leased, and the database. Past
 * `timeoutMs` the remaining connections are cut and the process exits 1 (docs/deploy.md, "Rolling restart").
 */
export function stopGracefully(server: Server, close: () => Promise<void>, timeoutMs: number) {
  // The responses not yet finished: when shutting down, each closes its connection once sent.
  const inFlight = new Set<ServerResponse>();
  let stopping = false;
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (stopping) res.shouldKeepAlive = false;
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });

  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    startDraining();
    const started = Date.now();
    log().info({ signal, in_flight: inFlight.size }, 'shutting down: finishing requests in flight');
    const forced = setTimeout(() => {
      log().warn({ in_flight: inFlight.size, timeout_ms: timeoutMs }, 'shutdown timed out: cutting connections');
      server.closeAllConnections();
      setTimeout(() => process.exit(1), 500).unref();
    }, timeoutMs);
    forced.unref();
    for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Connections idle between requests are closed at once; one that finishes a request is closed then.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    await closed;
    clearInterval(sweep);
    try {
      await close();
    } catch (err) {
      log().error({ err }, 'shutdown: closing the platform failed');
    }
    clearTimeout(forced);
    log().info({ duration_ms: Date.now() - started }, 'stopped');
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal));
}
