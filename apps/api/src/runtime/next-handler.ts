import { log } from '../lib/log';
import { nextIp } from './client-ip';
import { getPlatform } from './platform';

/**
 * What every API route file of Next (app/<surface>/v1/[[...path]]/route.ts) serves: the process's platform,
 * which hands the request to its surface by path, as the standalone server does.
 */
export async function serveInNext(request: Request): Promise<Response> {
  let platform: Awaited<ReturnType<typeof getPlatform>>;
  try {
    platform = await getPlatform(nextIp);
  } catch (err) {
    // The platform could not start (its database is down): the next request tries again. A load
    // balancer's probe learns it is not ready (503); anyone else gets the envelope's `internal`.
    log().error({ err }, 'the platform could not start');
    const headers = { 'Cache-Control': 'no-store', 'Retry-After': '5' };
    if (new URL(request.url).pathname === '/readyz') {
      return Response.json({ status: 'not_ready', checks: { platform: 'failing' } }, { status: 503, headers });
    }
    const message = 'The service is starting or its database is unreachable; retry shortly.';
    return Response.json({ error: { code: 'internal', message } }, { status: 500, headers });
  }
  return platform.fetch(request);
}
