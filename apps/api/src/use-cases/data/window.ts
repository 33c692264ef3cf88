import type { Db } from '../../db/client';
import { openDayWindow } from '../../db/repositories/data-api';
import { windowRemaining } from '../../domain/data-plan';
import type { CatalogScope } from '../../domain/scope';
import { currentPlanDay } from './plan-days';

export type Windows = {
  /** Seconds left in the company's window today, opening it on the day's first read; daily_window_ended after. */
  remaining(scope: CatalogScope): Promise<number>;
  /** Forgets what this process knows (a window changed by the platform's support tools). */
  flush(): void;
};

/**
 * The free plan's daily windows. The opening instant is written once per company and plan day in the
 * database, which every instance shares (docs/decisions/free-plan-window.md), and
 * remembered here with its day's span: neither changes during the day, so a read costs no query after the first.
 */
export function createWindows(db: Db, now: () => Date, upgradeUrl: string): Windows {
  const opened = new Map<string, { startsAt: Date; endsAt: Date; at: Date }>();
  return {
    async remaining({ catalog }) {
      const { id } = catalog.company;
      const at = now();
      let hit = opened.get(id);
      if (!hit || at < hit.startsAt || at >= hit.endsAt) {
        const day = await currentPlanDay(db, catalog.company, at);
        hit = {
          startsAt: day.startsAt,
          endsAt: day.endsAt,
          at: day.openedAt ?? (await openDayWindow(db, id, day.startsAt, at)),
        };
        opened.set(id, hit);
      }
      return windowRemaining(hit.at, at, upgradeUrl);
    },
    flush() {
      opened.clear();
    },
  };
}
