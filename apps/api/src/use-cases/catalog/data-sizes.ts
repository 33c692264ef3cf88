import type { Db } from '../../db/client';
import { listSizesPage, type SizeRow } from '../../db/repositories/sizes';
import { todayIn } from '../../domain/dates';
import { outOn } from '../../domain/fleet';
import { type Page, pageOf, window } from '../../domain/paging';
import type { CatalogScope } from '../../domain/scope';
import { countFleets, isTracked, type Tracked } from './fleet';

export type SizesQuery = { active?: 'true' | 'false'; page: number; per_page: number };
/** A counted size's cans today: how many there are, out (with customers or held by a checkout) and in repair. */
export type FleetToday = { cans: number; outToday: number; inRepairToday: number };
/** A size as the database has it, with its cans today when they are counted. */
export type ShownSize = { size: SizeRow; fleet: FleetToday | null };

/**
 * GET /v1/sizes: read from the database rather than the cached catalog, because the catalog holds only the
 * sizes offered now and orders also name retired ones.
 */
export async function listDataSizes(
  db: Db,
  scope: CatalogScope,
  query: SizesQuery,
  now: Date,
): Promise<Page<ShownSize>> {
  const { catalog } = scope;
  const { offset, limit } = window(query);
  const active = query.active === undefined ? undefined : query.active === 'true';
  const rows = await listSizesPage(db, scope.companyId, { active }, offset, limit);
  const today = todayIn(catalog.company.timezone, now);
  const tracked = catalog.sizes.filter((s): s is Tracked => isTracked(s) && rows.some((r) => r.id === s.id));
  const counted = await countFleets(db, catalog, tracked, { from: today, to: today }, 0);
  const fleetOf = (sizeId: string): FleetToday | null => {
    const size = tracked.find((s) => s.id === sizeId);
    const days = counted.get(sizeId);
    if (!size || !days) return null;
    return { cans: size.fleet.cans, outToday: outOn(days, today), inRepairToday: days.repair[0] ?? 0 };
  };
  return pageOf(
    rows.map((size) => ({ size, fleet: fleetOf(size.id) })),
    query,
  );
}
