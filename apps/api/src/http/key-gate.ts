import type { Context, MiddlewareHandler, Next } from 'hono';
import type { Registry } from '../db/registry';
import type { KeyRow } from '../db/repositories/keys';
import type { Catalog } from '../domain/catalog';
import { DomainError } from '../domain/errors';
import type { CatalogScope } from '../domain/scope';
import { fingerprint, type KeyKind, keyKind } from '../lib/api-keys';
import type { Channel } from '../use-cases/shared/payments';
import { createLimiter } from './rate-limit';

/** What the gate leaves on the request for the handlers: the company's scope, made once here. */
export type KeyEnv = { Variables: { requestId: string; scope: CatalogScope } };
/** The Booking API's (and junk's) requests also carry the channel the caller books through. */
export type BookingEnv = { Variables: KeyEnv['Variables'] & { channel: Channel } };

/** A key that is known, live and of a kind the surface takes; the surface's own rules come next. */
export type LiveKey = Pick<KeyRow, 'id' | 'companyId' | 'allowedDomains'> & { kind: KeyKind };

export type KeyGateOptions<E extends KeyEnv> = {
  registry: Registry;
  now: () => Date;
  /** The key kinds this surface takes; what to say when no key is sent, and when another kind is. */
  kinds: readonly KeyKind[];
  noKey: string;
  wrongKind: string;
  /** The surface's refusals before the key is read (a platform switch, a browser's headers). */
  before?: (c: Context<E>) => void | Promise<void>;
  /**
   * Requests per minute per key (and per IP when `clientIp` is given), counted in Redis when it is shared,
   * and how the refusal names the limit ("a minute", "a minute per key"). A publishable key is counted per
   * page visitor (key and address): it is on every page of the company's sites, so one count per key would
   * cap a busy site's audience, not one client (docs/decisions/rate-limits.md).
   */
  rate: { perMinute: number; per: string; prefix: string; redis?: unknown; clientIp?: (c: Context) => string };
  /** The surface's own rules on the key and its company: the company's catalog, or a refusal. */
  admit: (c: Context<E>, key: LiveKey) => Catalog | Promise<Catalog>;
  /** Runs once the caller is known, before the handler (the shell's body read). */
  afterKey: (c: Context) => Promise<void> | undefined;
  /** Runs last, with the scope made (the free plan's window header). */
  after?: (c: Context<E>, scope: CatalogScope) => Promise<void>;
};

/** Longer than any key: an Authorization header past it is refused unread. */
const MAX_AUTHORIZATION = 512;
export const unauthorized = (message: string) => new DomainError('unauthorized', message);

/**
 * One gate for every keyed surface: the surface's early refusals, the per-IP limit, the key, the surface's
 * rules, the per-key limit, then the body; it leaves `scope` on the request.
 */
export function keyGate<E extends KeyEnv>(options: KeyGateOptions<E>): MiddlewareHandler<E> {
  const { rate } = options;
  const limit = { points: rate.perMinute, durationSeconds: 60, redis: rate.redis };
  const byIp = rate.clientIp ? createLimiter({ ...limit, prefix: `${rate.prefix}:ip` }) : undefined;
  const byKey = createLimiter({ ...limit, prefix: `${rate.prefix}:key` });
  const rateLimited = (seconds: number) =>
    new DomainError('rate_limited', `Too many requests: at most ${limit.points} ${rate.per}. Retry in ${seconds} s.`, {
      retryAfterSeconds: seconds,
    });

  return (async (c: Context<E>, next: Next) => {
    await options.before?.(c);
    // Everything here reads headers only: a key is refused before a byte of the body is read (afterKey).
    const ip = rate.clientIp?.(c);
    const ipWait = byIp && ip !== undefined ? await byIp.hit(ip) : 0;
    if (ipWait) throw rateLimited(ipWait);
    const key = await authenticate(c, options);
    const catalog = await options.admit(c, key);
    const keyWait = await byKey.hit(key.kind === 'publishable' && ip !== undefined ? `${key.id} ${ip}` : key.id);
    if (keyWait) throw rateLimited(keyWait);
    const scope: CatalogScope = {
      companyId: catalog.company.id,
      actor: { kind: 'key', keyId: key.id, keyKind: key.kind },
      catalog,
    };
    c.set('scope', scope);
    await options.afterKey(c);
    await options.after?.(c, scope);
    await next();
  }) as MiddlewareHandler<E>;
}

/** The presented key, found through the registry's cache: known, of a kind the surface takes, live. */
async function authenticate<E extends KeyEnv>(c: Context<E>, options: KeyGateOptions<E>): Promise<LiveKey> {
  const header = c.req.header('authorization') ?? '';
  if (header.length > MAX_AUTHORIZATION) {
    throw unauthorized('This is not an API key: the Authorization header is too long.');
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthorized(options.noKey);
  const key = match[1] as string;
  const kind = keyKind(key);
  if (!kind || !options.kinds.includes(kind)) throw unauthorized(options.wrongKind);
  // Looked up by its fingerprint: no presented key is kept, not even in a cache.
  return liveKey(await options.registry.key(fingerprint(key)), kind, options.now);
}

function liveKey(row: KeyRow | null, kind: KeyKind, now: () => Date): LiveKey {
  if (!row || row.kind !== kind) throw unauthorized('Invalid API key.');
  if (row.revokedAt) throw unauthorized('This API key was revoked.');
  if (row.expiresAt && row.expiresAt.getTime() <= now().getTime()) {
    throw unauthorized('This API key has expired.');
  }
  return { id: row.id, companyId: row.companyId, allowedDomains: row.allowedDomains, kind };
}
