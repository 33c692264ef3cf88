import { nextIp } from '../../../../src/runtime/client-ip';
import { getPlatform } from '../../../../src/runtime/platform';

export const dynamic = 'force-dynamic';

/** Public company lookups for the hosted page and the widget (src/http/embed.ts). */
async function handler(request: Request): Promise<Response> {
  return (await getPlatform(nextIp)).embed.fetch(request);
}

export { handler as GET, handler as OPTIONS, handler as POST };
