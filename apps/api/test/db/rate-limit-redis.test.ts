import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createLimiter } from '../../src/http/rate-limit';

// The shared limiter of a multi-instance deployment (REDIS_URL), against a real Redis. CI sets TEST_REDIS_URL.
const url = process.env.TEST_REDIS_URL;
if (!url && process.env.CI) throw new Error('CI must run the Redis limiter test: set TEST_REDIS_URL');

describe.runIf(url)('rate limits shared through Redis', () => {
  const clients: Redis[] = [];
  const client = () => {
    const redis = new Redis(url as string, { enableOfflineQueue: true, lazyConnect: false });
    clients.push(redis);
    return redis;
  };
  afterAll(async () => {
    for (const c of clients) await c.quit();
  });

  it('two instances share one count, and the refusal says how long to wait', async () => {
    const prefix = `test:${randomBytes(4).toString('hex')}`;
    const a = createLimiter({ points: 3, durationSeconds: 60, prefix, redis: client() });
    const b = createLimiter({ points: 3, durationSeconds: 60, prefix, redis: client() });
    expect([await a.hit('k'), await b.hit('k'), await a.hit('k')]).toEqual([0, 0, 0]);
    const wait = await b.hit('k');
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await a.hit('other')).toBe(0);
  });
});
