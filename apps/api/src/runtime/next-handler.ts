import { nextIp } from './client-ip';
import { getPlatform } from './platform';

/**
 * What every API route file of Next (app/<surface>/v1/[[...path]]/route.ts) serves: the process's platform,
 * which hands the request to its surface by path, as the standalone server does.
 */
export async function serveInNext(request: Request): Promise<Response> {
  return (await getPlatform(nextIp)).fetch(request);
}
