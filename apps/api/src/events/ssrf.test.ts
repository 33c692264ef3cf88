import { describe, expect, it } from 'vitest';
import { blockedAddress, checkWebhookTarget, urlProblem } from './ssrf';

describe('blockedAddress', () => {
  it.each([
    ['169.254.169.254', 4, false, /private or reserved/],
    ['10.0.0.1', 4, false, /private/],
    ['192.168.1.1', 4, false, /private/],
    ['172.31.255.255', 4, false, /private/],
    ['100.64.0.1', 4, false, /private/],
    ['0.0.0.0', 4, false, /private/],
    ['255.255.255.255', 4, false, /private/],
    ['224.0.0.1', 4, false, /private/],
    ['127.0.0.1', 4, false, /loopback/],
    ['127.0.0.1', 4, true, null],
    ['93.184.216.34', 4, false, null],
    ['::ffff:a9fe:a9fe', 6, false, /private/],
    ['::ffff:169.254.169.254', 6, false, /private/],
    ['::ffff:127.0.0.1', 6, false, /loopback/],
    ['64:ff9b::a00:1', 6, false, /private/],
    ['2002:a9fe:a9fe::1', 6, false, /private/],
    ['::', 6, false, /private/],
    ['::1', 6, false, /loopback/],
    ['::1', 6, true, null],
    ['fd00::1', 6, false, /private/],
    ['fe80::1', 6, false, /private/],
    ['ff02::1', 6, false, /private/],
    ['2001:db8::1', 6, false, /private/],
    ['2606:4700::1111', 6, false, null],
  ] as const)('%s (IPv%s, loopback allowed: %s)', (address, family, allowLoopback, reason) => {
    const result = blockedAddress({ address, family }, allowLoopback);
    if (reason === null) expect(result).toBeNull();
    else expect(result).toMatch(reason);
  });
});

describe('urlProblem and checkWebhookTarget', () => {
  it.each([
    ['gopher://example.com/x', /https/],
    ['ftp://example.com/x', /https/],
    ['https://user:pass@example.com/x', /user name or password/],
    ['https://user@example.com/x', /user name or password/],
  ])('%s is refused by its shape', (url, reason) => {
    expect(urlProblem(new URL(url))).toMatch(reason);
  });

  const resolve = (map: Record<string, string[]>) => async (host: string) =>
    (map[host] ?? []).map((address) => ({ address, family: (address.includes(':') ? 6 : 4) as 4 | 6 }));

  it.each([
    ['https://0xa9fea9fe/x', false, /private/],
    ['https://[::ffff:a9fe:a9fe]/x', false, /private/],
    ['https://hooks.example/x', false, /private/], // a public name that resolves to a private address
    ['http://hooks.example/x', true, /private/], // local mode relaxes loopback only
    ['http://public.example/x', true, /https/], // and plain http only to loopback
    ['http://localhost:9/x', false, /https/],
    ['https://localhost:9/x', false, /loopback/],
  ])('%s (local mode: %s) is refused', async (url, local, reason) => {
    const check = await checkWebhookTarget(
      new URL(url),
      local,
      resolve({
        'hooks.example': ['93.184.216.34', '10.0.0.7'],
        'public.example': ['93.184.216.34'],
        localhost: ['127.0.0.1'],
      }),
    );
    expect(check.ok ? null : check.reason).toMatch(reason);
  });

  it('returns the checked addresses to connect to', async () => {
    const check = await checkWebhookTarget(
      new URL('https://public.example/x'),
      false,
      resolve({ 'public.example': ['93.184.216.34'] }),
    );
    expect(check).toEqual({ ok: true, addresses: [{ address: '93.184.216.34', family: 4 }] });
  });
});
