import { serveInNext as GET } from '../../src/runtime/next-handler';

export const dynamic = 'force-dynamic';

// The platform's operator endpoint (http/surfaces/ops.ts), as the standalone server serves it.
export { GET };
