import type { MiddlewareHandler } from 'hono';
import { idempotentRead } from '../db/read-retry';

/**
 * Every surface's GET and HEAD requests are idempotent reads: a statement or transaction of theirs whose
 * database connection is lost (PostgreSQL restarting) is run again on a fresh one for up to 15 s
 * (db/read-retry.ts), so a read waits out a short restart instead of answering 500. Writes are untouched:
 * they answer 500 `internal` ("retry") as before, and the client sends them again with the same ids.
 */
export function retryReads(): MiddlewareHandler {
  return (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? idempotentRead(next) : next());
}
