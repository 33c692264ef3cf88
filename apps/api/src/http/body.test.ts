import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError } from '../domain/errors';
import { ARRIVED_MAX_BYTES, jsonBodyCheck, readJsonBody, whenBodyArrived } from './body';

/** What the wrapped listener saw when it was handed the request, and the body it then read itself. */
type Seen = { complete: boolean; body: string; waitedMs: number };

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A real server whose listener, behind `whenBodyArrived`, reports what it was handed and reads the body. */
async function listen(): Promise<number> {
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    const complete = req.complete;
    const waitedMs = Date.now() - (Number(req.headers['x-sent-at']) || Date.now());
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => res.end(JSON.stringify({ complete, body: Buffer.concat(chunks).toString(), waitedMs })));
    req.on('error', () => res.destroy());
  };
  const own = createServer(whenBodyArrived(listener));
  server = own;
  await new Promise<void>((resolve) => own.listen(0, '127.0.0.1', resolve));
  return (own.address() as AddressInfo).port;
}

/** Sends the headers, then the body's two halves `gapMs` apart; resolves with the answer. */
function send(port: number, opts: { method?: string; type?: string; body: string; gapMs: number; chunked?: boolean }) {
  return new Promise<Seen>((resolve, reject) => {
    const headers: Record<string, string> = {
      'content-type': opts.type ?? 'application/json',
      'x-sent-at': String(Date.now()),
    };
    if (!opts.chunked) headers['content-length'] = String(Buffer.byteLength(opts.body));
    const req = request({ port, host: '127.0.0.1', method: opts.method ?? 'POST', path: '/', headers }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve(JSON.parse(text) as Seen));
    });
    req.on('error', reject);
    const half = Math.floor(opts.body.length / 2);
    req.flushHeaders();
    req.write(opts.body.slice(0, half));
    setTimeout(() => req.end(opts.body.slice(half)), opts.gapMs);
  });
}

describe('whenBodyArrived', () => {
  it('hands a small JSON request on once its whole body is here, still unread in the stream', async () => {
    const port = await listen();
    const body = JSON.stringify({ size_id: 'a'.repeat(36), rental_days: 9 });
    const seen = await send(port, { body, gapMs: 80 });
    expect(seen).toMatchObject({ complete: true, body });
    expect(seen.waitedMs).toBeGreaterThanOrEqual(70);
  });

  it('hands on at once what it does not wait for, the body left to the listener as it comes', async () => {
    const port = await listen();
    const big = JSON.stringify({ note: 'x'.repeat(ARRIVED_MAX_BYTES) });
    for (const opts of [
      { body: big, gapMs: 80 }, // over the size it waits for
      { body: '{"a":1}', gapMs: 80, type: 'text/plain' }, // not JSON
      { body: '{"a":1}', gapMs: 80, chunked: true }, // no declared length
    ]) {
      const seen = await send(port, opts);
      expect(seen.complete).toBe(false);
      expect(seen.body).toBe(opts.body);
    }
  });

  it('hands on a request whose connection breaks before its body is whole', async () => {
    let handed = 0;
    server = createServer(
      whenBodyArrived((req: IncomingMessage) => {
        handed++;
        req.resume();
      }),
    );
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const req = request({
      port,
      host: '127.0.0.1',
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '100' },
    });
    req.on('error', () => undefined);
    req.flushHeaders();
    req.write('{"a":');
    await new Promise((r) => setTimeout(r, 50));
    expect(handed).toBe(0);
    req.destroy();
    await expect.poll(() => handed, { timeout: 2_000 }).toBe(1);
  });
});

describe('readJsonBody', () => {
  it('holds a body that arrived whole while a gate waited to the limit, chunked or not', async () => {
    const app = new Hono();
    app.onError((err, c) => c.json({ code: err instanceof DomainError ? err.details?.reason : err.message }, 400));
    app.post('/', async (c) => {
      await new Promise((r) => setTimeout(r, 50)); // a gate that waited (a key not in the cache)
      await readJsonBody(c, 100);
      return c.json({ text: await c.req.text() });
    });
    const own = createServer(whenBodyArrived(getRequestListener(app.fetch)));
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
    const seen: unknown[] = [];
    const a = new Hono();
    a.onError((err, c) => c.json({ code: err instanceof DomainError ? err.code : err.message }, 400));
    a.post('/', async (c) => {
      await check?.(c);
      const body = c.req.valid('json' as never) as { days: number; tags: string[] };
      seen.push(body);
      return c.json(body);
    });
    const post = (text: string) => a.request('/', { method: 'POST', body: text });
    return { post, seen };
  }

  it('checks a body once: the same text is given the same value, frozen, and another text its own', async () => {
    const { post, seen } = app();
    const text = '{"days":9,"tags":["a"]}';
    expect((await post(text)).status).toBe(200);
    expect((await post(text)).status).toBe(200);
    expect((await post('{"days":3,"tags":[]}')).status).toBe(200);
    expect(seen[1]).toBe(seen[0]);
    expect(seen[2]).not.toBe(seen[0]);
    expect(Object.isFrozen(seen[0])).toBe(true);
    expect(Object.isFrozen((seen[0] as { tags: string[] }).tags)).toBe(true);
    expect(() => (seen[0] as { tags: string[] }).tags.push('b')).toThrow(TypeError);
  });

  it('keeps no refusal, no long text, and no more than 64 texts', async () => {
    const { post, seen } = app();
    for (let i = 0; i < 2; i++)
      expect(await (await post('{"days":1.5,"tags":[]}')).json()).toEqual({ code: 'invalid_body' });
    const long = JSON.stringify({ days: 1, tags: ['x'.repeat(2000)] });
    await post(long);
    await post(long);
    expect(seen[1]).not.toBe(seen[0]);
    const first = '{"days":0,"tags":[]}';
    await post(first);
    for (let i = 1; i <= 64; i++) await post(`{"days":${i},"tags":[]}`);
    await post(first);
    expect(seen.at(-1)).not.toBe(seen[2]);
    expect(seen.at(-1)).toEqual(seen[2]);
  });
});
