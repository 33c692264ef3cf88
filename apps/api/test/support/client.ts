import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import type { BookingEventName, DataEventName } from '../../src/domain/events';
import { sampleEvent } from '../../src/events/sample-events';
import { repoRoot } from '../../src/lib/paths';
import { recordCodeSeen } from './codes-seen';

/**
 * An HTTP client for the suite that checks every response against the committed OpenAPI document:
 * a documented operation's body must match the schema of the status it answered, and every error body
 * must be the error envelope. This is the contract test, run on every request the suite makes.
 */
const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
/** The documents the suite checks against, by API: each its own base path. */
const APIS = {
  booking: { base: '/booking/v1', document: readDocument('booking') },
  data: { base: '/data/v1', document: readDocument('data') },
  console: { base: '/console/v1', document: readDocument('console') },
  rental: { base: '/rental/v1', document: readDocument('rental') },
  embed: { base: '/embed/v1', document: readDocument('embed') },
};
export type Api = keyof typeof APIS;
for (const [name, { document }] of Object.entries(APIS)) ajv.addSchema(document, name);

function readDocument(name: string) {
  return JSON.parse(readFileSync(path.join(repoRoot(), `packages/sdk/openapi/${name}.json`), 'utf8'));
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

function operationFor(
  api: Api,
  method: string,
  pathname: string,
): { path: string; op: Record<string, any> } | undefined {
  const { base, document } = APIS[api];
  const rel = pathname.startsWith(base) ? pathname.slice(base.length) : pathname;
  for (const [template, item] of Object.entries<Record<string, any>>(document.paths)) {
    const re = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    if (re.test(rel) && item[method.toLowerCase()]) return { path: template, op: item[method.toLowerCase()] };
  }
  return undefined;
}

export const checkedOperations = new Set<string>();

function assertContract(api: Api, method: string, pathname: string, status: number, body: unknown, type: string) {
  if (status >= 400) {
    recordCodeSeen((body as { error?: { code?: unknown } })?.error?.code);
    const validate = ajv.getSchema(`${api}#/components/schemas/Error`);
    expect(validate?.(body), `error body of ${method} ${pathname} ${status}: ${ajv.errorsText(validate?.errors)}`).toBe(
      true,
    );
  }
  const found = operationFor(api, method, pathname);
  if (!found || status === 405 || status === 204) return;
  const responses = found.op.responses as Record<string, unknown>;
  expect(
    Object.keys(responses),
    `${method} ${found.path} answered ${status}, which its document does not list`,
  ).toContain(String(status));
  // A file (the office's CSV): its media type is the one the document declares, and it is text.
  const media = type.split(';')[0]?.trim() ?? '';
  const declared = (responses[String(status)] as { content?: Record<string, unknown> }).content ?? {};
  if (status < 400 && media !== 'application/json') {
    expect(Object.keys(declared), `${method} ${found.path} ${status} answered ${media}`).toContain(media);
    expect(typeof body).toBe('string');
    checkedOperations.add(`${api} ${method.toUpperCase()} ${found.path} ${status}`);
    return;
  }
  const ref = `${api}#/${pointer('paths', found.path, method.toLowerCase(), 'responses', String(status), 'content', 'application/json', 'schema')}`;
  const validate = ajv.getSchema(ref);
  expect(validate, `no schema at ${ref}`).toBeDefined();
  expect(validate?.(body), `${method} ${found.path} ${status}: ${ajv.errorsText(validate?.errors)}`).toBe(true);
  checkedOperations.add(`${api} ${method.toUpperCase()} ${found.path} ${status}`);
}

/** A webhook delivery body must match its event's schema in the document's `webhooks` section. */
export function assertWebhookContract(rawBody: string, api: Api = 'booking') {
  const body = JSON.parse(rawBody);
  const validate = ajv.getSchema(
    `${api}#/${pointer('webhooks', body.event, 'post', 'requestBody', 'content', 'application/json', 'schema')}`,
  );
  expect(validate, `no webhook ${body.event} in the document`).toBeDefined();
  expect(validate?.(body), `webhook ${body.event}: ${ajv.errorsText(validate?.errors)}`).toBe(true);
}

/**
 * The console's test event of `event` (events/sample-events.ts) is the real event's twin: the same fields,
 * and the same payment_status (a new order's events are written before its capture: unpaid).
 */
export function expectSampleTwin(event: BookingEventName | DataEventName, real: Record<string, unknown>) {
  const sample = sampleEvent(event, new Date());
  expect(Object.keys(sample).sort(), `${event}: the sample's fields`).toEqual(Object.keys(real).sort());
  expect(sample.payment_status, `${event}: the sample's payment_status`).toBe(real.payment_status);
}

export type CallOptions = {
  key?: string;
  origin?: string;
  body?: unknown;
  /** Sent as is, instead of JSON.stringify(body). */
  raw?: string;
  /** A multipart/form-data body (fetch sets its Content-Type with the boundary). */
  form?: FormData;
  headers?: Record<string, string>;
  query?: Record<string, string>;
};

export type ApiResponse<T = any> = { status: number; headers: Headers; body: T };

/** A client of one API (the Booking API unless named) of a running server. */
export function apiClient(baseUrl: string, api: Api = 'booking') {
  const BASE = APIS[api].base;
  async function call<T = any>(method: string, pathname: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key) headers.authorization = `Bearer ${options.key}`;
    if (options.origin) headers.origin = options.origin;
    let body: string | FormData | undefined = options.form ?? options.raw;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const url = new URL(`${baseUrl}${BASE}${pathname}`);
    for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
    const res = await fetch(url, { method, headers, body });
    const text = await res.text();
    let parsed: any = text;
    if (text && res.headers.get('content-type')?.includes('application/json')) parsed = JSON.parse(text);
    expect(res.status, `${method} ${pathname} answered ${res.status} ${text.slice(0, 300)}`).not.toBe(500);
    // A HEAD answer has no body to check (HTTP sends the headers only).
    if (method !== 'HEAD') {
      assertContract(api, method, url.pathname, res.status, parsed, res.headers.get('content-type') ?? '');
    }
    return { status: res.status, headers: res.headers, body: parsed as T };
  }
  return {
    call,
    get: <T = any>(p: string, o?: CallOptions) => call<T>('GET', p, o),
    post: <T = any>(p: string, o?: CallOptions) => call<T>('POST', p, o),
    patch: <T = any>(p: string, o?: CallOptions) => call<T>('PATCH', p, o),
    put: <T = any>(p: string, o?: CallOptions) => call<T>('PUT', p, o),
    delete: <T = any>(p: string, o?: CallOptions) => call<T>('DELETE', p, o),
  };
}

/** Asserts an error envelope with its code, and its field when given. */
export function expectError(res: ApiResponse, status: number, code: string, field?: string) {
  expect({ status: res.status, code: res.body?.error?.code }, JSON.stringify(res.body)).toEqual({ status, code });
  expect(typeof res.body.error.message).toBe('string');
  if (field !== undefined) expect(res.body.error.field).toBe(field);
}
