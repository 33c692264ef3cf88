import { customersPage, findCustomer } from '../../db/repositories/customers';
import { jobsOfCustomer } from '../../db/repositories/junk';
import { listLeadsPage } from '../../db/repositories/leads';
import { ordersOfCustomer } from '../../db/repositories/orders';
import { DomainError } from '../../domain/errors';
import type { LeadStatus } from '../../domain/leads';
import type { Scope } from '../../domain/scope';
import { isUuid } from '../../lib/uuid';
import { listDataEstimates } from '../data/estimates';
import { pageOf, window } from '../data/paging';
import { catalogOf, type OfficeDeps } from './office-deps';

/** The console's leads, customers and estimates (docs/decisions/console-office.md): pages of at most 100, newest first. */

type Paging = { page: number; per_page: number };

export async function listLeads(deps: OfficeDeps, scope: Scope, query: Paging & { status?: LeadStatus; q?: string }) {
  const { offset, limit } = window(query);
  const rows = await listLeadsPage(
    deps.database.db,
    scope.companyId,
    { status: query.status, q: query.q },
    offset,
    limit,
  );
  return pageOf(rows, query);
}

export async function listCustomers(deps: OfficeDeps, scope: Scope, query: Paging & { q?: string }) {
  const { offset, limit } = window(query);
  const rows = await customersPage(deps.database.db, scope.companyId, query.q, offset, limit);
  return pageOf(rows, query);
}

export async function readCustomer(deps: OfficeDeps, scope: Scope, id: string) {
  const { db } = deps.database;
  const notFound = () => new DomainError('not_found', `There is no customer ${id} in this company.`, { field: 'id' });
  if (!isUuid(id)) throw notFound();
  const customer = await findCustomer(db, scope.companyId, id);
  if (!customer) throw notFound();
  const [orders, jobs] = await Promise.all([
    ordersOfCustomer(db, scope.companyId, id),
    jobsOfCustomer(db, scope.companyId, id),
  ]);
  return { customer, orders, jobs };
}

export type CustomerDetailRows = Awaited<ReturnType<typeof readCustomer>>;

/** Abandoned checkouts worth a call: the Data API's estimates (never paid, with contact and amount). */
export async function listEstimates(
  deps: OfficeDeps,
  scope: Scope,
  query: Paging & { status?: 'open' | 'expired' | 'converted' },
) {
  const catalog = await catalogOf(deps.database, scope);
  return listDataEstimates(deps.database.db, { ...scope, catalog }, query, deps.now());
}
