import { randomUUID } from 'node:crypto';
import { OpenAPIHono, type RouteConfig, type RouteHandler } from '@hono/zod-openapi';
import type { Context, Env } from 'hono';
import type { z } from 'zod';
import { DomainError } from '../domain/errors';
import { memoize } from '../lib/memoize';
import { jsonBodyCheck, readJsonBody } from './body';
import { type Cors, crossOrigin } from './cors';
import { type Download, downloadResponse } from './download';
import { errorResponse, toDomainError, validationError } from './errors';
import { etaggedWriter, namesEtag } from './etag';
import { type Guard, requireRole } from './guard';
import { observe } from './observe';
import { retryReads } from './read-retry';

/**
 * The one HTTP shell every surface (Booking API with junk, embed lookups, sandbox processor, Data API,
 * console) is served by. A surface declares its gate: where it lives, which methods it takes, its
 * cross-origin policy, its body limit, how it renders errors and its OpenAPI document. Its operations come
 * from the contract and are served with `route(operation, handler)`: the handler returns the data; the
 * shell does validation, the `{ data }` envelope, 404 and 405, and the error envelope. A list is served
 * with `list` (the handler returns the whole page). Keys and limits are a gate of their own
 * (http/key-gate.ts), used by the surfaces that take keys.
 */
/** How a surface answers refusals: ours is `{ error }`; the sandbox answers in Stripe's shapes. */
export type Envelope = {
  error(c: Context, error: DomainError): Response;
  notFound(c: Context, allow: string[]): Response;
};

export type SurfaceOptions = {
  /** Named in refusals: "the Booking API takes GET and POST". */
  name: string;
  /** Its label in logs and metrics: booking, embed, sandbox, data, console. */
  surface: string;
  base: string;
  /** The surface's operations as declared in the contract: routing, 405s and which bodies are read. */
  operations: readonly RouteConfig[];
  /** Every other method is answered 405 before anything else runs. */
  methods: readonly string[];
  cors: Cors;
  maxBodyBytes: number;
  envelope?: Envelope;
  /** The surface's OpenAPI document, served public at /openapi.json (built on first ask, then kept). */
  document?: () => object;
};

/** What a contract operation's 200 answer carries under `data`. */
type DataOf<R extends RouteConfig> = R['responses'] extends {
  200: { content: { 'application/json': { schema: infer S } } };
}
  ? S extends z.ZodType<{ data: infer D }>
    ? D
    : never
  : never;

/** The whole body of a contract operation's answer with a status (a list: `{ data, page, per_page, has_more }`). */
type BodyOf<R extends RouteConfig, S extends number> = R['responses'] extends {
  [K in S]: { content: { 'application/json': { schema: infer Z } } };
}
  ? Z extends z.ZodType
    ? z.output<Z>
    : never
  : never;

/** What `answer` returns: one of the statuses the operation declares, with that status's body. */
type Answer<R extends RouteConfig> = { status: 200; body: BodyOf<R, 200> } | { status: 201; body: BodyOf<R, 201> };

export type Surface<E extends Env> = ReturnType<typeof createSurface<E>>;

export function createSurface<E extends Env>(options: SurfaceOptions) {
  const allowedMethods = methodsByPath(options.base, options.operations);
  const jsonMethods = jsonMethodsByPath(options.base, options.operations);
  const envelope = options.envelope ?? svcEnvelope;
  const app = new OpenAPIHono<E>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error, result.target);
    },
  }).basePath(options.base);

  // Every request gets its id, log line and count first (http/observe.ts); GETs retry reads (http/read-retry.ts).
  app.use('*', observe(options.surface, options.operations, options.base), retryReads());
  app.onError((err, c) => envelope.error(c, toDomainError(err, c.get('requestId' as never) ?? randomUUID())));
  app.notFound((c) => envelope.notFound(c, allowedMethods(c.req.path)));
  const refuseMethod = (c: Context) => {
    if (options.methods.includes(c.req.method)) return;
    const named = options.methods.filter((m) => m !== 'HEAD');
    c.header('Allow', named.join(', '));
    throw new DomainError(
      'method_not_allowed',
      `${c.req.method} is not supported: ${options.name} takes ${named.join(' and ')}.`,
    );
  };
  app.use('*', async (c, next) => {
    const answer = await crossOrigin(c, options.cors);
    if (answer) return answer;
    refuseMethod(c);
    await next();
  });
  if (options.document) {
    // Public: registered before any gate a surface adds.
    const build = options.document;
    let document: string | undefined;
    app.get('/openapi.json', (c) => {
      document ??= JSON.stringify(build());
      return c.body(document, 200, { 'Content-Type': 'application/json' });
    });
  }

  /** An operation on the surface's app, its JSON body checked by the shell (http/body.ts), not by a validator. */
  const serveOperation = (
    operation: RouteConfig,
    serve: (c: Context) => Response | Promise<Response>,
    guard?: Guard,
  ) => {
    const checkBody = jsonBodyCheck(operation);
    const { body: _checkedHere, ...request } = operation.request ?? {};
    const checked = async (c: Context) => {
      await checkBody?.(c);
      requireRole(c, guard);
      return serve(c);
    };
    app.openapi((checkBody ? { ...operation, request } : operation) as RouteConfig, checked as never);
  };

  return {
    app,
    /** Serves a contract operation: the handler gets the validated request and returns the data. */
    route<R extends RouteConfig>(
      operation: R,
      handler: (c: Parameters<RouteHandler<R, E>>[0]) => DataOf<R> | Promise<DataOf<R>>,
      guard?: Guard,
    ) {
      const serve = async (c: Context) => c.json({ data: await handler(c as never) }, 200);
      serveOperation(operation, serve, guard);
    },
    /**
     * Serves a read whose answer is the same for every caller of its request for a while (the embed
     * surface's first screen): `{ data }` with an ETag of its bytes and the handler's Cache-Control; a request
     * naming that ETag in If-None-Match is answered 304 with no body.
     */
    cached<R extends RouteConfig>(
      operation: R,
      handler: (c: Parameters<RouteHandler<R, E>>[0]) => Promise<{ data: DataOf<R>; cacheControl: string }>,
    ) {
      const write = etaggedWriter();
      serveOperation(operation, async (c: Context) => {
        const { data, cacheControl } = await handler(c as never);
        const answer = write(data as object);
        c.header('Cache-Control', cacheControl);
        c.header('ETag', answer.etag);
        if (namesEtag(c.req.header('if-none-match'), answer.etag)) return c.body(null, 304);
        return c.body(answer.body, 200, { 'Content-Type': 'application/json' });
      });
    },
    /**
     * Serves a list operation: the handler returns the whole body the contract declares,
     * `{ data, page, per_page, has_more }`, checked against the operation's 200 schema.
     */
    list<R extends RouteConfig>(
      operation: R,
      handler: (c: Parameters<RouteHandler<R, E>>[0]) => BodyOf<R, 200> | Promise<BodyOf<R, 200>>,
      guard?: Guard,
    ) {
      const serve = async (c: Context) => c.json(await handler(c as never), 200);
      serveOperation(operation, serve, guard);
    },
    /**
     * Serves a list operation whose rows come as JSON text already in the contract's shape (written by the
     * database): the page is joined around them, not parsed and serialized again.
     */
    listOfJson<R extends RouteConfig>(
      operation: R,
      handler: (
        c: Parameters<RouteHandler<R, E>>[0],
      ) => Promise<{ data: string[]; page: number; per_page: number; has_more: boolean }>,
    ) {
      serveOperation(operation, async (c: Context) => {
        const { data, page, per_page, has_more } = await handler(c as never);
        const body = `{"data":[${data.join(',')}],"page":${page},"per_page":${per_page},"has_more":${has_more}}`;
        return c.body(body, 200, { 'Content-Type': 'application/json' });
      });
    },
    /**
     * Serves an operation whose handler picks the status among those the contract declares (200 or 201)
     * and writes that status's whole body: the Data API's lead push.
     */
    answer<R extends RouteConfig>(operation: R, handler: (c: Parameters<RouteHandler<R, E>>[0]) => Promise<Answer<R>>) {
      serveOperation(operation, async (c: Context) => {
        const { status, body } = await handler(c as never);
        return c.json(body, status);
      });
    },
    /**
     * Serves a download: the handler checks the request, then gives the file's name and type and its text in
     * chunks, each sent before the next is asked for, so the server holds one chunk whatever the file's
     * length. A failure after the first chunk can only cut the file short (the status is already sent).
     */
    download<R extends RouteConfig>(
      operation: R,
      handler: (c: Parameters<RouteHandler<R, E>>[0]) => Promise<Download>,
    ) {
      serveOperation(operation, async (c: Context) => downloadResponse(await handler(c as never)));
    },
    /**
     * Serves an operation whose body is a file upload (multipart/form-data): the handler reads the stream
     * itself, under its own limits, so no validator buffers the body first.
     */
    upload<R extends RouteConfig>(operation: R, handler: (c: Context<E>) => Promise<DataOf<R>>, guard?: Guard) {
      // An OpenAPI path's {param} as the router's :param (an order's permit scan: /orders/{order_number}/permit).
      app.post(operation.path.replace(/\{(\w+)\}/g, ':$1'), async (c) => {
        requireRole(c, guard);
        return c.json({ data: await handler(c) }, 200);
      });
    },
    /**
     * Serves an image (a field photo): the handler checks the request and gives its bytes and type, sent
     * inline, private to the caller, never sniffed as anything else.
     */
    image<R extends RouteConfig>(
      operation: R,
      handler: (c: Parameters<RouteHandler<R, E>>[0]) => Promise<{ bytes: Buffer; contentType: string }>,
      guard?: Guard,
    ) {
      serveOperation(
        operation,
        async (c: Context) => {
          const { bytes, contentType } = await handler(c as never);
          // c.body keeps the headers middleware set (CORS for the My booking page).
          return c.body(new Uint8Array(bytes), 200, {
            'Content-Type': contentType,
            'Content-Disposition': 'inline',
            'Cache-Control': 'private, max-age=3600',
            'X-Content-Type-Options': 'nosniff',
          });
        },
        guard,
      );
    },
    /**
     * Serves an operation whose body its use case validates itself, naming every problem (the console's
     * settings sections): the handler reads the JSON and answers the whole `{ data }`.
     */
    unchecked<R extends RouteConfig>(
      operation: R,
      handler: (c: Context<E>) => Promise<{ data: DataOf<R> }>,
      guard?: Guard,
    ) {
      app.on(operation.method.toUpperCase(), operation.path, async (c) => {
        requireRole(c, guard);
        return c.json(await handler(c), 200);
      });
    },
    /**
     * Reads the JSON body of an operation that declares one (POST, PUT, PATCH), no further than the limit;
     * nothing to wait for on GET or on a write that takes no body.
     */
    readBody(c: Context): Promise<void> | undefined {
      if (c.req.method === 'GET' || c.req.method === 'HEAD') return undefined;
      if (!jsonMethods(c.req.path).includes(c.req.method)) return undefined;
      return readJsonBody(c, options.maxBodyBytes);
    },
  };
}

const svcEnvelope: Envelope = {
  error: errorResponse,
  notFound(c, allow) {
    if (!allow.length) {
      return errorResponse(c, new DomainError('not_found', `No endpoint ${c.req.method} ${c.req.path}.`));
    }
    c.header('Allow', allow.join(', '));
    const message = `${c.req.method} is not allowed here; use ${allow.join(' or ')}.`;
    return errorResponse(c, new DomainError('method_not_allowed', message));
  },
};

/**
 * The methods whose operation at a path declares a JSON body (a write without one reads nothing; an upload
 * reads its own multipart stream), remembered per path as the 405's methods are.
 */
function jsonMethodsByPath(base: string, operations: readonly RouteConfig[]) {
  const json = operations.filter((op) => op.request?.body && !op.request.body.content?.['multipart/form-data']);
  return methodsByPath(base, json);
}

/** The methods the surface's operations take at a path (for 405 and Allow), remembered per path. */
function methodsByPath(base: string, operations: readonly RouteConfig[]) {
  const patterns = operations.map((op) => ({ method: op.method.toUpperCase(), pattern: operationPattern(base, op) }));
  return memoize(
    (path: string): string[] => [...new Set(patterns.filter((o) => o.pattern.test(path)).map((o) => o.method))],
    1_000,
  );
}

/** The paths an operation answers: its parameters any one segment, a trailing slash allowed. */
function operationPattern(base: string, op: RouteConfig) {
  return new RegExp(`^${base}${op.path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`);
}
