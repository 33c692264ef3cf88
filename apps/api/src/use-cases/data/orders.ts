import type { Db } from '../../db/client';
import { findListedOrder, listOrdersPage } from '../../db/repositories/data-orders';
import type { Catalog } from '../../domain/catalog';
import { DomainError } from '../../domain/errors';
import { presentDataOrder } from '../../messages/data';
import { createdRange, type Page, pageOf, window } from './paging';

export type OrdersQuery = { status?: string; from?: string; to?: string; page: number; per_page: number };

/** GET /v1/orders: the company's listable orders, newest first; from and to are company-local days. */
export async function listDataOrders(
  db: Db,
  catalog: Catalog,
  query: OrdersQuery,
): Promise<Page<ReturnType<typeof presentDataOrder>>> {
  const { offset, limit } = window(query);
  const range = createdRange(catalog, query);
  const rows = await listOrdersPage(db, catalog.company.id, { status: query.status, ...range }, offset, limit);
  return pageOf(rows.map(presentDataOrder), query);
}

/** GET /v1/orders/{order_number}: 404 for a number this company does not show (another company's, held, demo). */
export async function readDataOrder(db: Db, catalog: Catalog, orderNumber: number) {
  const row = await findListedOrder(db, catalog.company.id, orderNumber);
  if (!row) throw new DomainError('not_found', `No order #${orderNumber}.`, { field: 'order_number' });
  return presentDataOrder(row);
}
