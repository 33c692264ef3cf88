import type { Db } from '../../db/client';
import { listSizesPage } from '../../db/repositories/data-sizes';
import type { Catalog } from '../../domain/catalog';
import { todayIn } from '../../domain/dates';
import { outOn } from '../../domain/fleet';
import { presentDataSize } from '../../present/data-resources';
import { countFleets, isTracked, type Tracked } from '../dumpster/fleet';
import { type Page, pageOf, window } from './paging';

export type SizesQuery = { active?: 'true' | 'false'; page: number; per_page: number };

/**
 * GET /v1/sizes: read from the database rather than the cached catalog, because the catalog holds only the
 * sizes offered now and orders also name retired ones.
 */
export async function listDataSizes(
  db: Db,
  catalog: Catalog,
  query: SizesQuery,
  now: Date,
): Promise<Page<ReturnType<typeof presentDataSize>>> {
  const { offset, limit } = window(query);
  const active = query.active === undefined ? undefined : query.active === 'true';
  const rows = await listSizesPage(db, catalog.company.id, { active }, offset, limit);
  // A counted size's cans, and how many are out (with customers or held by a checkout) and in repair today.
  const today = todayIn(catalog.company.timezone, now);
  const tracked = catalog.sizes.filter((s): s is Tracked => isTracked(s) && rows.some((r) => r.id === s.id));
  const counted = await countFleets(db, catalog, tracked, { from: today, to: today }, 0, now);
  const fleetOf = (sizeId: string) => {
    const size = tracked.find((s) => s.id === sizeId);
    const days = counted.get(sizeId);
    if (!size || !days) return null;
    return { cans: size.fleet.cans, outToday: outOn(days, today), inRepairToday: days.repair[0] ?? 0 };
  };
  return pageOf(
    rows.map((s) => presentDataSize(s, catalog.company.currency, fleetOf(s.id))),
    query,
  );
}
