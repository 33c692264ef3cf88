import { serve } from '@hono/node-server';
import { log } from '../lib/log';
import { socketIp } from '../runtime/client-ip';
import { keepIdleConnections, MAX_HEADER_BYTES, readEnv } from '../runtime/config';
import { quietOnClosedLogPipes } from '../runtime/log-pipes';
import { createPlatform } from '../runtime/platform';
import { stopGracefully } from '../runtime/shutdown';

quietOnClosedLogPipes();

/** The same handlers as the Next app, served straight on Node for throughput. */
const env = readEnv();
const platform = await createPlatform({ clientIp: socketIp, env });
// The booking app answers every path itself (its own 404 and 405), exactly as inside Next.
const server = serve(
  {
    fetch: platform.fetch,
    port: env.standalonePort,
    hostname: process.env.HOST ?? '127.0.0.1',
    // Node's 16 KB header limit answers 431 with no body; past our own limits we answer the envelope.
    serverOptions: { maxHeaderSize: MAX_HEADER_BYTES },
  },
  (info) => {
    log().info(
      { host: info.address, port: info.port, driver: platform.database.driver, database: platform.database.where },
      `svc standalone API on http://${info.address}:${info.port}/booking/v1`,
    );
  },
);
keepIdleConnections(server as import('node:http').Server);

stopGracefully(server as import('node:http').Server, () => platform.close(), {
  timeoutMs: env.shutdownTimeoutMs,
  drainMs: env.drainMs,
});
