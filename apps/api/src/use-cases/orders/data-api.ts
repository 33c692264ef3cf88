import type { Db } from '../../db/client';
import { findListedOrder, listOrdersPage, type ShownOrder } from '../../db/repositories/order-lists';
import { DomainError } from '../../domain/errors';
import { createdRange, type Page, pageOf, window } from '../../domain/paging';
import type { CatalogScope } from '../../domain/scope';

export type OrdersQuery = { status?: string; from?: string; to?: string; page: number; per_page: number };

/**
 * GET /v1/orders: the company's listable orders, newest first; from and to are company-local days. Each
 * order comes as the JSON text the API shows (written by the database: db/repositories/order-lists.ts).
 */
export async function listDataOrders(db: Db, scope: CatalogScope, query: OrdersQuery): Promise<Page<string>> {
  const { offset, limit } = window(query);
  const range = createdRange(scope.catalog, query);
  const rows = await listOrdersPage(db, scope.companyId, { status: query.status, ...range }, offset, limit);
  return pageOf(rows, query);
}

/** GET /v1/orders/{order_number}: 404 for a number this company does not show (another company's, held, demo). */
export async function readDataOrder(db: Db, scope: CatalogScope, orderNumber: number): Promise<ShownOrder> {
  const row = await findListedOrder(db, scope.companyId, orderNumber);
  if (!row) throw new DomainError('not_found', `No order #${orderNumber}.`, { field: 'order_number' });
  return row;
}
