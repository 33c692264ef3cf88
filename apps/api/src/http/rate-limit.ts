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
  return {
    async hit(key) {
      try {
        await limiter.consume(key);
        return 0;
      } catch (rejection) {
        if (rejection instanceof Error) throw rejection;
        return Math.max(1, Math.ceil(((rejection as IRateLimiterRes).msBeforeNext ?? 1000) / 1000));
      }
    },
  };
}
