import path from 'node:path';
import { dataDir } from '../lib/paths';

/** Everything the platform reads from the environment, in one place (documented in the README). */
export function readEnv(env = process.env) {
  const apiPort = Number(env.PORT ?? 3000);
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteDir: path.join(dataDir(), 'pglite'),
    redisUrl: env.REDIS_URL || undefined,
    apiPort,
    standalonePort: Number(env.STANDALONE_PORT ?? 3100),
    hostedBaseUrl: (env.HOSTED_BASE_URL ?? `http://localhost:${apiPort}`).replace(/\/$/, ''),
    ratePerMinute: Number(env.SVC_RATE_LIMIT_PER_MINUTE ?? 120),
    /** Behind a proxy that sets X-Forwarded-For: how many proxies to trust (standalone server). */
    trustProxyHops: Number(env.SVC_TRUST_PROXY_HOPS ?? 0),
  };
}
export type PlatformEnv = ReturnType<typeof readEnv>;
