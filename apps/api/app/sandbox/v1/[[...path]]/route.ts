import { serveInNext as handler } from '../../../../src/runtime/next-handler';

export const dynamic = 'force-dynamic';

// The sandbox processor's endpoints (card confirm, 3-D Secure step), served beside the Booking API.
export { handler as GET, handler as OPTIONS, handler as POST };
