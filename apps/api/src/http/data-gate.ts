import type { Context, MiddlewareHandler } from 'hono';
import type { Registry } from '../db/registry';
import type { Catalog } from '../domain/catalog';
import { DomainError } from '../domain/errors';
import { fingerprint, keyKind } from '../lib/api-keys';
import { memoize } from '../lib/memoize';
import { createLimiter } from './rate-limit';

/** What the Data API's gate leaves on the request for the handlers. */
export type DataEnv = { Variables: { requestId: string; catalog: Catalog } };

export type DataGateOptions = {
  registry: Registry;
  /** Requests per minute per key (spec: 60), counted in Redis when it is shared. */
  ratePerMinute: number;
  redis?: unknown;
  now: () => Date;
  /** Seconds left in the free plan's window for a read (opening it on the day's first read), or a refusal. */
  windowRemaining: (catalog: Catalog) => Promise<number>;
  /** Runs once the caller is known, before the handler (the shell's body read). */
  afterKey: (c: Context) => Promise<void> | undefined;
};

const MAX_AUTHORIZATION = 512;
const keyFingerprint = memoize(fingerprint, 10_000);
const unauthorized = (message: string) => new DomainError('unauthorized', message);
/**
 * Headers only a browser sends: a Data API key in a web page is a leaked secret. Not Sec-Fetch-Mode: Node's
 * own fetch (undici) sends `Sec-Fetch-Mode: cors` from servers too.
 */
const BROWSER_MARKERS = ['origin', 'sec-fetch-site'];

/**
 * The Data API's gate (data spec sections 5 and 8): servers only, a data key of an approved company whose
 * own switch is on, 60 requests a minute per key, and on the free plan reads within the day's window
 * (said in X-SVC-Window-Remaining). Lead pushes neither open nor use the window.
 */
export function dataGate(options: DataGateOptions): MiddlewareHandler<DataEnv> {
  const byKey = createLimiter({
    points: options.ratePerMinute,
    durationSeconds: 60,
    redis: options.redis,
    prefix: 'data:key',
  });
  return async (c, next) => {
    const marker = BROWSER_MARKERS.find((h) => c.req.header(h) !== undefined);
    if (marker) {
      throw new DomainError(
        'secret_in_browser',
        `The Data API answers servers only, and this request came from a web browser (it carries ${marker === 'origin' ? 'Origin' : 'Sec-Fetch-Site'}). Call it from your backend; if a svc_live_ key was ever in a web page, revoke it.`,
      );
    }
    const { keyId, catalog } = await authenticate(c, options);
    const wait = await byKey.hit(keyId);
    if (wait) {
      throw new DomainError(
        'rate_limited',
        `Too many requests: at most ${options.ratePerMinute} a minute per key. Retry in ${wait} s.`,
        { retryAfterSeconds: wait },
      );
    }
    c.set('catalog', catalog);
    const reading = options.afterKey(c);
    if (reading) await reading;
    if (c.req.method !== 'POST' && catalog.company.dataApi.plan === 'free') {
      c.header('X-SVC-Window-Remaining', String(await options.windowRemaining(catalog)));
    }
    await next();
  };
}

async function authenticate(c: Context, options: DataGateOptions): Promise<{ keyId: string; catalog: Catalog }> {
  const header = c.req.header('authorization') ?? '';
  if (header.length > MAX_AUTHORIZATION) {
    throw unauthorized('This is not an API key: the Authorization header is too long.');
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthorized('No API key. Send it as `Authorization: Bearer svc_live_…`.');
  const key = match[1] as string;
  if (keyKind(key) !== 'data') {
    throw unauthorized('This is not a Data API key: use a svc_live_ key (Booking API keys work only on /booking/v1).');
  }
  const row = await options.registry.key(keyFingerprint(key));
  if (row?.kind !== 'data') throw unauthorized('Invalid API key.');
  if (row.revokedAt) throw unauthorized('This API key was revoked.');
  if (row.expiresAt && row.expiresAt.getTime() <= options.now().getTime()) {
    throw unauthorized('This API key has expired.');
  }
  const catalog = await options.registry.catalog(row.companyId);
  if (!catalog) throw unauthorized('Invalid API key.');
  const { access, enabled } = catalog.company.dataApi;
  if (access === 'revoked') throw unauthorized("This company's Data API access was revoked by the platform.");
  if (access !== 'approved') {
    throw unauthorized("This company's Data API access is not approved yet: keys work once it is.");
  }
  if (!catalog.company.active) {
    throw new DomainError('company_inactive', 'The company behind this key is not active.');
  }
  if (!enabled) {
    throw new DomainError(
      'access_disabled',
      'The company has switched its Data API access off (Settings, API): switch it on to use this key.',
    );
  }
  return { keyId: row.id, catalog };
}
