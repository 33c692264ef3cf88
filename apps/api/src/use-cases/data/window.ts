import type { Db } from '../../db/client';
import { openWindow } from '../../db/repositories/data-api';
import type { Catalog } from '../../domain/catalog';
import { windowRemaining } from '../../domain/data-plan';
import { todayIn } from '../../domain/dates';

export type Windows = {
  /** Seconds left in the company's window today, opening it on the day's first read; daily_window_ended after. */
  remaining(catalog: Catalog): Promise<number>;
  /** Forgets what this process knows (a window changed by the platform's support tools). */
  flush(): void;
};

/**
 * The free plan's daily windows. The opening instant is written once per company and local day in the
 * database, which every instance shares (docs/decisions.md, "The free plan's window and quota"), and
 * remembered here: it never changes during the day, so a read costs no query after the first.
 */
export function createWindows(db: Db, now: () => Date, upgradeUrl: string): Windows {
  const opened = new Map<string, { day: string; at: Date }>();
  return {
    async remaining(catalog) {
      const { id, timezone } = catalog.company;
      const at = now();
      const day = todayIn(timezone, at);
      let hit = opened.get(id);
      if (hit?.day !== day) {
        hit = { day, at: await openWindow(db, id, day, at) };
        opened.set(id, hit);
      }
      return windowRemaining(hit.at, at, upgradeUrl);
    },
    flush() {
      opened.clear();
    },
  };
}
