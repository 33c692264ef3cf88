import { type IRateLimiterRes, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';

export type Limiter = {
  /**
   * Counts one request for key: the seconds to wait when over the limit, else 0. Counted in this process's
   * memory it answers at once; counted in Redis, through a promise.
   */
  hit(key: string): number | Promise<number>;
};

export type LimitOptions = { points: number; durationSeconds: number; prefix: string; redis?: unknown };

/**
 * A rate-limiter-flexible counter: in memory for one process, in Redis when shared (with an in-memory
 * stand-in while Redis cannot be reached). The payment caps and the console's throttles count here.
 */
export function limiterStore(settings: { points: number; duration: number; keyPrefix: string }, redis?: unknown) {
  return redis
    ? new RateLimiterRedis({ ...settings, storeClient: redis, insuranceLimiter: new RateLimiterMemory(settings) })
    : new RateLimiterMemory(settings);
}

/**
 * Fixed-window limits: Redis when shared; in one process, counted in place (`memoryWindows`), because the
 * per-minute limits are counted on every request and the library's memory store answers through a promise.
 */
export function createLimiter(options: LimitOptions): Limiter {
  if (!options.redis) return memoryWindows(options.points, options.durationSeconds);
  const limiter = limiterStore(
    { points: options.points, duration: options.durationSeconds, keyPrefix: options.prefix },
    options.redis,
  );
  return { hit: (key) => secondsToWait(limiter.consume(key)) };
}

/**
 * One fixed window per key, as rate-limiter-flexible's memory store counts it (the window opens at the key's
 * first request and lasts `durationSeconds`; past `points` the wait is what is left of it, at least 1 s),
 * answered without a promise. New windows go into the current map; once a window's length has passed, the
 * current map becomes the previous one and the previous one is dropped whole: every window in it had ended.
 * So the maps hold the keys of the last two windows at most, and dropping them costs nothing per key.
 */
export function memoryWindows(
  points: number,
  durationSeconds: number,
  now: () => number = Date.now,
): Limiter & { size(): number } {
  type Window = { count: number; endsAt: number };
  const windowMs = durationSeconds * 1000;
  let current = new Map<string, Window>();
  let previous = new Map<string, Window>();
  let turnAt = now() + windowMs;
  return {
    hit(key) {
      const at = now();
      if (at >= turnAt) {
        // Windows of the current map opened before turnAt; after another whole window they have all ended.
        previous = at - turnAt >= windowMs ? new Map() : current;
        current = new Map();
        turnAt = at + windowMs;
      }
      let window = current.get(key) ?? previous.get(key);
      if (!window || window.endsAt <= at) {
        window = { count: 0, endsAt: at + windowMs };
        current.set(key, window);
      }
      window.count++;
      return window.count > points ? Math.max(1, Math.ceil((window.endsAt - at) / 1000)) : 0;
    },
    /** The keys held. */
    size: () => current.size + previous.size,
  };
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
