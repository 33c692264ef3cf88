import type { Paging } from '../../domain/paging';
import type { Scope } from '../../domain/scope';
import { catalogOf, type OfficeDeps } from '../shared/office-deps';
import { listDataEstimates } from './data-api';

/** Abandoned checkouts worth a call: the Data API's estimates (never paid, with contact and amount). */
export async function listEstimates(
  deps: OfficeDeps,
  scope: Scope,
  query: Paging & { status?: 'open' | 'expired' | 'converted' },
) {
  const catalog = await catalogOf(deps.database, scope);
  return listDataEstimates(deps.database.db, { ...scope, catalog }, query, deps.now());
}
