import { serve } from '@hono/node-server';
import { socketIp } from '../runtime/client-ip';
import { keepIdleConnections, MAX_HEADER_BYTES, readEnv } from '../runtime/config';
import { quietOnClosedLogPipes } from '../runtime/log-pipes';
import { createPlatform } from '../runtime/platform';

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
    console.log(
      `svc standalone API on http://${info.address}:${info.port}/booking/v1 (${platform.database.driver}: ${platform.database.where})`,
    );
  },
);
keepIdleConnections(server as import('node:http').Server);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close();
    void platform.close().finally(() => process.exit(0));
  });
}
