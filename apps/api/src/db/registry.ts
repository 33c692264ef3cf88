import type { Catalog } from '../domain/catalog';
import { oneAtATime } from '../lib/one-at-a-time';
import type { Database } from './client';
import { loadCatalog } from './repositories/catalog';
import { allAllowedDomains, findKeyByFingerprint, type KeyRow } from './repositories/keys';
import { bookingApiEnabled, CHANGES_CHANNEL, readCacheEpoch } from './repositories/platform';

const MAX_CACHED_KEYS = 10_000;

/**
 * The in-process read model: each company's catalog, the keys seen so far, and platform settings, so
 * that a quote never touches the database. Everything is dropped when a change is published
 * (db/repositories/platform.ts, publishChange): every writer NOTIFYs on commit, and PostgreSQL tells every
 * instance. The embedded PGlite hears this process's own NOTIFYs; the CLI's go back to the CLI through the
 * socket, so after each of its statements the epoch is read again (docs/decisions/woken-not-polled.md). Nothing is polled.
 */
/**
 * A load-once cache whose hits are synchronous: a quote makes three look-ups, and awaiting even a settled
 * promise costs a trip through the microtask queue. Failed loads are forgotten, so the next call retries.
 */
class LoadCache<K, V> {
  private entries = new Map<K, { value?: V; settled: boolean; promise: Promise<V> }>();

  get size() {
    return this.entries.size;
  }

  get(key: K, load: () => Promise<V>): V | Promise<V> {
    const hit = this.entries.get(key);
    if (hit) return hit.settled ? (hit.value as V) : hit.promise;
    const entry: { value?: V; settled: boolean; promise: Promise<V> } = { settled: false, promise: load() };
    this.entries.set(key, entry);
    entry.promise.then(
      (value) => {
        entry.value = value;
        entry.settled = true;
      },
      () => this.entries.get(key) === entry && this.entries.delete(key),
    );
    return entry.promise;
  }

  clear() {
    this.entries.clear();
  }
}

type Settings = { bookingApiEnabled: boolean; allowedDomains: string[] };

export class Registry {
  private catalogs = new LoadCache<string, Catalog | null>();
  private keys = new LoadCache<string, KeyRow | null>();
  private settings = new LoadCache<'platform', Settings>();
  private epoch = -1;
  private stopped = false;
  private stopSocket: (() => void) | undefined;
  private flushListeners: (() => void)[] = [];

  constructor(readonly database: Database) {}

  async start(): Promise<void> {
    this.epoch = await readCacheEpoch(this.database.db);
    await this.database.listen(CHANGES_CHANNEL, () => {
      if (!this.stopped) this.flush();
    });
    this.stopSocket = this.database.afterSocketStatement(oneAtATime(() => this.recheck()));
  }

  stop(): void {
    this.stopped = true;
    this.stopSocket?.();
  }

  /** Drops the read model if the epoch moved since it was last read. */
  private async recheck(): Promise<void> {
    try {
      const epoch = await readCacheEpoch(this.database.db);
      if (epoch !== this.epoch) {
        this.epoch = epoch;
        this.flush();
      }
    } catch {
      // The database is closing: there is nothing left to serve.
    }
  }

  flush(): void {
    this.catalogs.clear();
    this.keys.clear();
    this.settings.clear();
    for (const listener of this.flushListeners) listener();
  }

  /** Other in-process state that must be dropped with the read model (the Data API's windows). */
  onFlush(listener: () => void): void {
    this.flushListeners.push(listener);
  }

  catalog(companyId: string): Catalog | null | Promise<Catalog | null> {
    return this.catalogs.get(companyId, () => loadCatalog(this.database.db, companyId));
  }

  /** The key behind a fingerprint; unknown fingerprints are remembered too, up to a bound. */
  key(fingerprint: string): KeyRow | null | Promise<KeyRow | null> {
    if (this.keys.size >= MAX_CACHED_KEYS) this.keys.clear();
    return this.keys.get(fingerprint, async () => (await findKeyByFingerprint(this.database.db, fingerprint)) ?? null);
  }

  private platform(): Settings | Promise<Settings> {
    return this.settings.get('platform', async () => {
      const [enabled, domains] = await Promise.all([
        bookingApiEnabled(this.database.db),
        allAllowedDomains(this.database.db),
      ]);
      return { bookingApiEnabled: enabled, allowedDomains: domains };
    });
  }

  /** Read on every request of the Booking API. */
  async bookingApiEnabled(): Promise<boolean> {
    return (await this.platform()).bookingApiEnabled;
  }

  /** Every domain some company allows: a CORS preflight carries no key, so it is checked against these. */
  async allowedDomains(): Promise<string[]> {
    return (await this.platform()).allowedDomains;
  }
}
