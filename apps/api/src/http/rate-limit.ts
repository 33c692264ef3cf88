import { type IRateLimiterRes, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';

export type Limiter = {
  /** Counts one request for key; resolves to the seconds to wait when over the limit, else 0. */
  hit(key: string): Promise<number>;
};

export type LimitOptions = { points: number; durationSeconds: number; prefix: string; redis?: unknown };

/**
 * A rate-limiter-flexible counter: in memory for one process, in Redis when shared (with an in-memory
 * stand-in while Redis cannot be reached). The per-minute limits and the payment caps both count here.
 */
export function limiterStore(settings: { points: number; duration: number; keyPrefix: string }, redis?: unknown) {
  return redis
    ? new RateLimiterRedis({ ...settings, storeClient: redis, insuranceLimiter: new RateLimiterMemory(settings) })
    : new RateLimiterMemory(settings);
}

/** Fixed-window limits: in memory for one process, Redis when shared. */
export function createLimiter(options: LimitOptions): Limiter {
  const limiter = limiterStore(
    { points: options.points, duration: options.durationSeconds, keyPrefix: options.prefix },
    options.redis,
  );
  return { hit: (key) => secondsToWait(limiter.consume(key)) };
}

/** Seconds until a refused consume may try again, 0 when it was allowed; a store's own failure is thrown. */
export async function secondsToWait(consumed: Promise<unknown>): Promise<number> {
  try {
    await consumed;
    return 0;
  } catch (rejection) {
    if (rejection instanceof Error) throw rejection;
    return Math.max(1, Math.ceil(((rejection as IRateLimiterRes).msBeforeNext ?? 1000) / 1000));
  }
}
