import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The address counted by the per-IP limit. X-Forwarded-For is written by whoever sends the request, so
 * only the entries added by our own proxies are believed: the right-most `hops` entries.
 */
export function forwardedFor(c: Context, hops: number): string | undefined {
  if (hops <= 0) return undefined;
  const list = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return list[Math.max(0, list.length - hops)];
}

/** Standalone on @hono/node-server: the socket's address, or the trusted proxy's report of it. */
export const socketIp = (hops: number) => (c: Context) =>
  forwardedFor(c, hops) ?? getConnInfo(c).remote.address ?? 'unknown';

/** Inside Next, which puts the socket's address last in X-Forwarded-For: exactly one trusted hop. */
export const nextIp = (c: Context) => forwardedFor(c, 1) ?? 'unknown';
