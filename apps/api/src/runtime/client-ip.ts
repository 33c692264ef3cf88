import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { PlatformEnv } from './config';

/** The address the per-IP limit and the per-address payment caps count a request against. */
export type ClientIp = (c: Context) => string;

/** What a server is told to believe about who is calling (runtime/config.ts). */
export type ClientIpTrust = Pick<PlatformEnv, 'trustProxyHops' | 'proxyToken'>;

/**
 * X-Forwarded-For is written by whoever sends the request, so only the entries added by our own proxies
 * are believed: the right-most `hops` entries.
 */
export function forwardedFor(c: Context, hops: number): string | undefined {
  if (hops <= 0) return undefined;
  const list = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return list[Math.max(0, list.length - hops)];
}

/**
 * The visitor's address as our hosted pages' server reports it when it calls while rendering a page: that
 * server's own address would count every visitor as one (docs/decisions/hosted-server-trusted-proxy.md). Believed only from
 * a caller that presents the platform's proxy token, and only when it is an IP address.
 */
export function proxiedFor(token: string | undefined): (c: Context) => string | undefined {
  if (!token) return () => undefined;
  const expected = digest(token);
  return (c) => {
    const presented = c.req.header('x-svc-proxy-token');
    // Digests have one length, so the comparison takes the same time whatever was sent.
    if (presented === undefined || !timingSafeEqual(digest(presented), expected)) return undefined;
    const ip = c.req.header('x-svc-client-ip')?.trim();
    return ip && isIP(ip) ? ip : undefined;
  };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Standalone on @hono/node-server: the socket's address, or the trusted proxy's report of it. */
export const socketIp = (trust: ClientIpTrust): ClientIp => {
  const proxied = proxiedFor(trust.proxyToken);
  return (c) => proxied(c) ?? forwardedFor(c, trust.trustProxyHops) ?? getConnInfo(c).remote.address ?? 'unknown';
};

/**
 * Inside Next, as our own server runs it (server/next-server.ts), which adds the socket's address to the end
 * of X-Forwarded-For as a proxy does: the entry `hops` + 1 from the right. A hosting platform that writes the
 * header itself (one entry, the visitor) reads the same way with no hops. Plain `next start` adds the socket
 * only when a client sent no header, so it is not how the API is served.
 */
export const nextIp = (trust: ClientIpTrust): ClientIp => {
  const proxied = proxiedFor(trust.proxyToken);
  return (c) => proxied(c) ?? forwardedFor(c, trust.trustProxyHops + 1) ?? 'unknown';
};

/**
 * X-Forwarded-For as our Next server passes it on: what the client sent (its word, believed only as far as
 * the trusted hops reach), then the socket's address, IPv4 written plainly (not `::ffff:10.0.0.1`). Pure.
 */
export function appendSocketAddress(forwarded: string | string[] | undefined, socket: string | undefined): string {
  const sent = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const address = socket?.startsWith('::ffff:') && isIP(socket.slice(7)) === 4 ? socket.slice(7) : socket;
  return [...sent, address ?? 'unknown'].join(', ');
}
