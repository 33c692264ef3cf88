import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { svc } from '../support/cli';
import { type ApiResponse, apiClient, expectError } from '../support/client';
import type { DatabaseLocation } from '../support/databases';
import { seededLocation, spawnServer } from '../support/servers';

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

// The attack: a client with no proxy in front writes X-Forwarded-For itself, a new address on each request.
// Each server counts the socket's address (plain `next start` would believe the header; the server our Next
// apps run in, server/next-server.ts, adds the socket's address as a proxy does).
describe('a forged X-Forwarded-For buys no new address when no proxy is trusted', () => {
  const locations: DatabaseLocation[] = [];
  afterAll(async () => {
    for (const location of locations) await location.dispose();
  });

  it.each(['standalone', 'next'] as const)('%s: the 6th request of a 5-a-minute limit is refused', async (kind) => {
    const { location } = await seededLocation('pglite', `forged-${kind}`);
    locations.push(location);
    const server = await spawnServer(kind, location.env, { SVC_RATE_LIMIT_PER_MINUTE: '5' });
    try {
      const api = apiClient(server.baseUrl);
      const send = (i: number) => api.get('/sizes', { headers: { 'x-forwarded-for': `203.0.113.${i}` } });
      const first = await burst(5, send);
      expect(first.map((r) => r.status)).toEqual(Array(5).fill(401));
      expectLimited(await send(99));
      expectLimited(await api.get('/sizes', { headers: { 'x-forwarded-for': '198.51.100.1, 198.51.100.2' } }));
    } finally {
      await server.stop();
    }
  });
});

/** The strict servers run with the default hosted pages address (HOSTED_BASE_URL unset). */
const HOSTED = 'http://localhost:3001';
/** On acme's publishable key's list (acme.example, *.acme.example). */
const ACME_PAGE = 'https://acme.example';
/** On no company's list. */
const FOREIGN_PAGE = 'https://evil.example';

/** The page at `origin` may read the refusal, its wait included. */
function expectReadableBy(res: ApiResponse, origin: string) {
  expect(res.headers.get('access-control-allow-origin')).toBe(origin);
  expect(res.headers.get('access-control-expose-headers')).toMatch(/\bRetry-After\b/);
  expect(res.headers.get('vary')).toMatch(/\bOrigin\b/);
}

// A page refused for going too fast must be able to read why, and how long to wait (spec 8; the shell's
// 'pages' policy sets the headers before the key gate, and the error envelope keeps them).
describe.each([
  ['standalone', standalone],
  ['next', next],
])('a 429 is readable by the pages that may use a key, and by no other (%s)', (_name, target) => {
  const api = apiClient(target!.baseUrl);
  // Each test counts against addresses of its own (both strict servers trust one proxy hop: the test is it).
  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  it.each([
    ['an allowed domain', ACME_PAGE, '10.31.0.1', '/sizes'],
    ["the hosted pages' origin", HOSTED, '10.31.0.2', '/junk/config'],
  ])('per IP, before the key is read: %s reads it', async (_page, origin, ip, path) => {
    const spent = await burst(120, () => api.get(path, { headers: from(ip) }));
    expect(spent.map((r) => r.status)).toEqual(Array(120).fill(401));
    const refused = await api.get(path, { key: target!.fixtures.acme.publishable, origin, headers: from(ip) });
    expectLimited(refused);
    expectReadableBy(refused, origin);
    const foreign = await api.get(path, {
      key: target!.fixtures.acme.publishable,
      origin: FOREIGN_PAGE,
      headers: from(ip),
    });
    expectLimited(foreign);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('a busy site: 1,000 visitors in a minute on one publishable key are all served; one visitor is still held to 120', async () => {
    // A key of its own: the fixtures' keys are left to the other tests.
    const key = (await svc(target!, 'keys', 'create', 'acme', '--kind', 'publishable', '--domain', 'acme.example'))
      .key as string;
    const send = (ip: string, path = '/sizes') => api.get(path, { key, origin: ACME_PAGE, headers: from(ip) });
    const visitors = await burst(1000, (i) => send(`127.${40 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`));
    expect(visitors.filter((r) => r.status !== 200).map((r) => r.status)).toEqual([]);
    // One address past its 120 is refused, on the dumpster and the junk paths, and its page reads why.
    const one = '127.39.0.1';
    const own = await burst(120, (i) => send(one, i % 2 ? '/sizes' : '/junk/config'));
    expect(own.map((r) => r.status)).toEqual(Array(120).fill(200));
    for (const path of ['/sizes', '/junk/config']) {
      const refused = await send(one, path);
      expectLimited(refused);
      expectReadableBy(refused, ACME_PAGE);
    }
    // The other visitors are not: the key's count is each visitor's.
    expect((await send('127.38.0.1')).status).toBe(200);
  });
});

// The hosted pages' server as a trusted proxy (docs/decisions/hosted-server-trusted-proxy.md): the hosted pages' server calls the API while rendering, for every visitor from its one address;
// with the platform's proxy token it says whose address a call is for, and each visitor has their own 120.
describe.each([
  ['standalone', standalone],
  ['next', next],
])("the hosted pages' server speaks for its visitors' addresses (%s)", (_name, target) => {
  const api = apiClient(target!.baseUrl);
  const token = inject('proxyToken');
  const wrongToken = randomBytes(32).toString('hex');

  it('with the proxy token, each visitor address has its own 120, whatever the caller address', async () => {
    // One caller address for all 240: counted, it would be refused at the 121st.
    const asVisitor = (ip: string) => () =>
      api.get('/sizes', {
        headers: { 'x-forwarded-for': '10.33.0.1', 'x-svc-proxy-token': token, 'x-svc-client-ip': ip },
      });
    const visitors = [asVisitor('198.51.100.7'), asVisitor('2001:db8::7')];
    for (const visitor of visitors) {
      const results = await burst(120, visitor);
      expect(results.map((r) => r.status)).toEqual(Array(120).fill(401));
    }
    for (const visitor of visitors) expectLimited(await visitor());
  });

  it.each([
    ['a wrong token', { 'x-svc-proxy-token': wrongToken }, '10.33.0.2', (i: number) => `203.0.113.${i}`],
    ['no token', {}, '10.33.0.3', (i: number) => `203.0.113.${i}`],
    ['the token and no IP address', { 'x-svc-proxy-token': token }, '10.33.0.4', (i: number) => `visitor-${i}`],
  ])('with %s, X-SVC-Client-IP is ignored: the caller address counts', async (_case, headers, caller, visitor) => {
    const send = (i: number) =>
      api.get('/sizes', { headers: { ...headers, 'x-forwarded-for': caller, 'x-svc-client-ip': visitor(i) } });
    const results = await burst(120, send);
    expect(results.map((r) => r.status)).toEqual(Array(120).fill(401));
    expectLimited(await send(200));
  });
});

describe('60 requests a minute per Data API key (data spec section 8)', () => {
  it('the 61st request of one key is refused with Retry-After; another key is counted apart', async () => {
    const data = apiClient(standalone!.baseUrl, 'data');
    const { data: keys } = standalone!.fixtures;
    const send = () => data.get('/orders', { key: keys.acme });
    const first = await burst(60, send);
    expect(first.map((r) => r.status)).toEqual(Array(60).fill(200));
    expectLimited(await send());
    expect((await data.get('/orders', { key: keys.rival })).status).toBe(200);
  });
});
