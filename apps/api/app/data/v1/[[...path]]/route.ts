import { serveInNext as handler } from '../../../../src/runtime/next-handler';

export const dynamic = 'force-dynamic';

// Every method goes to the Data API app, so it answers 405 itself (it has no CORS: browsers are refused).
export {
  handler as DELETE,
  handler as GET,
  handler as HEAD,
  handler as OPTIONS,
  handler as PATCH,
  handler as POST,
  handler as PUT,
};
