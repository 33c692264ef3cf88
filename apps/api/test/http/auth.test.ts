import { describe, expect, inject, it } from 'vitest';
import { scopeOf } from '../../src/cli/common';
import { createKey } from '../../src/use-cases/company/keys';
import { eventually } from '../support/cli';
import { apiClient, expectError } from '../support/client';
import { withTargetDb } from '../support/target-db';

const targets = inject('targets');

describe.each(targets)('keys, Origin rules, CORS and routing on $name', (target) => {
  const api = apiClient(target.baseUrl);
  const { acme, sleepy } = target.fixtures;

  it.each([
    ['no Authorization header', {}],
    ['a header that is not Bearer', { headers: { authorization: `Token ${acme.server}` } }],
    ['an unknown key', { key: 'svc_sk_booking_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }],
    ['a Data API key', { key: 'svc_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }],
    ['a key of no kind', { key: 'sk_live_123' }],
    ['a revoked key', { key: acme.revoked }],
    ['an expired key', { key: acme.expired }],
  ])('401 unauthorized: %s', async (_name, options) => {
    expectError(await api.get('/sizes', options), 401, 'unauthorized');
  });

  it('says why an expired or revoked key failed', async () => {
    expect((await api.get('/sizes', { key: acme.expired })).body.error.message).toMatch(/expired/);
    expect((await api.get('/sizes', { key: acme.revoked })).body.error.message).toMatch(/revoked/);
  });

  it('401 origin_required: a publishable key without an Origin', async () => {
    expectError(await api.get('/sizes', { key: acme.publishable }), 401, 'origin_required');
  });

  it.each(['https://evil.example', 'http://acme.example', 'https://acme.example.evil.io', 'null'])(
    '403 origin_not_allowed: a publishable key from %s',
    async (origin) => {
      const res = await api.get('/sizes', { key: acme.publishable, origin });
      expectError(res, 403, 'origin_not_allowed');
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    },
  );

  it("a publishable key from another company's page: refused, and that page may not read the refusal", async () => {
    const origin = 'https://rival-site.example';
    await withTargetDb(target, async (db) =>
      createKey(db, await scopeOf(db, 'rival'), { kind: 'publishable', domains: [origin] }, new Date()),
    );
    // The platform serves that page now (rival's key allows it): the preflight says so.
    await eventually(async () => {
      const preflight = await fetch(`${target.baseUrl}/booking/v1/sizes`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    });
    const res = await api.get('/sizes', { key: acme.publishable, origin });
    expectError(res, 403, 'origin_not_allowed');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-expose-headers')).toBeNull();
  });

  it.each(['https://acme.example', 'https://book.acme.example'])(
    'a publishable key from %s, with CORS headers',
    async (origin) => {
      const res = await api.post('/quote', {
        key: acme.publishable,
        origin,
        body: { size_id: acme.sizes['10yd'], rental_days: 3 },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('vary')).toMatch(/Origin/);
    },
  );

  it('CORS headers also ride on refusals to an allowed origin, so the page can read the code', async () => {
    const res = await api.post('/quote', {
      key: acme.publishable,
      origin: 'https://acme.example',
      body: { rental_days: 3 },
    });
    expectError(res, 400, 'invalid_body', 'size_id');
    expect(res.headers.get('access-control-allow-origin')).toBe('https://acme.example');
  });

  it.each([
    ['an Origin header', { origin: 'https://acme.example' }],
    ['fetch metadata of a page', { headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' } }],
  ])('403 secret_in_browser: a server key with %s', async (_name, options) => {
    expectError(await api.get('/sizes', { key: acme.server, ...options }), 403, 'secret_in_browser');
  });

  it("a server key from a backend's fetch (sec-fetch-mode alone) is accepted", async () => {
    expect((await api.get('/sizes', { key: acme.server, headers: { 'sec-fetch-mode': 'cors' } })).status).toBe(200);
  });

  it('403 company_inactive', async () => {
    expectError(await api.get('/company', { key: sleepy.server }), 403, 'company_inactive');
  });

  it('404 not_found for an unknown endpoint', async () => {
    expectError(await api.get('/nothing-here', { key: acme.server }), 404, 'not_found');
  });

  it.each([
    ['DELETE', '/sizes'],
    ['PUT', '/quote'],
    ['PATCH', '/company'],
    ['HEAD', '/sizes'],
    ['POST', '/sizes'],
    ['GET', '/quote'],
  ])('405 method_not_allowed: %s %s', async (method, path) => {
    const res = await api.call(method, path, { key: acme.server });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toMatch(/GET|POST/);
    if (method !== 'HEAD') expect(res.body.error.code).toBe('method_not_allowed');
  });

  it('answers a CORS preflight from an allowed origin although OPTIONS is otherwise 405', async () => {
    const preflight = (origin: string) =>
      fetch(`${target.baseUrl}/booking/v1/quote`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
    const ok = await preflight('https://acme.example');
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://acme.example');
    expect(ok.headers.get('access-control-allow-methods')).toBe('GET, POST');
    expect(ok.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');

    const refused = await preflight('https://evil.example');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect((await refused.json()).error.code).toBe('origin_not_allowed');

    const plain = await fetch(`${target.baseUrl}/booking/v1/quote`, { method: 'OPTIONS' });
    expect(plain.status).toBe(405);
  });

  it('gives every error response a request id to quote to support', async () => {
    const ids = await Promise.all(
      [api.get('/sizes'), api.get('/nothing', { key: acme.server })].map(async (r) =>
        (await r).headers.get('x-request-id'),
      ),
    );
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('serves the committed OpenAPI document without a key', async () => {
    const res = await fetch(`${target.baseUrl}/booking/v1/openapi.json`);
    expect(res.status).toBe(200);
    const { readFileSync } = await import('node:fs');
    const { repoRoot } = await import('../../src/lib/paths');
    const committed = JSON.parse(readFileSync(`${repoRoot()}/packages/sdk/openapi/booking.json`, 'utf8'));
    expect(await res.json()).toEqual(committed);
  });
});
