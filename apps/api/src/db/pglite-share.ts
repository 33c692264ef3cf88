import type { PGlite } from '@electric-sql/pglite';

type WithTransactionLock = PGlite & { _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> };

/**
 * The extended query protocol's messages that come before the Sync ending their cycle (Parse, Bind,
 * Describe, Execute, Flush, Close) and COPY's data: a client in the middle of one of those has a statement
 * half-sent, whose unnamed statement and portal a query of the server's would replace.
 */
const MID_CYCLE = new Set([0x50, 0x42, 0x44, 0x45, 0x48, 0x43, 0x64]);

/**
 * The PGlite that the socket server (the CLI's way in while the platform runs) is given. PGlite is one
 * session, and the socket server hands it each protocol message of a client on its own under PGlite's query
 * lock only: the CLI's statements could land inside one of the server's transactions (and the server's
 * inside the CLI's), a query of the server's between a client's Parse and its Sync would replace the
 * client's unnamed statement ("portal does not exist"), and the queue stalls when it sees the server's
 * transaction as a client's. Here a client's message takes PGlite's transaction lock (which the server's
 * queries and transactions take too) and keeps it until its cycle ends (a Sync or a simple Query) outside a
 * transaction, or until its COMMIT or ROLLBACK; only that is reported to the socket server as a
 * transaction. (See docs/decisions/embedded-database.md.) `onCycleEnd` runs each time a client's cycle
 * ends: what a client's transaction NOTIFYs goes to that client with its answer, never to this process's
 * listeners (docs/decisions/woken-not-polled.md).
 */
export function shareForSocket(pglite: PGlite, onCycleEnd: () => void = () => {}): PGlite {
  const db = pglite as WithTransactionLock;
  if (typeof db._runExclusiveTransaction !== 'function') {
    throw new Error('this PGlite version has no _runExclusiveTransaction: check shareForSocket before upgrading');
  }
  let held: Promise<() => void> | null = null;
  /** The type of the client's last message: whether its cycle is still open. */
  let lastType = 0;
  const hold = () => {
    held ??= new Promise<() => void>((resolve) => {
      void db._runExclusiveTransaction(() => new Promise<void>((release) => resolve(release)));
    });
    return held;
  };
  const releaseAtCycleEnd = async () => {
    if (!held || MID_CYCLE.has(lastType) || db.isInTransaction()) return;
    const release = await held;
    held = null;
    release();
    onCycleEnd();
  };
  const underLock = async <T>(fn: () => Promise<T>): Promise<T> => {
    await hold();
    try {
      return await db.runExclusive(fn);
    } catch (err) {
      lastType = 0; // PGlite itself failed (it answers SQL errors as messages): the cycle is over
      throw err;
    } finally {
      await releaseAtCycleEnd();
    }
  };

  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'runExclusive') return underLock;
      // Only a socket client's own open cycle or transaction counts: the server's are not the socket server's
      // business. While one is open, the socket server takes that client's messages only, and a client that
      // leaves gets its ROLLBACK (below), which ends it.
      if (prop === 'isInTransaction') return () => held !== null;
      if (prop === 'execProtocolRawStream') {
        return (message: Uint8Array, options: Parameters<PGlite['execProtocolRawStream']>[1]) => {
          lastType = message[0] ?? 0;
          return target.execProtocolRawStream(message, options);
        };
      }
      // The socket server's ROLLBACK for a client that left mid-transaction, under the lock that client held.
      if (prop === 'exec') {
        return (sql: string) =>
          underLock(() => {
            lastType = 0x51;
            return target.execProtocol(simpleQuery(sql));
          });
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** A simple-protocol Query message ('Q', length, the SQL, NUL). */
function simpleQuery(sql: string): Uint8Array {
  const text = new TextEncoder().encode(sql);
  const message = new Uint8Array(1 + 4 + text.length + 1);
  message[0] = 0x51;
  new DataView(message.buffer).setInt32(1, 4 + text.length + 1);
  message.set(text, 5);
  return message;
}
