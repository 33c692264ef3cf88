import { nextIp } from '../../../../src/runtime/client-ip';
import { getPlatform } from '../../../../src/runtime/platform';

export const dynamic = 'force-dynamic';

/** The sandbox processor's endpoints (card confirm, 3-D Secure step), served beside the Booking API. */
async function handler(request: Request): Promise<Response> {
  return (await getPlatform(nextIp)).sandbox.fetch(request);
}

export { handler as GET, handler as OPTIONS, handler as POST };
