import type { NextConfig } from 'next';

const config: NextConfig = {
  // Type-checked once, by `typecheck` (tsc, with Next's generated route types: `next typegen`), which
  // `pnpm run check` runs before any build; the build's own TypeScript pass repeated it (docs/decisions/type-checked-once.md).
  typescript: { ignoreBuildErrors: true },
  // Loaded from node_modules at run time: PGlite ships WASM next to its code, pg has optional natives.
  serverExternalPackages: [
    '@electric-sql/pglite',
    '@electric-sql/pglite-socket',
    'pg',
    'ioredis',
    'rate-limiter-flexible',
    // sharp ships a native binary; busboy and the S3 client are Node-only libraries of the photo upload.
    'sharp',
    'busboy',
    '@aws-sdk/client-s3',
    // One logger and one metrics registry per process, whichever route bundle asks (lib/log.ts, lib/metrics.ts).
    'pino',
    'pino-pretty',
    'prom-client',
  ],
  poweredByHeader: false,
  typedRoutes: false,
  // Every surface and the operator's paths go to the one route that serves the platform (pages/api/svc.ts).
  async rewrites() {
    const bases = ['/booking/v1', '/data/v1', '/console/v1', '/embed/v1', '/sandbox/v1', '/rental/v1'];
    return [
      ...bases.map((base) => ({ source: `${base}/:path*`, destination: '/api/svc' })),
      ...['/healthz', '/readyz', '/metrics'].map((source) => ({ source, destination: '/api/svc' })),
    ];
  },
};

export default config;
