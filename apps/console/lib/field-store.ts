import type { DriverRoute, Queued, QueueStore } from './field-queue';

/** Where the driver's phone keeps things: the queue in memory (IndexedDB's fallback) and the routes it loaded. */

/** A queue in memory: the tests', and the phone's when IndexedDB cannot be opened (private windows). */
export function memoryStore(initial: Queued[] = []): QueueStore & { items: Queued[] } {
  const store = {
    items: [...initial],
    list: async () => [...store.items].sort((a, b) => a.seq - b.seq),
    add: async (item: Queued) => {
      store.items = [...store.items.filter((i) => i.id !== item.id), item];
    },
    remove: async (id: string) => {
      store.items = store.items.filter((i) => i.id !== id);
    },
  };
  return store;
}

type KeyValue = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;
/** How many days of routes a phone keeps. */
const KEPT_DAYS = 4;

/**
 * The last route of each day the phone loaded (localStorage), per member, to show when the network is gone;
 * `today` remembers which day the API called today, for a page opened without ?date= and no signal.
 */
export function routeCache(storage: KeyValue, member: string) {
  const prefix = `svc-field:${member}:route:`;
  const todayKey = `svc-field:${member}:today`;
  const keys = () => {
    const found: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const k = storage.key(i);
      if (k?.startsWith(prefix)) found.push(k);
    }
    return found.sort();
  };
  return {
    save(route: DriverRoute, isToday: boolean, now = new Date()) {
      try {
        storage.setItem(`${prefix}${route.date}`, JSON.stringify({ route, saved_at: now.toISOString() }));
        if (isToday) storage.setItem(todayKey, route.date);
        for (const old of keys().slice(0, -KEPT_DAYS)) storage.removeItem(old);
      } catch {
        // full or refused: the route is simply not kept
      }
    },
    load(date?: string): { route: DriverRoute; saved_at: string } | undefined {
      const day = date ?? storage.getItem(todayKey);
      if (!day) return undefined;
      try {
        return JSON.parse(storage.getItem(`${prefix}${day}`) ?? 'null') ?? undefined;
      } catch {
        return undefined;
      }
    },
    /** On sign-out: the customers' names and addresses leave the phone. */
    forget() {
      for (const k of keys()) storage.removeItem(k);
      storage.removeItem(todayKey);
    },
  };
}
