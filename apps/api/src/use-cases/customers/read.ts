import { customersPage, findCustomer } from '../../db/repositories/customers';
import { jobsOfCustomer } from '../../db/repositories/junk';
import { ordersOfCustomer } from '../../db/repositories/orders';
import { DomainError } from '../../domain/errors';
import { type Paging, pageOf, window } from '../../domain/paging';
import type { Scope } from '../../domain/scope';
import { isUuid } from '../../lib/uuid';
import type { OfficeDeps } from '../shared/office-deps';

/** The console's customers (docs/decisions/console-office.md): pages of at most 100, newest first. */

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
