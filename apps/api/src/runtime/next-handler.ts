import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { log } from '../lib/log';
import { nextIp } from './client-ip';
import { getPlatform, type Platform } from './platform';

/**
 * What the API's one Next route (pages/api/svc.ts) serves: the process's platform, which hands the request to
 * its surface by path. A Pages API route is given Node's request and answer, so the platform runs on the
 * same @hono/node-server listener as the standalone server: no Web Request made and read again by Next,
 * and no App Router request context around every step (docs/decisions/the-api-inside-next.md).
 */
let ready: Platform | undefined;
const NO_STORE = { 'Cache-Control': 'no-store' };

const listener = getRequestListener((request, env) => {
  if (ready) return ready.fetch(request, env);
  // Liveness is the process's, whatever its database does: answered while the platform starts or cannot.
  if (new URL(request.url).pathname === '/healthz') return Response.json({ status: 'ok' }, { headers: NO_STORE });
  return getPlatform(nextIp).then(
    (platform) => {
      ready = platform;
      return platform.fetch(request, env);
    },
    (err: unknown) => notStarted(request, err),
  );
});

export function serveInNext(req: IncomingMessage, res: ServerResponse) {
  return listener(req, res);
}

/**
 * The platform could not start (its database is down): the next request tries again. A load balancer's
 * probe learns it is not ready (503); anyone else gets the envelope's `internal`.
 */
function notStarted(request: Request, err: unknown): Response {
  log().error({ err }, 'the platform could not start');
  const headers = { ...NO_STORE, 'Retry-After': '5' };
  if (new URL(request.url).pathname === '/readyz') {
    return Response.json({ status: 'not_ready', checks: { platform: 'failing' } }, { status: 503, headers });
  }
  const message = 'The service is starting or its database is unreachable; retry shortly.';
  return Response.json({ error: { code: 'internal', message } }, { status: 500, headers });
}
