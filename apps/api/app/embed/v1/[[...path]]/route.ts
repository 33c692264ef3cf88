import { serveInNext as handler } from '../../../../src/runtime/next-handler';

export const dynamic = 'force-dynamic';

// Public company lookups for the hosted page and the widget (src/http/surfaces/embed.ts).
export { handler as GET, handler as OPTIONS, handler as POST };
