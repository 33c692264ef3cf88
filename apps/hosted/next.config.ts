import type { NextConfig } from 'next';
import { COMMON_HEADERS } from './lib/security-headers';

const config: NextConfig = {
  // The booking flow is shared with the widget as TypeScript source.
  transpilePackages: ['@svc/booking-ui'],
  poweredByHeader: false,
  typedRoutes: false,
  // The Content-Security-Policy (with its per-request nonce) comes from proxy.ts.
  headers: async () => [{ source: '/:path*', headers: COMMON_HEADERS }],
};

export default config;
