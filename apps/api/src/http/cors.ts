import type { Context } from 'hono';
import { DomainError } from '../domain/errors';

/**
 * A surface's cross-origin policy (http/shell.ts applies it before anything else): who may read its
 * answers from a web page, and the preflights it answers itself.
 */
export type Cors =
  /** Never readable cross-origin (server-to-server APIs): no CORS headers at all. */
  | { kind: 'none' }
  /** Readable from any page: public lookups, and the processor that stands in for Stripe. */
  | { kind: 'any'; methods: string; headers?: string }
  /** Readable by the pages that may use one of the surface's keys, refusals included, so they can explain. */
  | { kind: 'pages'; mayUse: (origin: string) => Promise<boolean>; methods: string; headers: string };

/** Applies the surface's cross-origin policy; answers a preflight itself. */
export function crossOrigin(c: Context, cors: Cors): Response | undefined | Promise<Response | undefined> {
  if (cors.kind === 'none') return undefined;
  if (cors.kind === 'any') {
    c.header('Access-Control-Allow-Origin', '*');
    if (c.req.method !== 'OPTIONS') return undefined;
    c.header('Access-Control-Allow-Methods', cors.methods);
    if (cors.headers) c.header('Access-Control-Allow-Headers', cors.headers);
    c.header('Access-Control-Max-Age', '600');
    return c.body(null, 204);
  }
  const origin = c.req.header('origin');
  if (!origin) return undefined;
  return cors.mayUse(origin).then((allowed) => pageOrigin(c, cors, origin, allowed));
}

function pageOrigin(c: Context, cors: Cors & { kind: 'pages' }, origin: string, allowed: boolean) {
  if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
    if (!allowed) {
      throw new DomainError('origin_not_allowed', `${origin} is not an allowed domain of any publishable key.`);
    }
    c.header('Access-Control-Allow-Origin', origin);
    c.header('Access-Control-Allow-Methods', cors.methods);
    c.header('Access-Control-Allow-Headers', cors.headers);
    c.header('Access-Control-Max-Age', '600');
    c.header('Vary', 'Origin');
    return c.body(null, 204);
  }
  if (allowed) allowOrigin(c, origin);
  return undefined;
}

/** Makes the answer readable by the page at `origin`, with the headers it may need to explain a refusal. */
export function allowOrigin(c: Context, origin: string) {
  c.header('Access-Control-Allow-Origin', origin);
  c.header('Access-Control-Expose-Headers', 'Retry-After, X-Request-Id');
  c.header('Vary', 'Origin');
}

/** Takes back what allowOrigin gave: the answer is for the page's origin no more (Vary stays). */
export function forbidOrigin(c: Context) {
  c.header('Access-Control-Allow-Origin', undefined);
  c.header('Access-Control-Expose-Headers', undefined);
}
