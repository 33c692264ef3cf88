import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may go (SSRF): http(s) URLs without credentials, to public addresses only. Local mode
 * (SVC_WEBHOOK_ALLOW_HTTP=1: `npm start` and the tests) relaxes exactly one thing: loopback receivers, over
 * http or https. Private, link-local, metadata and other special ranges are refused in every mode, also
 * when written as IPv4-mapped, NAT64 or 6to4 IPv6 (docs/decisions/webhook-targets.md).
 */
export type Address = { address: string; family: 4 | 6 };
export type Resolve = (host: string) => Promise<Address[]>;

const ipv4Blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3], // multicast, reserved and broadcast: 224.0.0.0 to 255.255.255.255
] as const) {
  ipv4Blocked.addSubnet(net, prefix, 'ipv4');
}
const ipv6Blocked = new BlockList();
for (const [net, prefix] of [
  ['::', 96], // unspecified and IPv4-compatible
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  ipv6Blocked.addSubnet(net, prefix, 'ipv6');
}

const isLoopback = (a: Address) =>
  a.family === 4 ? a.address.startsWith('127.') : expand(a.address).join(':') === '0:0:0:0:0:0:0:1';

/** The eight 16-bit groups of an IPv6 address (a trailing dotted quad becomes two). */
function expand(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = (quad[1] as string).split('.').map(Number) as [number, number, number, number];
    text = text.replace(quad[1] as string, `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`);
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  return tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
}

/** The IPv4 address an IPv6 one carries (mapped ::ffff:0:0/96, NAT64 64:ff9b::/96, 6to4 2002::/16). */
function embeddedIpv4(groups: number[]): string | null {
  const quad = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) return quad(g6, g7);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return quad(g6, g7);
  if (g0 === 0x2002) return quad(g1, g2);
  return null;
}

/** Why a webhook must not reach this address, or null. Loopback passes only when allowed. */
export function blockedAddress(candidate: Address, allowLoopback: boolean): string | null {
  if (isLoopback(candidate)) return allowLoopback ? null : 'a loopback address';
  if (candidate.family === 4)
    return ipv4Blocked.check(candidate.address, 'ipv4') ? 'a private or reserved address' : null;
  const groups = expand(candidate.address);
  const v4 = embeddedIpv4(groups);
  if (v4) return blockedAddress({ address: v4, family: 4 }, allowLoopback);
  return ipv6Blocked.check(candidate.address, 'ipv6') ? 'a private or reserved address' : null;
}

/** The URL's own problems, before any address: scheme, credentials, host. */
export function urlProblem(url: URL): string | null {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'webhook URLs must use https';
  if (url.username || url.password) return 'webhook URLs cannot carry a user name or password';
  if (!url.hostname) return 'webhook URLs need a host';
  return null;
}

export const resolveAll: Resolve = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family as 4 | 6 }));

export type TargetCheck = { ok: true; addresses: Address[] } | { ok: false; reason: string; unresolved?: boolean };

/**
 * Checks a webhook URL and every address its host resolves to. The addresses returned are the ones to
 * connect to: delivery never looks the name up again (DNS rebinding).
 */
export async function checkWebhookTarget(url: URL, allowLocal: boolean, resolve = resolveAll): Promise<TargetCheck> {
  const problem = urlProblem(url) ?? (url.protocol === 'http:' && !allowLocal ? 'webhook URLs must use https' : null);
  if (problem) return { ok: false, reason: problem };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const family = isIP(host);
  const addresses: Address[] = family
    ? [{ address: host, family: family as 4 | 6 }]
    : await resolve(host).catch(() => []);
  if (!addresses.length) {
    // Plain http goes to loopback receivers only: a name that resolves to nothing is none.
    const reason = url.protocol === 'http:' ? 'webhook URLs must use https' : `cannot resolve ${host}`;
    return { ok: false, reason, unresolved: true };
  }
  for (const address of addresses) {
    const blocked = blockedAddress(address, allowLocal);
    if (blocked) return { ok: false, reason: `${host} is ${blocked}` };
  }
  // Plain http only to a loopback receiver in local mode.
  if (url.protocol === 'http:' && !(allowLocal && addresses.every(isLoopback))) {
    return { ok: false, reason: 'webhook URLs must use https' };
  }
  return { ok: true, addresses };
}
