import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { appendSocketAddress, nextIp } from './client-ip';
import { readEnv } from './config';

const TOKEN = 'a'.repeat(32);

/** The address nextIp finds for a request with these headers, on a platform given this SVC_PROXY_TOKEN. */
async function addressOf(headers: Record<string, string>, token: string | undefined, hops?: string) {
  const trust = readEnv({ NODE_ENV: 'test', SVC_PROXY_TOKEN: token, SVC_TRUST_PROXY_HOPS: hops });
  const app = new Hono().get('/', (c) => c.text(nextIp(trust)(c)));
  return (await app.request('/', { headers: { 'x-forwarded-for': '192.0.2.1', ...headers } })).text();
}

describe("the visitor's address named by the hosted pages' server", () => {
  it.each([
    [
      'the token and an IPv4 address',
      { 'x-svc-proxy-token': TOKEN, 'x-svc-client-ip': '198.51.100.7' },
      '198.51.100.7',
    ],
    [
      'the token and an IPv6 address',
      { 'x-svc-proxy-token': TOKEN, 'x-svc-client-ip': ' 2001:db8::7 ' },
      '2001:db8::7',
    ],
    ['the token and no address', { 'x-svc-proxy-token': TOKEN, 'x-svc-client-ip': '198.51.100' }, '192.0.2.1'],
    ['the token and no header', { 'x-svc-proxy-token': TOKEN }, '192.0.2.1'],
    ['a wrong token', { 'x-svc-proxy-token': 'b'.repeat(32), 'x-svc-client-ip': '198.51.100.7' }, '192.0.2.1'],
    ['a prefix of the token', { 'x-svc-proxy-token': TOKEN.slice(1), 'x-svc-client-ip': '198.51.100.7' }, '192.0.2.1'],
    ['no token', { 'x-svc-client-ip': '198.51.100.7' }, '192.0.2.1'],
  ])('with %s', async (_case, headers, address) => {
    expect(await addressOf(headers, TOKEN)).toBe(address);
  });

  it.each([undefined, '', 'short'])('is never believed when the platform token is %j', async (token) => {
    const headers = { 'x-svc-proxy-token': token ?? '', 'x-svc-client-ip': '198.51.100.7' };
    expect(await addressOf(headers, token)).toBe('192.0.2.1');
  });
});

describe('X-Forwarded-For as our Next server passes it on (server/next-server.ts)', () => {
  it.each([
    ['no header', undefined, '127.0.0.1', '127.0.0.1'],
    ["a client's own entries, kept in front", '203.0.113.9, 10.0.0.1', '192.0.2.5', '203.0.113.9, 10.0.0.1, 192.0.2.5'],
    ['headers sent twice', ['203.0.113.9', '10.0.0.1'], '192.0.2.5', '203.0.113.9, 10.0.0.1, 192.0.2.5'],
    ['an IPv4 client on a dual-stack socket', undefined, '::ffff:192.0.2.5', '192.0.2.5'],
    ['an IPv6 client', ' ', '2001:db8::5', '2001:db8::5'],
  ])('with %s', (_case, sent, socket, expected) => {
    expect(appendSocketAddress(sent, socket)).toBe(expected);
  });

  it("counts the socket, not what a client wrote, with no proxy trusted; a trusted proxy's entry with one", async () => {
    const forged = { 'x-forwarded-for': appendSocketAddress('203.0.113.9', '192.0.2.5') };
    expect(await addressOf(forged, undefined)).toBe('192.0.2.5');
    const proxied = { 'x-forwarded-for': appendSocketAddress('203.0.113.9, 198.51.100.4', '10.0.0.2') };
    expect(await addressOf(proxied, undefined, '1')).toBe('198.51.100.4');
  });
});
