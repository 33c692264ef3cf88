import { nextIp } from '../../../../src/runtime/client-ip';
import { getPlatform } from '../../../../src/runtime/platform';

export const dynamic = 'force-dynamic';

/** Every method goes to the console API app, so it answers 405 itself (same-origin only: no CORS). */
async function handler(request: Request): Promise<Response> {
  const platform = await getPlatform(nextIp);
  return platform.console.fetch(request);
}

export {
  handler as DELETE,
  handler as GET,
  handler as HEAD,
  handler as OPTIONS,
  handler as PATCH,
  handler as POST,
  handler as PUT,
};
