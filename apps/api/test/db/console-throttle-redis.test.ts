import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/errors';
import { createSignInThrottle, SIGN_IN_LIMITS } from '../../src/http/console-throttle';

// The console's sign-in throttle on a multi-instance deployment (REDIS_URL), against a real Redis.
const url = process.env.TEST_REDIS_URL;
if (!url && process.env.CI) throw new Error('CI must run the Redis throttle test: set TEST_REDIS_URL');

describe.runIf(url)('console sign-in throttling shared through Redis', () => {
  const clients: Redis[] = [];
  const client = () => {
    const redis = new Redis(url as string, { enableOfflineQueue: true, lazyConnect: false });
    clients.push(redis);
    return redis;
  };
  afterAll(async () => {
    for (const c of clients) await c.quit();
  });

  const refusal = (p: Promise<void>) =>
    p.then(
      () => undefined,
      (err: unknown) => err,
    );

  it('attempts on two instances add up for the address; a success on either clears it', async () => {
    const a = createSignInThrottle(client());
    const b = createSignInThrottle(client());
    const email = `${randomBytes(6).toString('hex')}@example.com`;
    const ip = () => `10.77.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    for (let i = 0; i < SIGN_IN_LIMITS.perEmail.points; i++) {
      expect(await refusal((i % 2 ? a : b).attempt(email, ip()))).toBeUndefined();
    }
    const refused = await refusal(a.attempt(email, ip()));
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe('rate_limited');
    expect((refused as DomainError).retryAfterSeconds).toBeGreaterThan(0);
    await b.succeeded(email, ip());
    expect(await refusal(a.attempt(email, ip()))).toBeUndefined();
  });

  it('parallel attempts on two instances: exactly the limit get through to the password check', async () => {
    const a = createSignInThrottle(client());
    const b = createSignInThrottle(client());
    const email = `${randomBytes(6).toString('hex')}@example.com`;
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, i) => refusal((i % 2 ? a : b).attempt(email, `10.78.0.${i}`))),
    );
    expect(outcomes.filter((o) => o === undefined)).toHaveLength(SIGN_IN_LIMITS.perEmail.points);
  });

  it('reset e-mails are capped per address across instances', async () => {
    const a = createSignInThrottle(client());
    const b = createSignInThrottle(client());
    const email = `${randomBytes(6).toString('hex')}@example.com`;
    const allowed = [];
    for (let i = 0; i < SIGN_IN_LIMITS.resetsPerEmail.points + 1; i++)
      allowed.push(await (i % 2 ? a : b).resetAllowed(email));
    expect(allowed).toEqual([...Array(SIGN_IN_LIMITS.resetsPerEmail.points).fill(true), false]);
  });
});
