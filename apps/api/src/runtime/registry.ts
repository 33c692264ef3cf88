import type { Database } from '../db/client';
import { loadCatalog } from '../db/repositories/catalog';
import { allAllowedDomains, findKeyByFingerprint, type KeyRow } from '../db/repositories/keys';
import { bookingApiEnabled, readCacheEpoch } from '../db/repositories/platform';
import type { Catalog } from '../domain/catalog';

export const CHANGES_CHANNEL = 'svc_changes';
const MAX_NEGATIVE_KEYS = 10_000;

/**
 * The in-process read model: each company's catalog, the keys seen so far, and platform settings, so
 * that a quote never touches the database. Everything is dropped when a change is published (see
 * use-cases/publish-change.ts): PostgreSQL tells every instance with NOTIFY; the embedded PGlite, whose
 * other writers reach it through a socket that bypasses in-process listeners, is polled once a second.
 */
export class Registry {
  private catalogs = new Map<string, Promise<Catalog | null>>();
  private keys = new Map<string, Promise<KeyRow | null>>();
  private negativeKeys = 0;
  private settings: Promise<{ bookingApiEnabled: boolean; allowedDomains: string[] }> | null = null;
  private epoch = -1;
  private timer: NodeJS.Timeout | undefined;

  constructor(readonly database: Database) {}

  async start(options: { pollMs?: number } = {}): Promise<void> {
    this.epoch = await readCacheEpoch(this.database.db);
    if (this.database.driver === 'postgres') {
      await this.database.listen(CHANGES_CHANNEL, () => this.flush());
    } else {
      this.timer = setInterval(() => void this.poll(), options.pollMs ?? 1000);
      this.timer.unref();
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async poll(): Promise<void> {
    try {
      const epoch = await readCacheEpoch(this.database.db);
      if (epoch !== this.epoch) {
        this.epoch = epoch;
        this.flush();
      }
    } catch {
      // The database is closing or briefly unavailable: the next tick tries again.
    }
  }

  flush(): void {
    this.catalogs.clear();
    this.keys.clear();
    this.negativeKeys = 0;
    this.settings = null;
  }

  catalog(companyId: string): Promise<Catalog | null> {
    let entry = this.catalogs.get(companyId);
    if (!entry) {
      entry = loadCatalog(this.database.db, companyId);
      this.catalogs.set(companyId, entry);
      entry.catch(() => this.catalogs.delete(companyId));
    }
    return entry;
  }

  /** The key behind a fingerprint; unknown fingerprints are remembered too, up to a bound. */
  key(fingerprint: string): Promise<KeyRow | null> {
    let entry = this.keys.get(fingerprint);
    if (!entry) {
      if (this.negativeKeys >= MAX_NEGATIVE_KEYS) this.flush();
      entry = findKeyByFingerprint(this.database.db, fingerprint).then((row) => {
        if (!row) this.negativeKeys++;
        return row ?? null;
      });
      this.keys.set(fingerprint, entry);
      entry.catch(() => this.keys.delete(fingerprint));
    }
    return entry;
  }

  private platform() {
    if (!this.settings) {
      const db = this.database.db;
      this.settings = Promise.all([bookingApiEnabled(db), allAllowedDomains(db)]).then(([enabled, domains]) => ({
        bookingApiEnabled: enabled,
        allowedDomains: domains,
      }));
      this.settings.catch(() => {
        this.settings = null;
      });
    }
    return this.settings;
  }

  async bookingApiEnabled(): Promise<boolean> {
    return (await this.platform()).bookingApiEnabled;
  }

  /** Every domain some company allows: a CORS preflight carries no key, so it is checked against these. */
  async allowedDomains(): Promise<string[]> {
    return (await this.platform()).allowedDomains;
  }
}
