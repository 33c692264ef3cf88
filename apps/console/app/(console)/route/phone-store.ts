import type { Queued, QueueStore } from '../../../lib/field-queue';
import { memoryStore } from '../../../lib/field-store';

/**
 * The driver's queue on the phone: IndexedDB (photos stay Blobs), one record per action or photo, each with
 * the member it belongs to, so another driver signing in on the same phone neither sees nor sends it.
 * Where IndexedDB cannot be opened (some private windows) the queue lives in memory for the page's life.
 */
const DB = 'svc-field';
const STORE = 'queue';

type Row = Queued & { member: string };

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore(STORE, { keyPath: 'id' });
      store.createIndex('member', 'member');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
  });
}

function run<T>(db: IDBDatabase, mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const request = work(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

const stores = new Map<string, QueueStore>();

/** The queue of a member (`slug/email`): one per page, whichever component asks. */
export function phoneQueue(member: string): QueueStore {
  const known = stores.get(member);
  if (known) return known;
  let db: Promise<IDBDatabase | null> | undefined;
  const fallback = memoryStore();
  const database = () => {
    db ??= typeof indexedDB === 'undefined' ? Promise.resolve(null) : open().catch(() => null);
    return db;
  };
  const store: QueueStore = {
    async list() {
      const d = await database();
      if (!d) return fallback.list();
      const rows = await run(d, 'readonly', (s) => s.index('member').getAll(member) as IDBRequest<Row[]>);
      return rows.map(({ member: _, ...item }) => item as Queued).sort((a, b) => a.seq - b.seq);
    },
    async add(item) {
      const d = await database();
      if (!d) return fallback.add(item);
      await run(d, 'readwrite', (s) => s.put({ ...item, member } satisfies Row));
    },
    async remove(id) {
      const d = await database();
      if (!d) return fallback.remove(id);
      await run(d, 'readwrite', (s) => s.delete(id));
    },
  };
  stores.set(member, store);
  return store;
}

/** Who a queue and a saved route belong to on this phone. */
export const memberKey = (me: { email: string; company: { slug: string } }) => `${me.company.slug}/${me.email}`;
