import type { Db } from '../../db/client';
import { type EstimateRow, findEstimate, listEstimatesPage } from '../../db/repositories/estimates';
import { todayIn } from '../../domain/dates';
import { DomainError } from '../../domain/errors';
import { createdRange, type Page, pageOf, window } from '../../domain/paging';
import type { CatalogScope } from '../../domain/scope';

export type EstimatesQuery = {
  status?: 'open' | 'expired' | 'converted';
  kind?: 'dumpster' | 'junk';
  q?: string;
  from?: string;
  to?: string;
  page: number;
  per_page: number;
};

/**
 * GET /v1/estimates: priced checkouts that never became an order or job, newest first. Their status
 * depends on the company's today (expired once the requested day has passed), so it is worked out on each read.
 */
export async function listDataEstimates(
  db: Db,
  scope: CatalogScope,
  query: EstimatesQuery,
  now: Date,
): Promise<Page<EstimateRow>> {
  const { offset, limit } = window(query);
  const filter = { status: query.status, kind: query.kind, q: query.q, ...createdRange(scope.catalog, query) };
  const today = todayIn(scope.catalog.company.timezone, now);
  return pageOf(await listEstimatesPage(db, scope.companyId, today, filter, offset, limit), query);
}

/** GET /v1/estimates/{id}: 404 for another company's session, or one that became an order or job. */
export async function readDataEstimate(
  db: Db,
  scope: CatalogScope,
  estimateId: string,
  now: Date,
): Promise<EstimateRow> {
  const today = todayIn(scope.catalog.company.timezone, now);
  const row = await findEstimate(db, scope.companyId, today, estimateId);
  if (!row) throw new DomainError('not_found', `No estimate ${estimateId}.`, { field: 'id' });
  return row;
}
