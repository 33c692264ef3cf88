import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { RouteConfig } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { requestLog } from '../lib/log';
import { metrics } from '../lib/metrics';

/** A request id a proxy in front of us made (nginx's $request_id): letters, digits, dashes; else ours. */
const FORWARDED_ID = /^[A-Za-z0-9-]{8,64}$/;

/**
 * Every surface's first middleware: gives the request its id (answered as X-Request-Id, named in the log
 * and in a 500's message), then counts it and writes one log line when it is answered: surface, operation
 * (the contract's operationId), status, duration and the company's id, never a path, a query, a header or a
 * body, which may carry keys and customer details.
 */
export function observe(surface: string, operations: readonly RouteConfig[], base: string): MiddlewareHandler {
  const operationOf = operationIds(base, operations);
  const record = metrics().requests.surface(surface);
  const logLine = requestLog();
  return async (c, next) => {
    const started = performance.now();
    const forwarded = c.req.header('x-request-id');
    const requestId = forwarded && FORWARDED_ID.test(forwarded) ? forwarded : randomUUID();
    c.set('requestId' as never, requestId as never);
    // On Node, set on Node's answer before anything is built: every answer carries it, and Hono's answer
    // keeps its plain headers (setting one on a built answer turns them into Fetch Headers, ~10 µs a request).
    const outgoing = nodeAnswer(c);
    outgoing?.setHeader('X-Request-Id', requestId);
    await next();
    if (!outgoing) setHeader(c, 'X-Request-Id', requestId);
    const seconds = (performance.now() - started) / 1000;
    const operation = operationOf(c);
    const status = c.res.status;
    record(operation, status, seconds);
    const companyId = (c.get('scope' as never) as { companyId?: string } | undefined)?.companyId;
    logLine({
      request_id: requestId,
      surface,
      operation,
      method: c.req.method,
      status,
      duration_ms: Math.round(seconds * 10_000) / 10,
      company_id: companyId,
    });
  };
}

/**
 * Sets a header on the answer already made. Hono's `c.header` copies a finished answer into a new one,
 * which turns @hono/node-server's lightweight response (status, string, headers: written straight to the
 * socket) into a Fetch API response whose body is a stream to read: several times the cost of the whole
 * request. An answer's own headers are set in place; one whose headers are immutable is copied as before.
 */
export function setHeader(c: Context, name: string, value: string) {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}

/** Node's answer when the request came through @hono/node-server (standalone, and the API's Next route). */
function nodeAnswer(c: Context): Pick<ServerResponse, 'setHeader'> | undefined {
  return (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
}

/** The operationId of the route that answered (the contract's name), `unmatched` for a 404 or 405. */
function operationIds(base: string, operations: readonly RouteConfig[]) {
  const byRoute = new Map<string, string>();
  for (const op of operations) {
    const path = `${base}${op.path.replace(/\{([^}]+)\}/g, ':$1')}`.replace(/\/$/, '') || '/';
    byRoute.set(`${op.method.toUpperCase()} ${path}`, op.operationId ?? `${op.method} ${op.path}`);
  }
  byRoute.set(`GET ${base}/openapi.json`, 'openapiDocument');
  const nameOf = (route: { method: string; path: string }) => {
    const path = route.path.replace(/\/$/, '') || '/';
    // A route outside the contract (the sandbox processor's) is named by its pattern, a closed set too.
    return byRoute.get(`${route.method} ${path}`) ?? `${route.method} ${path.slice(base.length) || '/'}`;
  };
  // Named once per route: Hono's routes are the objects registered when the surface was made.
  const named = new WeakMap<object, string>();
  return (c: Context) => {
    const routes = matchedRoutes(c);
    for (let i = routes.length - 1; i >= 0; i--) {
      const route = routes[i];
      if (!route || route.method === 'ALL') continue;
      let name = named.get(route);
      if (name === undefined) {
        name = nameOf(route);
        named.set(route, name);
      }
      return name;
    }
    return 'unmatched';
  };
}
