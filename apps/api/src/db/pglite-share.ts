import type { PGlite } from '@electric-sql/pglite';

type WithTransactionLock = PGlite & { _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> };

/**
 * The PGlite that the socket server (the CLI's way in while the platform runs) is given. PGlite is one
 * session: on its own, the socket server runs each client message under PGlite's query lock only, so the
 * CLI's statements could land inside one of the server's transactions (and the server's inside the CLI's),
 * and its queue stalls when it sees the server's transaction as a client's. Here every client message takes
 * PGlite's transaction lock, kept from a client's BEGIN to its COMMIT or ROLLBACK, and only a client's own
 * open transaction is reported to the socket server. (See docs/decisions.md, "The embedded database".)
 */
export function shareForSocket(pglite: PGlite): PGlite {
  const db = pglite as WithTransactionLock;
  if (typeof db._runExclusiveTransaction !== 'function') {
    throw new Error('this PGlite version has no _runExclusiveTransaction: check shareForSocket before upgrading');
  }
  let held: Promise<() => void> | null = null;
  const hold = () => {
    held ??= new Promise<() => void>((resolve) => {
      void db._runExclusiveTransaction(() => new Promise<void>((release) => resolve(release)));
    });
    return held;
  };
  const releaseUnlessInTransaction = async () => {
    if (!held || db.isInTransaction()) return;
    const release = await held;
    held = null;
    release();
  };
  const underLock = async <T>(fn: () => Promise<T>): Promise<T> => {
    await hold();
    try {
      return await db.runExclusive(fn);
    } finally {
      await releaseUnlessInTransaction();
    }
  };

  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'runExclusive') return underLock;
      // Only a socket client's own transaction counts: the server's are not the socket server's business.
      if (prop === 'isInTransaction') return () => held !== null && target.isInTransaction();
      // The socket server's ROLLBACK for a client that left mid-transaction, under the lock that client held.
      if (prop === 'exec') return (sql: string) => underLock(() => target.execProtocol(simpleQuery(sql)));
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
