import { describe, expect, inject, it } from 'vitest';
import { type ApiResponse, apiClient, expectError } from '../support/client';

const [standalone, next] = inject('strictTargets');

async function burst(count: number, send: (i: number) => Promise<ApiResponse>): Promise<ApiResponse[]> {
  const out: ApiResponse[] = [];
  for (let i = 0; i < count; i += 20) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(20, count - i) }, (_, j) => send(i + j)))));
  }
  return out;
}

function expectLimited(res: ApiResponse) {
  expectError(res, 429, 'rate_limited');
  const wait = Number(res.headers.get('retry-after'));
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(wait).toBeLessThanOrEqual(60);
}

describe('120 requests a minute per key and per IP', () => {
  it('per key: the 121st request of one key is refused, from any address (standalone)', async () => {
    const api = apiClient(standalone!.baseUrl);
    const key = standalone!.fixtures.acme.server;
    // A different client address each time (the server trusts one proxy hop), so only the key counts.
    const send = (i: number) => api.get('/sizes', { key, headers: { 'x-forwarded-for': `10.1.${i >> 8}.${i & 255}` } });
    const first = await burst(120, send);
    expect(first.map((r) => r.status)).toEqual(Array(120).fill(200));
    expectLimited(await send(500));
    // Another key of the same company is counted apart.
    const other = await api.get('/sizes', {
      key: standalone!.fixtures.acme.serverToRevoke,
      headers: { 'x-forwarded-for': '10.9.9.9' },
    });
    expect(other.status).toBe(200);
  });

  it.each([
    ['standalone', standalone, { 'x-forwarded-for': '10.200.0.1' }],
    ['next', next, {}],
  ])('per IP: the 121st request from one address is refused, key or no key (%s)', async (_name, target, headers) => {
    const api = apiClient(target!.baseUrl);
    const results = await burst(120, () => api.get('/sizes', { headers }));
    expect(results.map((r) => r.status)).toEqual(Array(120).fill(401));
    expectLimited(await api.get('/sizes', { key: target!.fixtures.acme.server, headers }));
  });
});
