import { Hono, type MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';

/**
 * hono is patched (patches/hono@4.13.19.patch) so that an app whose middlewares and handler all answer
 * without a promise answers without one: @hono/node-server then writes the answer on its direct path
 * (docs/decisions.md, "What a request waits for"). What the patch keeps: the order, the error handler, the
 * not-found handler, and a promise whenever any step returned one.
 */
const sync = (name: string): MiddlewareHandler =>
  ((c, next) => {
    c.header(`x-${name}`, '1');
    const after = next() as unknown;
    return after instanceof Promise ? after.then(() => undefined) : undefined;
  }) as MiddlewareHandler;

function app() {
  const a = new Hono();
  a.onError((err, c) => c.json({ error: err.message }, 418));
  a.use('*', sync('first'));
  a.use('*', sync('second'));
  a.get('/ok', (c) => c.text('ok'));
  a.get('/throws', () => {
    throw new Error('boom');
  });
  a.get('/later', async (c) => c.text('later'));
  a.get('/silent', (() => undefined) as never);
  return a;
}

describe('hono, patched to answer without a promise', () => {
  it('a chain of synchronous steps answers without a promise, each step run in order', () => {
    const res = app().fetch(new Request('http://x/ok'));
    expect(res).toBeInstanceOf(Response);
    const answer = res as Response;
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-first')).toBe('1');
    expect(answer.headers.get('x-second')).toBe('1');
  });

  it('a throw in a synchronous step is the error handler’s answer, at once', () => {
    const res = app().fetch(new Request('http://x/throws'));
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).status).toBe(418);
  });

  it('a path no route takes is the not-found handler’s answer, after the middlewares', async () => {
    const res = await app().fetch(new Request('http://x/nowhere'));
    expect(res.status).toBe(404);
    expect(res.headers.get('x-first')).toBe('1');
  });

  it('one step that answers through a promise makes the whole answer a promise', async () => {
    const res = app().fetch(new Request('http://x/later'));
    expect(res).toBeInstanceOf(Promise);
    expect(await (await res).text()).toBe('later');
  });

  it('a handler that answers nothing is still the error handler’s answer', async () => {
    const res = await app().fetch(new Request('http://x/silent'));
    expect(res.status).toBe(418);
    expect(await res.json()).toEqual({ error: expect.stringContaining('Context is not finalized') });
  });

  it('an async middleware around synchronous ones still sees the answer made', async () => {
    const a = new Hono();
    let seen = 0;
    a.use('*', async (c, next) => {
      await next();
      seen = c.res.status;
    });
    a.use('*', sync('inner'));
    a.get('/ok', (c) => c.text('ok', 201));
    const res = await a.fetch(new Request('http://x/ok'));
    expect(res.status).toBe(201);
    expect(seen).toBe(201);
  });
});
