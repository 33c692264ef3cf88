import type { Db } from '../../db/client';
import { listSizesPage } from '../../db/repositories/data-sizes';
import type { Catalog } from '../../domain/catalog';
import { presentDataSize } from '../../present/data-resources';
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
): Promise<Page<ReturnType<typeof presentDataSize>>> {
  const { offset, limit } = window(query);
  const active = query.active === undefined ? undefined : query.active === 'true';
  const rows = await listSizesPage(db, catalog.company.id, { active }, offset, limit);
  return pageOf(
    rows.map((s) => presentDataSize(s, catalog.company.currency)),
    query,
  );
}
