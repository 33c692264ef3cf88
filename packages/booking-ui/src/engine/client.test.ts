/// <reference types="node" />
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { makeClient, replacementKey } from './client';

/**
 * A real local server standing in for the platform: the company lookup answers `lookup()`, and
 * /booking/v1/sizes accepts only the key `valid()` names. Every request is recorded.
 */
async function platform(
  lookup: () => { status: number; key?: string; origin_allowed?: boolean | null },
  valid: () => string,
) {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    const auth = req.headers.authorization ?? '';
    seen.push(`${req.url} ${auth} ${req.headers['x-svc-channel'] ?? ''}`.trim());
    if (req.url?.startsWith('/embed/v1/companies/')) {
      const { status, key, origin_allowed = null } = lookup();
      res.writeHead(status, { 'content-type': 'application/json' });
      const data = { slug: 'demo', publishable_key: key ?? null, origin_allowed };
      return res.end(JSON.stringify(status === 200 ? { data } : {}));
    }
    const ok = auth === `Bearer ${valid()}`;
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    res.end(JSON.stringify(ok ? { data: [] } : { error: { code: 'unauthorized', message: 'Invalid API key.' } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, seen, close: () => new Promise((r) => server.close(r)) };
}

describe('replacementKey: a refused key is looked up again', () => {
  it.each([
    ['a new key', { status: 200, key: 'svc_pk_live_new' }, 'svc_pk_live_new'],
    ['a new key this page may use', { status: 200, key: 'svc_pk_live_new', origin_allowed: true }, 'svc_pk_live_new'],
    // The company's other site's key: this page would only be refused with it.
    ['a key of another site only', { status: 200, key: 'svc_pk_live_new', origin_allowed: false }, null],
    ['the same key', { status: 200, key: 'svc_pk_live_old' }, null],
    ['no key at all', { status: 200 }, null],
    ['an unknown company', { status: 404 }, null],
    ['a failing lookup', { status: 500 }, null],
  ])('%s', async (_name, answer, expected) => {
    const p = await platform(
      () => answer,
      () => '',
    );
    try {
      expect(await replacementKey(p.base, 'demo', 'svc_pk_live_old')).toBe(expected);
      expect(p.seen).toEqual([expect.stringMatching(/^\/embed\/v1\/companies\/demo/)]);
    } finally {
      await p.close();
    }
  });
});

describe('makeClient: a page whose key was replaced since it was made', () => {
  it('asks the lookup once, repeats the refused request with the new key, and keeps it', async () => {
    const p = await platform(
      () => ({ status: 200, key: 'svc_pk_live_new' }),
      () => 'svc_pk_live_new',
    );
    const keys: string[] = [];
    try {
      const client = makeClient(p.base, 'demo', 'svc_pk_live_old', 'widget', (k) => keys.push(k));
      expect(await client.sizes()).toEqual([]);
      expect(await client.sizes()).toEqual([]);
      expect(p.seen).toEqual([
        '/booking/v1/sizes Bearer svc_pk_live_old widget',
        '/embed/v1/companies/demo',
        '/booking/v1/sizes Bearer svc_pk_live_new widget',
        '/booking/v1/sizes Bearer svc_pk_live_new widget',
      ]);
      expect(keys).toEqual(['svc_pk_live_new']);
    } finally {
      await p.close();
    }
  });

  it('requests refused together share one lookup, and all of them go through with the new key', async () => {
    const p = await platform(
      () => ({ status: 200, key: 'svc_pk_live_new' }),
      () => 'svc_pk_live_new',
    );
    const keys: string[] = [];
    try {
      const client = makeClient(p.base, 'demo', 'svc_pk_live_old', 'link', (k) => keys.push(k));
      expect(await Promise.all([client.sizes(), client.sizes(), client.sizes()])).toEqual([[], [], []]);
      expect(p.seen.filter((s) => s.startsWith('/embed'))).toHaveLength(1);
      expect(p.seen.filter((s) => s.endsWith('svc_pk_live_new'))).toHaveLength(3);
      expect(keys).toEqual(['svc_pk_live_new']);
    } finally {
      await p.close();
    }
  });

  it('a key refused with no replacement: the refusal stands, and the lookup is not asked again for it', async () => {
    const p = await platform(
      () => ({ status: 200, key: 'svc_pk_live_old' }),
      () => 'svc_pk_live_other',
    );
    try {
      const client = makeClient(p.base, 'demo', 'svc_pk_live_old', 'link');
      await expect(client.sizes()).rejects.toMatchObject({ code: 'unauthorized' });
      await expect(client.sizes()).rejects.toMatchObject({ code: 'unauthorized' });
      expect(p.seen.filter((s) => s.startsWith('/embed'))).toHaveLength(1);
    } finally {
      await p.close();
    }
  });
});
