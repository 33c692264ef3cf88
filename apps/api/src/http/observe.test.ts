import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { observe } from './observe';

function appAnswering(answer: (c: import('hono').Context) => Response) {
  const made: Response[] = [];
  const app = new Hono().basePath('/t');
  app.use('*', observe('test', [], '/t'));
  app.get('/x', (c) => {
    const res = answer(c);
    made.push(res);
    return res;
  });
  return { app, made };
}

describe('observe', () => {
  it('names the answer with its request id and keeps the answer the handler made', async () => {
    const { app, made } = appAnswering((c) => c.json({ ok: true }));
    const res = await app.request('/t/x');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // The same object: @hono/node-server writes its lightweight answer straight to the socket, and a copy
    // (what `c.header` makes of a finished answer) would be a stream to read, several times the cost.
    expect(res).toBe(made[0]);
    expect(await res.json()).toEqual({ ok: true });
  });

  it('keeps a request id a proxy sent, and makes its own for one that is not an id', async () => {
    const { app } = appAnswering((c) => c.json({ ok: true }));
    const kept = await app.request('/t/x', { headers: { 'x-request-id': 'nginx-0123456789abcdef' } });
    expect(kept.headers.get('x-request-id')).toBe('nginx-0123456789abcdef');
    const replaced = await app.request('/t/x', { headers: { 'x-request-id': 'a b<script>' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('names an answer whose headers cannot be changed by copying it', async () => {
    const { app } = appAnswering(() => Response.redirect('https://example.com/next', 302));
    const res = await app.request('/t/x');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://example.com/next');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
