import type { Db } from '../../db/client';
import { bookingsOf, findShownCustomer, listCustomersPage } from '../../db/repositories/data-customers';
import type { Catalog } from '../../domain/catalog';
import { DomainError } from '../../domain/errors';
import { presentDataCustomer } from '../../present/data-resources';
import { createdRange, type Page, pageOf, sinceOf, window } from './paging';

export type CustomersQuery = {
  q?: string;
  updated_since?: string;
  from?: string;
  to?: string;
  page: number;
  per_page: number;
};
type DataCustomer = ReturnType<typeof presentDataCustomer>;

/** GET /v1/customers: the customers the API shows, newest first, each with its orders and jobs counted. */
export async function listDataCustomers(db: Db, catalog: Catalog, query: CustomersQuery): Promise<Page<DataCustomer>> {
  const { id } = catalog.company;
  const { offset, limit } = window(query);
  const filter = { q: query.q, updatedSince: sinceOf(query.updated_since), ...createdRange(catalog, query) };
  const rows = await listCustomersPage(db, id, filter, offset, limit);
  const page = pageOf(rows, query);
  const bookings = await bookingsOf(
    db,
    id,
    page.data.map((c) => c.id),
  );
  return { ...page, data: page.data.map((c) => presentDataCustomer(c, bookings(c.id))) };
}

/** GET /v1/customers/{id}: 404 for an id this company does not show (another company's, all bookings held). */
export async function readDataCustomer(db: Db, catalog: Catalog, customerId: string): Promise<DataCustomer> {
  const { id } = catalog.company;
  const row = await findShownCustomer(db, id, customerId);
  if (!row) throw new DomainError('not_found', `No customer ${customerId}.`, { field: 'id' });
  const bookings = await bookingsOf(db, id, [row.id]);
  return presentDataCustomer(row, bookings(row.id));
}
