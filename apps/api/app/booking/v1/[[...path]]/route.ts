import { serveInNext as handler } from '../../../../src/runtime/next-handler';

export const dynamic = 'force-dynamic';

// Every method goes to the Booking API app, so it answers 405 and CORS preflights itself.
export {
  handler as DELETE,
  handler as GET,
  handler as HEAD,
  handler as OPTIONS,
  handler as PATCH,
  handler as POST,
  handler as PUT,
};
