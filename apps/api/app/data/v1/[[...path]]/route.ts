import { nextIp } from '../../../../src/runtime/client-ip';
import { getPlatform } from '../../../../src/runtime/platform';

export const dynamic = 'force-dynamic';

/** Every method goes to the Data API app, so it answers 405 itself (it has no CORS: browsers are refused). */
async function handler(request: Request): Promise<Response> {
  const platform = await getPlatform(nextIp);
  return platform.data.fetch(request);
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
