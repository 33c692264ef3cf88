import type { Db } from '../../db/client';
import {
  type Bookings,
  bookingsOf,
  type CustomerRow,
  findShownCustomer,
  listCustomersPage,
} from '../../db/repositories/customers';
import { DomainError } from '../../domain/errors';
import { createdRange, type Page, pageOf, sinceOf, window } from '../../domain/paging';
import type { CatalogScope } from '../../domain/scope';

export type CustomersQuery = {
  q?: string;
  updated_since?: string;
  from?: string;
  to?: string;
  page: number;
  per_page: number;
};
/** A customer the API shows, with its orders and jobs counted. */
export type ShownCustomer = { customer: CustomerRow; bookings: Bookings };

/** GET /v1/customers: the customers the API shows, newest first, each with its orders and jobs counted. */
export async function listDataCustomers(
  db: Db,
  scope: CatalogScope,
  query: CustomersQuery,
): Promise<Page<ShownCustomer>> {
  const { companyId } = scope;
  const { offset, limit } = window(query);
  const filter = { q: query.q, updatedSince: sinceOf(query.updated_since), ...createdRange(scope.catalog, query) };
  const rows = await listCustomersPage(db, companyId, filter, offset, limit);
  const page = pageOf(rows, query);
  const bookings = await bookingsOf(
    db,
    companyId,
    page.data.map((c) => c.id),
  );
  return { ...page, data: page.data.map((customer) => ({ customer, bookings: bookings(customer.id) })) };
}

/** GET /v1/customers/{id}: 404 for an id this company does not show (another company's, all bookings held). */
export async function readDataCustomer(db: Db, scope: CatalogScope, customerId: string): Promise<ShownCustomer> {
  const customer = await findShownCustomer(db, scope.companyId, customerId);
  if (!customer) throw new DomainError('not_found', `No customer ${customerId}.`, { field: 'id' });
  const bookings = await bookingsOf(db, scope.companyId, [customer.id]);
  return { customer, bookings: bookings(customer.id) };
}
