import { createHash } from 'node:crypto';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { DomainError } from '../domain/errors';
import { createLimiter, limiterStore } from './rate-limit';

/**
 * Sign-in throttling (docs/decisions.md, "The console's accounts"): failed attempts are counted per e-mail
 * address and per client address, in memory or in Redis when REDIS_URL is set. Past either limit every
 * attempt is refused with 429 rate_limited and Retry-After until the window ends, the right password
 * included, and with the same sentence whether the address has an account or not. A success clears the
 * address's count (the person got in); the client address's count stays.
 */
export const SIGN_IN_LIMITS = {
  perEmail: { points: 10, durationSeconds: 15 * 60 },
  perIp: { points: 50, durationSeconds: 15 * 60 },
  /** Reset links per address: past it, the answer is the same 200 and no e-mail goes (no mail bombing). */
  resetsPerEmail: { points: 3, durationSeconds: 60 * 60 },
};

export type SignInThrottle = {
  /** Refuses the attempt when the address or the client is over its limit. */
  check(email: string, ip: string): Promise<void>;
  failed(email: string, ip: string): Promise<void>;
  succeeded(email: string): Promise<void>;
  /** Counts a reset request for the address; false past the limit. */
  resetAllowed(email: string): Promise<boolean>;
};

const keyOf = (email: string) => createHash('sha256').update(email).digest('base64url').slice(0, 32);

export function createSignInThrottle(redis?: unknown): SignInThrottle {
  const store = (prefix: string, limit: { points: number; durationSeconds: number }) =>
    limiterStore({ points: limit.points, duration: limit.durationSeconds, keyPrefix: prefix }, redis);
  const byEmail = store('console-sign-in-email', SIGN_IN_LIMITS.perEmail);
  const byIp = store('console-sign-in-ip', SIGN_IN_LIMITS.perIp);
  const resets = store('console-reset-email', SIGN_IN_LIMITS.resetsPerEmail);

  return {
    async check(email, ip) {
      const waits = await Promise.all([
        over(byEmail, keyOf(email), SIGN_IN_LIMITS.perEmail.points),
        over(byIp, ip, SIGN_IN_LIMITS.perIp.points),
      ]);
      const wait = Math.max(...waits);
      if (wait > 0) {
        throw new DomainError(
          'rate_limited',
          'Too many sign-in attempts; wait a few minutes and try again, or reset your password.',
          { retryAfterSeconds: wait },
        );
      }
    },
    async failed(email, ip) {
      await Promise.all([byEmail.penalty(keyOf(email), 1), byIp.penalty(ip, 1)]);
    },
    async succeeded(email) {
      await byEmail.delete(keyOf(email));
    },
    async resetAllowed(email) {
      try {
        await resets.consume(keyOf(email));
        return true;
      } catch (rejection) {
        if (rejection instanceof Error) throw rejection;
        return false;
      }
    },
  };
}

/** Seconds until the key may try again, 0 when it may now. */
async function over(limiter: RateLimiterAbstract, key: string, points: number): Promise<number> {
  const res = await limiter.get(key);
  if (!res || res.consumedPoints < points) return 0;
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

/**
 * Invitations per company (docs/decisions.md): each sends an e-mail to an address the owner typed, so a
 * company may send 20 an hour; past it 429 rate_limited with Retry-After. Counted before the invitation is
 * checked, so refused attempts count too.
 */
export const INVITATION_LIMIT = { points: 20, durationSeconds: 60 * 60 };

export type InvitationThrottle = { check(companyId: string): Promise<void> };

export function createInvitationThrottle(redis?: unknown): InvitationThrottle {
  const limiter = createLimiter({ ...INVITATION_LIMIT, prefix: 'console-invitations', redis });
  return {
    async check(companyId) {
      const wait = await limiter.hit(companyId);
      if (wait > 0) {
        throw new DomainError(
          'rate_limited',
          `Your company sent ${INVITATION_LIMIT.points} invitations in the last hour; wait a while and send this one again.`,
          { retryAfterSeconds: wait },
        );
      }
    },
  };
}
