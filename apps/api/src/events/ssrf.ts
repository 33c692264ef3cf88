import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook must never reach: loopback, private, link-local and other special ranges. (BlockList
 * checks IPv4-mapped IPv6 addresses against the IPv4 ranges itself.)
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/**
 * Refuses a webhook URL that resolves to a private or loopback address (SSRF), unless local delivery is
 * allowed (development and tests, SVC_WEBHOOK_ALLOW_HTTP=1). Returns a reason, or null when it may go.
 */
export async function unsafeWebhookTarget(url: URL, allowLocal: boolean): Promise<string | null> {
  if (allowLocal) return null;
  if (url.protocol !== 'https:') return 'webhook URLs must use https';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await lookup(host, { all: true }).catch(() => []);
  if (!addresses.length) return `cannot resolve ${host}`;
  for (const { address, family } of addresses) {
    if (blocked.check(address, family === 6 ? 'ipv6' : 'ipv4')) return `${host} resolves to a private address`;
  }
  return null;
}
