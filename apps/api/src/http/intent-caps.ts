import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import type { Company } from '../domain/catalog';
import { DomainError } from '../domain/errors';
import type { Caller } from '../use-cases/shared/payments';
import { limiterStore } from './rate-limit';

/**
 * The spec's caps on payment intents (section 8, "also capped per company and per IP"), built so that they
 * stop card testing and never let a stranger stop a company's sales (docs/decisions/payment-caps.md):
 * - a page visitor (publishable key, per address) opens at most `intents_per_ip_per_hour` payments and is
 *   stopped once `declines_per_ip_per_hour` of its cards were declined;
 * - while a company sees more than `declines_per_hour` declined cards an hour (card testing), a visitor with
 *   a declined card this hour opens no new payment; a visitor without one still does;
 * - a company's server keys open at most `intents_per_hour` payments an hour, counted apart: no page traffic
 *   spends them.
 * Each cap is counted before the payment it limits (in Redis when shared, so on every instance), with one
 * atomic increment: parallel calls cannot pass it together. `factor` raises every number for load tests.
 */
export type IntentCaps = {
  /** Counts a new payment against the caller's caps, or refuses it (429 rate_limited, `details.limit`). */
  admit(company: Company, caller: Pick<Caller, 'keyKind' | 'ip'>): Promise<void>;
  /** A declined card seen for a visitor (the sandbox's card form, a confirm that was told of one). */
  declined(companyId: string, ip: string | null): Promise<void>;
  /** The caps as the company's owner sees them this hour (the console's payment caps). */
  state(company: Company): Promise<CapsState>;
};

export type CapsState = {
  declined_cards: number;
  card_testing: boolean;
  visitors_refused: number;
  server_key_intents: number;
  limits: {
    intents_per_ip_per_hour: number;
    declines_per_ip_per_hour: number;
    declines_per_hour: number;
    intents_per_hour: number;
  };
};

const HOUR = 3600;

export function createIntentCaps(options: { redis?: unknown; factor?: number }): IntentCaps {
  const factor = options.factor ?? 1;
  // Counts only: the caps differ by company, so the limiter never refuses and we compare ourselves.
  const counter = (keyPrefix: string) =>
    limiterStore({ points: Number.MAX_SAFE_INTEGER, duration: HOUR, keyPrefix }, options.redis);
  const visitorIntents = counter('intents:ip');
  const visitorDeclines = counter('declines:ip');
  const companyDeclines = counter('declines:company');
  const serverIntents = counter('intents:server');
  const refusals = counter('intents:refused');

  const count = async (limiter: RateLimiterAbstract, key: string) => (await limiter.get(key))?.consumedPoints ?? 0;
  const refuse = (limit: string, perHour: number, waitMs: number, message: (minutes: number) => string) => {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    return new DomainError('rate_limited', message(Math.ceil(seconds / 60)), {
      details: { limit, per_hour: perHour },
      retryAfterSeconds: seconds,
    });
  };
  async function admitVisitor(company: Company, ip: string) {
    const limits = company.paymentLimits;
    const visitor = `${company.id}:${ip}`;
    // Read once: the count decides, and what is left of its hour is the wait either refusal names.
    const window = await visitorDeclines.get(visitor);
    const declines = window?.consumedPoints ?? 0;
    const wait = window?.msBeforeNext ?? 0;
    if (declines >= limits.declinesPerIpPerHour * factor) {
      throw refuse(
        'declines_per_ip',
        limits.declinesPerIpPerHour,
        wait,
        (m) => `Too many declined cards from this connection. Try again in ${m} min, or call the company.`,
      );
    }
    if (declines > 0 && (await count(companyDeclines, company.id)) >= limits.declinesPerHour * factor) {
      throw refuse(
        'card_testing',
        limits.declinesPerHour,
        wait,
        (m) =>
          `A card from this connection was declined while this company's payments are being tested with many cards. Try again in ${m} min, or call the company.`,
      );
    }
    const opened: RateLimiterRes = await visitorIntents.consume(visitor);
    if (opened.consumedPoints > limits.intentsPerIpPerHour * factor) {
      throw refuse(
        'intents_per_ip',
        limits.intentsPerIpPerHour,
        opened.msBeforeNext,
        (m) =>
          `Too many payment attempts from this connection: at most ${limits.intentsPerIpPerHour} an hour. Try again in ${m} min, or call the company.`,
      );
    }
  }

  return {
    async admit(company, caller) {
      if (caller.keyKind === 'server') {
        const cap = company.paymentLimits.intentsPerHour;
        const opened: RateLimiterRes = await serverIntents.consume(company.id);
        if (opened.consumedPoints <= cap * factor) return;
        throw refuse(
          'intents_per_company',
          cap,
          opened.msBeforeNext,
          (m) => `This company's server keys opened ${cap} payments this hour, their cap. Try again in ${m} min.`,
        );
      }
      if (caller.ip === null) return;
      try {
        await admitVisitor(company, caller.ip);
      } catch (err) {
        await refusals.consume(company.id);
        throw err;
      }
    },
    async declined(companyId, ip) {
      await companyDeclines.consume(companyId);
      if (ip !== null) await visitorDeclines.consume(`${companyId}:${ip}`);
    },
    async state(company) {
      const limits = company.paymentLimits;
      const declinedCards = await count(companyDeclines, company.id);
      return {
        declined_cards: declinedCards,
        card_testing: declinedCards >= limits.declinesPerHour * factor,
        visitors_refused: await count(refusals, company.id),
        server_key_intents: await count(serverIntents, company.id),
        limits: {
          intents_per_ip_per_hour: limits.intentsPerIpPerHour,
          declines_per_ip_per_hour: limits.declinesPerIpPerHour,
          declines_per_hour: limits.declinesPerHour,
          intents_per_hour: limits.intentsPerHour,
        },
      };
    },
  };
}
