import type { NextConfig } from 'next';

const config: NextConfig = {
  // Loaded from node_modules at run time: PGlite ships WASM next to its code, pg has optional natives.
  serverExternalPackages: [
    '@electric-sql/pglite',
    '@electric-sql/pglite-socket',
    'pg',
    'ioredis',
    'rate-limiter-flexible',
  ],
  poweredByHeader: false,
  typedRoutes: false,
};

export default config;
