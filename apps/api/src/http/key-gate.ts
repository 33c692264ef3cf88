import type { Context, MiddlewareHandler } from 'hono';
import type { Registry } from '../db/registry';
import type { Catalog } from '../domain/catalog';
import { DomainError } from '../domain/errors';
import { fingerprint, isHostedOrigin, type KeyKind, keyKind, originAllowed } from '../lib/api-keys';
import { memoize } from '../lib/memoize';
import type { Channel } from '../use-cases/shared/payments';
import { createLimiter } from './rate-limit';
import { allowOrigin, forbidOrigin } from './shell';

/** What the gate leaves on the request for the handlers. */
export type KeyEnv = {
  Variables: { requestId: string; catalog: Catalog; channel: Channel; keyKind: KeyKind };
};

export type KeyGateOptions = {
  registry: Registry;
  /** The key kinds this surface takes, and how to name them when another is sent. */
  kinds: readonly KeyKind[];
  wrongKind: string;
  /** The platform switch of the surface (synchronous while the read model has it) and its refusal. */
  enabled: () => boolean | Promise<boolean>;
  switchedOff: () => DomainError;
  /**
   * Requests per minute per key and per IP (spec: 120), counted in Redis when it is shared. A publishable
   * key is counted per page visitor (key and address): it is on every page of the company's sites, so one
   * count per key would cap a busy site's audience, not one client (docs/decisions.md, "Rate limits").
   */
  ratePerMinute: number;
  redis?: unknown;
  prefix: string;
  clientIp: (c: Context) => string;
  hostedBaseUrl: string;
  now: () => Date;
  /** Runs once the caller is known, before the handler (the shell's body read). */
  afterKey: (c: Context) => Promise<void> | undefined;
};

/** Longer than any key: an Authorization header past it is refused unread. */
const MAX_AUTHORIZATION = 512;
/** SHA-256 of a presented key, remembered for the keys seen lately (hashing costs ~1 µs a request). */
const keyFingerprint = memoize(fingerprint, 10_000);
const unauthorized = (message: string) => new DomainError('unauthorized', message);

/** One gate for every keyed operation: platform switch, per-IP limit, key, per-key limit, then the body. */
export function keyGate(options: KeyGateOptions): MiddlewareHandler<KeyEnv> {
  const limit = { points: options.ratePerMinute, durationSeconds: 60, redis: options.redis };
  const byIp = createLimiter({ ...limit, prefix: `${options.prefix}:ip` });
  const byKey = createLimiter({ ...limit, prefix: `${options.prefix}:key` });
  const rateLimited = (seconds: number) =>
    new DomainError('rate_limited', `Too many requests: at most ${limit.points} a minute. Retry in ${seconds} s.`, {
      retryAfterSeconds: seconds,
    });

  return async (c, next) => {
    const enabled = options.enabled();
    if (!(enabled instanceof Promise ? await enabled : enabled)) throw options.switchedOff();
    const ip = options.clientIp(c);
    const ipWait = await byIp.hit(ip);
    if (ipWait) throw rateLimited(ipWait);
    const key = await authenticate(c, options);
    const keyWait = await byKey.hit(key.kind === 'publishable' ? `${key.id} ${ip}` : key.id);
    if (keyWait) throw rateLimited(keyWait);
    const reading = options.afterKey(c);
    if (reading) await reading;
    await next();
  };
}

/** Resolves the key to its company's catalog (from the registry's cache on the hot path); the key's id and kind. */
async function authenticate(c: Context<KeyEnv>, options: KeyGateOptions): Promise<{ id: string; kind: KeyKind }> {
  const header = c.req.header('authorization') ?? '';
  if (header.length > MAX_AUTHORIZATION) {
    throw unauthorized('This is not an API key: the Authorization header is too long.');
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthorized('No API key. Send it as `Authorization: Bearer <key>`.');
  const key = match[1] as string;
  const kind = keyKind(key);
  if (!kind || !options.kinds.includes(kind)) throw unauthorized(options.wrongKind);
  const row = await options.registry.key(keyFingerprint(key));
  if (!row || row.kind !== kind) throw unauthorized('Invalid API key.');
  if (row.revokedAt) throw unauthorized('This API key was revoked.');
  if (row.expiresAt && row.expiresAt.getTime() <= options.now().getTime()) {
    throw unauthorized('This API key has expired.');
  }
  c.set('channel', callerChannel(c, kind, row.allowedDomains, options.hostedBaseUrl));
  c.set('keyKind', kind);
  const catalog = await options.registry.catalog(row.companyId);
  if (!catalog?.company.active) {
    throw new DomainError('company_inactive', 'The company behind this key is not active.');
  }
  c.set('catalog', catalog);
  return { id: row.id, kind };
}

/** Where a key may be used from: a publishable key from its pages only, a server key never from a browser. */
function callerChannel(c: Context, kind: KeyKind, allowedDomains: string[], hostedBaseUrl: string): Channel {
  const origin = c.req.header('origin');
  if (kind === 'publishable') {
    if (origin === undefined) {
      throw new DomainError(
        'origin_required',
        'A publishable key works only from a web page on an allowed domain (no Origin header was sent). Use a server key from a backend.',
      );
    }
    const hosted = isHostedOrigin(origin, hostedBaseUrl);
    if (!hosted && !originAllowed(origin, allowedDomains)) {
      // The shell let the page read answers because some company allows it; this key's company does not.
      forbidOrigin(c);
      throw new DomainError('origin_not_allowed', `${origin} is not an allowed domain of this key.`);
    }
    allowOrigin(c, origin);
    // Attribution only, never a permission: see docs/decisions.md ("Booking channel").
    return hosted ? 'link' : c.req.header('x-svc-channel') === 'widget' ? 'widget' : 'api';
  }
  if (origin !== undefined || c.req.header('sec-fetch-site') !== undefined) {
    throw new DomainError(
      'secret_in_browser',
      'A server key was sent from a web browser. Revoke it now and use a publishable key in web pages.',
    );
  }
  return 'api';
}
