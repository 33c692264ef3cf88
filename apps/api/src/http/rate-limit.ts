import { type IRateLimiterRes, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';

export type Limiter = {
  /** Counts one request for key; resolves to the seconds to wait when over the limit, else 0. */
  hit(key: string): Promise<number>;
};

export type LimitOptions = { points: number; durationSeconds: number; prefix: string; redis?: unknown };

/** Fixed-window limits with rate-limiter-flexible: in memory for one process, Redis when shared. */
export function createLimiter(options: LimitOptions): Limiter {
  const settings = { points: options.points, duration: options.durationSeconds, keyPrefix: options.prefix };
  const limiter = options.redis
    ? new RateLimiterRedis({
        ...settings,
        storeClient: options.redis,
        insuranceLimiter: new RateLimiterMemory(settings),
      })
    : new RateLimiterMemory(settings);
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
