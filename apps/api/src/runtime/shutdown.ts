import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { startDraining } from '../lib/lifecycle';
import { log } from '../lib/log';

export type StopOptions = {
  /** SVC_SHUTDOWN_TIMEOUT_MS: after the drain, how long requests in flight and the workers may take. */
  timeoutMs: number;
  /** SVC_DRAIN_MS: on SIGTERM, how long the server keeps accepting before it stops listening. */
  drainMs: number;
};

/**
 * A graceful stop on SIGTERM (and SIGINT), in three steps (docs/decisions/graceful-shutdown.md):
 *
 * 1. Drain, for `drainMs` (SIGTERM only; Ctrl-C skips it): /readyz answers 503 at once, and the server goes on
 *    accepting and answering, each answer with `Connection: close`, so a balancer that still sends gets its
 *    answers and drops its kept connections; connections idle between requests are left for the balancer to
 *    close (its upstream keep-alive timeout is shorter than the drain), never closed under a request it sends.
 * 2. Stop listening: the next connection is refused (nginx sends it to another instance, a POST included);
 *    idle connections close at once, one carrying a request closes once it is answered.
 * 3. `close` stops the workers, which finish their pass and release what they leased, and the database;
 *    exit 0. Past `timeoutMs` after the drain the remaining connections are cut and the process exits 1.
 */
export function stopGracefully(server: Server, close: () => Promise<void>, { timeoutMs, drainMs }: StopOptions) {
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
    for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
    const drain = signal === 'SIGTERM' ? drainMs : 0;
    if (drain > 0) {
      log().info({ signal, in_flight: inFlight.size, drain_ms: drain }, 'shutting down: draining (readyz 503)');
      await new Promise((resolve) => setTimeout(resolve, drain));
    }
    log().info({ signal, in_flight: inFlight.size }, 'shutting down: not listening, finishing requests in flight');
    const forced = setTimeout(() => {
      log().warn({ in_flight: inFlight.size, timeout_ms: timeoutMs }, 'shutdown timed out: cutting connections');
      server.closeAllConnections();
      setTimeout(() => process.exit(1), 500).unref();
    }, timeoutMs);
    forced.unref();
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
