import { randomUUID } from 'node:crypto';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as ops from '../contract/booking';
import { BOOKING_BASE, bookingDocument } from '../contract/document';
import type { Db } from '../db/client';
import type { Catalog } from '../domain/catalog';
import { todayIn } from '../domain/dates';
import { ApiError } from '../domain/errors';
import { fingerprint, isHostedOrigin, keyKind, originAllowed, pageMayUseKey } from '../lib/api-keys';
import { memoize } from '../lib/memoize';
import type { Registry } from '../runtime/registry';
import { confirmOrder } from '../use-cases/confirm-order';
import { type Channel, createIntent, type ProcessorFor } from '../use-cases/create-intent';
import { checkBooking, closedDays, listMaterials, quoteRental } from '../use-cases/read-catalog';
import { getSession } from '../use-cases/sessions';
import { errorResponse, toApiError, validationError } from './errors';
import { createIntentCaps, type IntentCaps } from './intent-caps';
import { presentCompany, presentSize } from './present';
import { createLimiter } from './rate-limit';

export type AppDeps = {
  registry: Registry;
  db: Db;
  /** The card processor of a company, or null when none is configured for it. */
  processorFor: ProcessorFor;
  /** The client's address, for the per-IP limit (see docs/decisions.md). */
  clientIp: (c: Context) => string;
  /** The hosted booking pages: their origin may use any company's publishable key (channel 'link'). */
  hostedBaseUrl: string;
  /** Requests per minute per key and per IP (spec: 120). */
  ratePerMinute?: number;
  redis?: unknown;
  /** Payment intents per hour per page address and per company (default: counted in this process). */
  intentCaps?: IntentCaps;
  now?: () => Date;
};

type Env = { Variables: { requestId: string; catalog: Catalog; channel: Channel; keyKind: 'publishable' | 'server' } };

export const MAX_BODY_BYTES = 16 * 1024;
/** Longer than any key: an Authorization header past it is refused unread. */
const MAX_AUTHORIZATION = 512;
const ALLOWED_METHODS = new Set(['GET', 'POST']);

const unauthorized = (message: string) => new ApiError('unauthorized', message);
/** SHA-256 of a presented key, remembered for the keys seen lately (hashing costs ~1 µs a request). */
const keyFingerprint = memoize(fingerprint, 10_000);

export function createBookingApp(deps: AppDeps) {
  const { registry } = deps;
  const now = deps.now ?? (() => new Date());
  const limit = { points: deps.ratePerMinute ?? 120, durationSeconds: 60, redis: deps.redis };
  const byIp = createLimiter({ ...limit, prefix: 'booking:ip' });
  const byKey = createLimiter({ ...limit, prefix: 'booking:key' });
  const rateLimited = (seconds: number) =>
    new ApiError('rate_limited', `Too many requests: at most ${limit.points} a minute. Retry in ${seconds} s.`, {
      headers: { 'Retry-After': String(seconds) },
    });

  const app = new OpenAPIHono<Env>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error, result.target);
    },
  }).basePath(BOOKING_BASE);

  // Request ids are made for error responses only: a header on every success costs the hot path ~5 µs in
  // Hono (docs/decisions.md).
  app.onError((err, c) => {
    const requestId = randomUUID();
    c.set('requestId', requestId);
    return errorResponse(c, toApiError(err, requestId));
  });
  app.notFound((c) => {
    const allow = allowedMethods(c.req.path);
    if (allow.length) {
      c.header('Allow', allow.join(', '));
      return errorResponse(
        c,
        new ApiError('method_not_allowed', `${c.req.method} is not allowed here; use ${allow.join(' or ')}.`),
      );
    }
    return errorResponse(c, new ApiError('not_found', `No endpoint ${c.req.method} ${c.req.path}.`));
  });

  app.use('*', async (c, next) => {
    if (c.req.method === 'OPTIONS' && c.req.header('origin') && c.req.header('access-control-request-method')) {
      return preflight(c);
    }
    // Every answer to a page that may use a publishable key is readable there, refusals included (a 401 or
    // 429 the page can explain); the key check below still decides what the page may do.
    const origin = c.req.header('origin');
    if (origin && pageMayUseKey(origin, await registry.allowedDomains(), deps.hostedBaseUrl)) allowOrigin(c, origin);
    if (!ALLOWED_METHODS.has(c.req.method)) {
      c.header('Allow', 'GET, POST');
      throw new ApiError('method_not_allowed', `${c.req.method} is not supported: the Booking API takes GET and POST.`);
    }
    await next();
  });

  async function preflight(c: Context) {
    const origin = c.req.header('origin') as string;
    if (!pageMayUseKey(origin, await registry.allowedDomains(), deps.hostedBaseUrl)) {
      throw new ApiError('origin_not_allowed', `${origin} is not an allowed domain of any publishable key.`);
    }
    c.header('Access-Control-Allow-Origin', origin);
    c.header('Access-Control-Allow-Methods', 'GET, POST');
    c.header('Access-Control-Allow-Headers', 'Authorization, Content-Type, X-SVC-Channel');
    c.header('Access-Control-Max-Age', '600');
    c.header('Vary', 'Origin');
    return c.body(null, 204);
  }

  // The document is public: registered before the key check.
  let document: string | undefined;
  app.get('/openapi.json', (c) => {
    document ??= JSON.stringify(bookingDocument());
    return c.body(document, 200, { 'Content-Type': 'application/json' });
  });

  // One gate for every operation: platform switch, per-IP limit, key, per-key limit, then the body.
  app.use('*', async (c, next) => {
    if (!(await registry.bookingApiEnabled())) {
      throw new ApiError(
        'booking_api_off',
        'The Booking API is switched off platform-wide for maintenance. Retry later.',
      );
    }
    const ipWait = await byIp.hit(deps.clientIp(c));
    if (ipWait) throw rateLimited(ipWait);
    await authenticate(c);
    if (c.req.method === 'POST' && allowedMethods(c.req.path).includes('POST')) await readJsonBody(c);
    await next();
  });

  /** Resolves the key to its company's catalog (from the registry's cache on the hot path). */
  async function authenticate(c: Context<Env>) {
    const header = c.req.header('authorization') ?? '';
    if (header.length > MAX_AUTHORIZATION)
      throw unauthorized('This is not an API key: the Authorization header is too long.');
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw unauthorized('No API key. Send it as `Authorization: Bearer <key>`.');
    const key = match[1] as string;
    const kind = keyKind(key);
    if (kind !== 'publishable' && kind !== 'server') {
      throw unauthorized('This is not a Booking API key: use a svc_pk_live_ or svc_sk_booking_ key.');
    }
    const row = await registry.key(keyFingerprint(key));
    if (!row || row.kind !== kind) throw unauthorized('Invalid API key.');
    if (row.revokedAt) throw unauthorized('This API key was revoked.');
    if (row.expiresAt && row.expiresAt.getTime() <= now().getTime()) throw unauthorized('This API key has expired.');

    const origin = c.req.header('origin');
    if (kind === 'publishable') {
      if (origin === undefined) {
        throw new ApiError(
          'origin_required',
          'A publishable key works only from a web page on an allowed domain (no Origin header was sent). Use a server key from a backend.',
        );
      }
      const hosted = isHostedOrigin(origin, deps.hostedBaseUrl);
      if (!hosted && !originAllowed(origin, row.allowedDomains)) {
        throw new ApiError('origin_not_allowed', `${origin} is not an allowed domain of this key.`);
      }
      // Attribution only, never a permission: see docs/decisions.md ("Booking channel").
      c.set('channel', hosted ? 'link' : c.req.header('x-svc-channel') === 'widget' ? 'widget' : 'api');
      allowOrigin(c, origin);
    } else if (origin !== undefined || c.req.header('sec-fetch-site') !== undefined) {
      throw new ApiError(
        'secret_in_browser',
        'A server key was sent from a web browser. Revoke it now and use a publishable key in web pages.',
      );
    } else {
      c.set('channel', 'api');
    }

    c.set('keyKind', kind);
    const catalog = await registry.catalog(row.companyId);
    if (!catalog?.company.active) throw new ApiError('company_inactive', 'The company behind this key is not active.');
    const keyWait = await byKey.hit(row.id);
    if (keyWait) throw rateLimited(keyWait);
    c.set('catalog', catalog);
  }

  const today = (c: Context<Env>) => todayIn(c.get('catalog').company.timezone, now());

  app.openapi(ops.getCompany, (c) =>
    c.json({ data: presentCompany(c.get('catalog'), deps.hostedBaseUrl, today(c)) }, 200),
  );
  app.openapi(ops.listSizes, (c) => c.json({ data: c.get('catalog').sizes.map(presentSize) }, 200));
  app.openapi(ops.getMaterials, (c) => c.json({ data: listMaterials(c.get('catalog')) }, 200));
  app.openapi(ops.getAvailability, (c) =>
    c.json({ data: closedDays(c.get('catalog'), c.req.valid('query'), today(c)) }, 200),
  );
  app.openapi(ops.check, (c) => c.json({ data: checkBooking(c.get('catalog'), c.req.valid('json'), today(c)) }, 200));
  app.openapi(ops.quote, (c) => c.json({ data: quoteRental(c.get('catalog'), c.req.valid('json'), today(c)) }, 200));

  const caps = deps.intentCaps ?? createIntentCaps({ redis: deps.redis });
  const orders = { db: deps.db, processorFor: deps.processorFor, admit: caps.admit, now };
  // Pages are capped per address; a backend's server key speaks for many customers (docs/decisions.md).
  const caller = (c: Context<Env>) => ({
    channel: c.get('channel'),
    ip: c.get('keyKind') === 'publishable' ? deps.clientIp(c) : null,
  });
  app.openapi(ops.createIntent, async (c) =>
    c.json({ data: await createIntent(orders, c.get('catalog'), c.req.valid('json'), today(c), caller(c)) }, 200),
  );
  app.openapi(ops.confirm, async (c) =>
    c.json({ data: await confirmOrder(orders, c.get('catalog'), c.req.valid('json')) }, 200),
  );
  app.openapi(ops.getSession, async (c) =>
    c.json({ data: await getSession(deps.db, c.get('catalog'), c.req.valid('param').session_id) }, 200),
  );

  return app;
}

function allowOrigin(c: Context, origin: string) {
  c.header('Access-Control-Allow-Origin', origin);
  c.header('Access-Control-Expose-Headers', 'Retry-After, X-Request-Id');
  c.header('Vary', 'Origin');
}

async function readJsonBody(c: Context) {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new ApiError('invalid_body', 'Send the body as JSON with `Content-Type: application/json`.', {
      field: 'body',
      details: { reason: 'content_type' },
    });
  }
  const tooLarge = () =>
    new ApiError('invalid_body', `The body is larger than ${MAX_BODY_BYTES} bytes.`, {
      field: 'body',
      details: { reason: 'too_large', max_bytes: MAX_BODY_BYTES },
    });
  // Declared or chunked, a body is read no further than the limit; Hono keeps what was read for the
  // schema's validator, whose syntax errors become not_json.
  await bodyLimit({ maxSize: MAX_BODY_BYTES, onError: () => Promise.reject(tooLarge()) })(c, async () => {});
}

const operationPatterns = ops.bookingOperations.map((op) => ({
  method: op.method.toUpperCase(),
  pattern: new RegExp(`^${BOOKING_BASE}${op.path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
}));

const allowedMethods = memoize(
  (path: string): string[] => [...new Set(operationPatterns.filter((o) => o.pattern.test(path)).map((o) => o.method))],
  1_000,
);
