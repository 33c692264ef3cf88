import path from 'node:path';
import type { NextConfig } from 'next';

/**
 * The bench's baseline for the Next route handler: a bare Next 16 app whose two route handlers replay the
 * API's bytes (bench/run.mjs builds it and serves it through dist/next-server.js, as the API is served).
 */
const config: NextConfig = {
  poweredByHeader: false,
  turbopack: { root: path.join(import.meta.dirname, '../../../..') },
};

export default config;
