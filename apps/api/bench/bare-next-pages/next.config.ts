import path from 'node:path';
import type { NextConfig } from 'next';

/**
 * The bench's baseline for the API's Next route as it is served (a Pages API route behind a rewrite, as
 * apps/api/next.config.ts does): a bare Next 16 app whose one route replays the API's bytes.
 */
const config: NextConfig = {
  poweredByHeader: false,
  turbopack: { root: path.join(import.meta.dirname, '../../../..') },
  async rewrites() {
    return [{ source: '/booking/v1/:path*', destination: '/api/replay' }];
  },
};

export default config;
