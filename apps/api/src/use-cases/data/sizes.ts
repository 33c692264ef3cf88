import type { Db } from '../../db/client';
import { listSizesPage } from '../../db/repositories/data-sizes';
import type { Catalog } from '../../domain/catalog';
import { todayIn } from '../../domain/dates';
import { outOn } from '../../domain/fleet';
import { presentDataSize } from '../../present/data-resources';
import { countFleet, isTracked } from '../dumpster/fleet';
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
  const today = todayIn(catalog.company.timezone, now);
  const fleets = await Promise.all(rows.map((row) => fleetToday(db, catalog, row.id, today, now)));
  return pageOf(
    rows.map((s, i) => presentDataSize(s, catalog.company.currency, fleets[i] ?? null)),
    query,
  );
}

/** A counted size's cans, and how many are out (with customers or held by a checkout) and in repair today. */
async function fleetToday(db: Db, catalog: Catalog, sizeId: string, today: string, now: Date) {
  const size = catalog.sizes.find((s) => s.id === sizeId);
  if (!size || !isTracked(size)) return null;
  const days = await countFleet(db, catalog, size, { from: today, to: today }, 0, now);
  return { cans: size.fleet.cans, outToday: outOn(days, today), inRepairToday: days.repair[0] ?? 0 };
}
