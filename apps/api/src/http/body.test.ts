import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError } from '../domain/errors';
import { jsonBodyCheck, readJsonBody } from './body';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

describe('readJsonBody', () => {
  it('reads a body from Node no further than the limit, chunked or with a declared length', async () => {
    const app = new Hono();
    app.onError((err, c) => c.json({ code: err instanceof DomainError ? err.details?.reason : err.message }, 400));
    app.post('/', async (c) => {
      await new Promise((r) => setTimeout(r, 50)); // a gate that waited (a key not in the cache)
      await readJsonBody(c, 100);
      return c.json({ text: await c.req.text() });
    });
    const own = createServer(getRequestListener(app.fetch));
    server = own;
    await new Promise<void>((resolve) => own.listen(0, '127.0.0.1', resolve));
    const { port } = own.address() as AddressInfo;
    const post = (body: string, chunked: boolean) =>
      new Promise<{ status: number; body: unknown }>((resolve, reject) => {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        headers[chunked ? 'transfer-encoding' : 'content-length'] = chunked ? 'chunked' : String(body.length);
        const req = request({ port, host: '127.0.0.1', method: 'POST', path: '/', headers }, (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
        });
        req.on('error', reject);
        req.end(body);
      });
    const small = JSON.stringify({ a: 'x'.repeat(20) });
    const large = JSON.stringify({ a: 'x'.repeat(300) });
    expect(await post(small, true)).toEqual({ status: 200, body: { text: small } });
    expect(await post(small, false)).toEqual({ status: 200, body: { text: small } });
    expect(await post(large, true)).toEqual({ status: 400, body: { code: 'too_large' } });
    expect(await post(large, false)).toEqual({ status: 400, body: { code: 'too_large' } });
  });
});

describe('jsonBodyCheck', () => {
  const operation = {
    method: 'post',
    path: '/',
    request: {
      body: {
        content: { 'application/json': { schema: z.object({ days: z.number().int(), tags: z.array(z.string()) }) } },
      },
    },
    responses: {},
  } as const;

  function app() {
    const check = jsonBodyCheck(operation as never);
    const a = new Hono();
    a.onError((err, c) =>
      c.json(err instanceof DomainError ? { code: err.code, reason: err.details?.reason ?? null } : {}, 400),
    );
    a.post('/', async (c) => {
      await check?.(c);
      return c.json(c.req.valid('json' as never));
    });
    return (text: string) => a.request('/', { method: 'POST', body: text });
  }

  it('gives the handler the checked value, and refuses bad JSON and a body the schema refuses', async () => {
    const post = app();
    expect(await (await post('{"days":9,"tags":["a"]}')).json()).toEqual({ days: 9, tags: ['a'] });
    expect(await (await post('{"days":')).json()).toEqual({ code: 'invalid_body', reason: 'not_json' });
    expect(await (await post('{"days":1.5,"tags":[]}')).json()).toEqual({ code: 'invalid_body', reason: null });
  });
});
