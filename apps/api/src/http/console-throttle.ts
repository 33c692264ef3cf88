import { createHash } from 'node:crypto';
import { DomainError } from '../domain/errors';
import { createLimiter, limiterStore, secondsToWait } from './rate-limit';

/**
 * Sign-in throttling (docs/decisions/console-accounts.md): attempts are counted per e-mail address
 * and per client address, in memory or in Redis when REDIS_URL is set, each one BEFORE its password is
 * checked, so parallel guesses cannot all reach the hash before the first is counted. Past either limit
 * every attempt is refused with 429 rate_limited and Retry-After until the window ends, the right password
 * included, and with the same sentence whether the address has an account or not. A success clears the
 * address's count (the person got in) and gives the client address its attempt back.
 */
export const SIGN_IN_LIMITS = {
  perEmail: { points: 10, durationSeconds: 15 * 60 },
  perIp: { points: 50, durationSeconds: 15 * 60 },
  /** Reset links per address: past it, the answer is the same 200 and no e-mail goes (no mail bombing). */
  resetsPerEmail: { points: 3, durationSeconds: 60 * 60 },
};

export type SignInThrottle = {
  /** Counts one attempt for the address and the client; refuses it when either is past its limit. */
  attempt(email: string, ip: string): Promise<void>;
  /** The attempt was right: the address starts over, and the client's attempt is given back. */
  succeeded(email: string, ip: string): Promise<void>;
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
    async attempt(email, ip) {
      // Both are counted (one atomic increment each, in Redis as in memory) before either answer is read.
      const waits = await Promise.all([secondsToWait(byEmail.consume(keyOf(email))), secondsToWait(byIp.consume(ip))]);
      const longest = Math.max(...waits);
      if (longest > 0) {
        throw new DomainError(
          'rate_limited',
          'Too many sign-in attempts; wait a few minutes and try again, or reset your password.',
          { retryAfterSeconds: longest },
        );
      }
    },
    async succeeded(email, ip) {
      await Promise.all([byEmail.delete(keyOf(email)), byIp.reward(ip, 1)]);
    },
    async resetAllowed(email) {
      return (await secondsToWait(resets.consume(keyOf(email)))) === 0;
    },
  };
}

/**
 * Invitations per company (docs/decisions/invitations.md): each sends an e-mail to an address the owner typed, so a
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
