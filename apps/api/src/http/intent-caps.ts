import type { RateLimiterRes } from 'rate-limiter-flexible';
import type { Company } from '../domain/catalog';
import { DomainError } from '../domain/errors';
import { limiterStore } from './rate-limit';

/**
 * Payment intents per hour, per client address (pages only) and per company (every key): the spec's cap
 * on payment intents (section 8), so a card-testing bot cannot walk stolen cards through a company's forms.
 * The numbers are the company's (booking.payment_limits); `factor` raises them for load tests and the
 * browser suite, where one address books for everybody. Counted in Redis when it is shared.
 */
export type IntentCaps = { admit(company: Company, ip: string | null): Promise<void> };

const HOUR = 3600;

export function createIntentCaps(options: { redis?: unknown; factor?: number }): IntentCaps {
  const factor = options.factor ?? 1;
  // Counts only: the cap differs by company, so the limiter never refuses and we compare ourselves.
  const counter = (keyPrefix: string) =>
    limiterStore({ points: Number.MAX_SAFE_INTEGER, duration: HOUR, keyPrefix }, options.redis);
  const byIp = counter('intents:ip');
  const byCompany = counter('intents:company');

  async function check(limiter: ReturnType<typeof counter>, key: string, cap: number, limit: string) {
    const res: RateLimiterRes = await limiter.consume(key);
    if (res.consumedPoints <= cap * factor) return;
    const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    const minutes = Math.ceil(seconds / 60);
    throw new DomainError(
      'rate_limited',
      limit === 'intents_per_ip'
        ? `Too many payment attempts from this connection: at most ${cap} an hour. Try again in ${minutes} min, or call the company.`
        : `This company is taking too many online payments right now. Try again in ${minutes} min, or call the company.`,
      { details: { limit, per_hour: cap }, retryAfterSeconds: seconds },
    );
  }

  return {
    async admit(company, ip) {
      const limits = company.paymentLimits;
      if (ip !== null) await check(byIp, `${company.id}:${ip}`, limits.intentsPerIpPerHour, 'intents_per_ip');
      await check(byCompany, company.id, limits.intentsPerHour, 'intents_per_company');
    },
  };
}
