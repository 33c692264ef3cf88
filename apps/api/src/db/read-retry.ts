// Reads that ride out a database restart (docs/decisions/read-retries.md). Inside `idempotentRead` (the shell
// wraps every GET and HEAD request in it: http/read-retry.ts), a statement or a transaction of the PostgreSQL
// pool that fails because its connection went away (PostgreSQL stopping, restarting, failing over; the socket
// cut) is run again on a fresh connection, with backoff, until the read's budget is spent; then the error
// goes on as before (500 `internal`, "retry"). Anywhere else (a write, a worker) nothing changes: a write whose
// connection dropped may or may not have committed, and only the client may decide to send it again.
import { AsyncLocalStorage } from 'node:async_hooks';
import { log } from '../lib/log';
import { metrics } from '../lib/metrics';

/**
 * How long a read waits, in all, for the database to come back: a restart or a failover takes 5 to 10 s (the
 * soak's, 5 s down, took 7.6 s on a quiet machine and twice that on a busy one).
 */
export const READ_RETRY_MS = 15_000;

type ReadScope = { until: number };
const reads = new AsyncLocalStorage<ReadScope>();

/** Runs `fn` as an idempotent read: its statements may be run again after a lost connection (`budgetMs` in all). */
export function idempotentRead<T>(fn: () => T, budgetMs = READ_RETRY_MS): T {
  return reads.run({ until: Date.now() + budgetMs }, fn);
}

/**
 * SQLSTATEs and socket errors that say the connection, not the statement, failed: the server shutting down
 * (57P01 admin_shutdown, 57P02 crash_shutdown), not accepting connections yet (57P03 cannot_connect_now), the
 * connection exceptions (class 08), and the socket refused, reset or broken.
 */
const LOST_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
]);
/** node-postgres' own words for a connection that ended under a statement, or a client left broken by one. */
const LOST_MESSAGES = /Connection terminated|Client has encountered a connection error|Client was closed/i;

/** Whether an error (or one it wraps: drizzle wraps the driver's in its own) is a lost database connection. */
export function connectionLost(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && LOST_CODES.has(code)) return true;
    if (typeof message === 'string' && LOST_MESSAGES.test(message)) return true;
    e = cause;
  }
  return false;
}

/** The lost connection's code or words, for the log: never the statement or its values (drizzle's message has both). */
function rootCause(err: unknown): string {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && LOST_CODES.has(code)) return code;
    if (typeof message === 'string' && LOST_MESSAGES.test(message)) return message.slice(0, 80);
    e = cause;
  }
  return 'unknown';
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** One warn a second at most, with how many reads were retried since the last one: a restart meets hundreds. */
let lastWarned = 0;
let sinceWarned = 0;

/**
 * Runs `run` (one statement on the pool, or a whole transaction); inside an idempotent read, runs it again
 * after a lost connection, waiting 100, 200, 400, 800 ms and then a second between tries, while the read's
 * budget lasts. Outside one, it is `run()`.
 */
export async function retryingRead<T>(run: () => Promise<T>): Promise<T> {
  const read = reads.getStore();
  if (!read) return run();
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await run();
      if (attempt > 0) metrics().readRetries.inc({ outcome: 'recovered' });
      return result;
    } catch (err) {
      if (!connectionLost(err)) throw err;
      const wait = Math.min(1000, 100 * 2 ** attempt);
      if (Date.now() + wait > read.until) {
        metrics().readRetries.inc({ outcome: 'gave_up' });
        throw err;
      }
      sinceWarned++;
      if (Date.now() - lastWarned >= 1000) {
        log().warn(
          { cause: rootCause(err), retries: sinceWarned },
          'postgres: a read lost its connection; running it again on a fresh one',
        );
        lastWarned = Date.now();
        sinceWarned = 0;
      }
      await sleep(wait);
    }
  }
}
