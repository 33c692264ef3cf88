import type { Db } from '../../db/client';
import { findEstimate, listEstimatesPage } from '../../db/repositories/data-estimates';
import type { Catalog } from '../../domain/catalog';
import { todayIn } from '../../domain/dates';
import { DomainError } from '../../domain/errors';
import { presentEstimate } from '../../present/data-resources';
import { createdRange, type Page, pageOf, window } from './paging';

export type EstimatesQuery = {
  status?: 'open' | 'expired' | 'converted';
  kind?: 'dumpster' | 'junk';
  q?: string;
  from?: string;
  to?: string;
  page: number;
  per_page: number;
};
type DataEstimate = ReturnType<typeof presentEstimate>;

/**
 * GET /v1/estimates: priced checkouts that never became an order or job, newest first. Their status
 * depends on the company's today (expired once the requested day has passed), so it is worked out on each read.
 */
export async function listDataEstimates(
  db: Db,
  catalog: Catalog,
  query: EstimatesQuery,
  now: Date,
): Promise<Page<DataEstimate>> {
  const { id, timezone } = catalog.company;
  const { offset, limit } = window(query);
  const filter = { status: query.status, kind: query.kind, q: query.q, ...createdRange(catalog, query) };
  const rows = await listEstimatesPage(db, id, todayIn(timezone, now), filter, offset, limit);
  return pageOf(rows.map(presentEstimate), query);
}

/** GET /v1/estimates/{id}: 404 for another company's session, or one that became an order or job. */
export async function readDataEstimate(db: Db, catalog: Catalog, estimateId: string, now: Date): Promise<DataEstimate> {
  const { id, timezone } = catalog.company;
  const row = await findEstimate(db, id, todayIn(timezone, now), estimateId);
  if (!row) throw new DomainError('not_found', `No estimate ${estimateId}.`, { field: 'id' });
  return presentEstimate(row);
}
