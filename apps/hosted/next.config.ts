import type { NextConfig } from 'next';
import { COMMON_HEADERS, RENTAL_HEADERS, RENTAL_PATHS } from './lib/security-headers';

const config: NextConfig = {
  // Type-checked once, by `typecheck` (tsc, with Next's generated route types: `next typegen`), which
  // `pnpm run check` runs before any build; the build's own TypeScript pass repeated it (docs/decisions/type-checked-once.md).
  typescript: { ignoreBuildErrors: true },
  // The booking flow is shared with the widget as TypeScript source.
  transpilePackages: ['@svc/booking-ui'],
  poweredByHeader: false,
  typedRoutes: false,
  // The Content-Security-Policy (with its per-request nonce) comes from proxy.ts.
  // The My booking page carries its token in the URL: it sends no Referer anywhere (the later entry wins).
  headers: async () => [
    { source: '/:path*', headers: COMMON_HEADERS },
    { source: RENTAL_PATHS, headers: RENTAL_HEADERS },
  ],
};

export default config;
