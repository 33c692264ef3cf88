import type { NextConfig } from 'next';
import { COMMON_HEADERS } from './lib/security-headers';

const config: NextConfig = {
  // Type-checked once, by `typecheck` (tsc, with Next's generated route types: `next typegen`), which
  // `pnpm run check` runs before any build; the build's own TypeScript pass repeated it (docs/decisions/type-checked-once.md).
  typescript: { ignoreBuildErrors: true },
  // The booking flow is shared with the widget as TypeScript source.
  transpilePackages: ['@svc/booking-ui'],
  poweredByHeader: false,
  typedRoutes: false,
  // The Content-Security-Policy (with its per-request nonce) comes from proxy.ts.
  headers: async () => [{ source: '/:path*', headers: COMMON_HEADERS }],
};

export default config;
