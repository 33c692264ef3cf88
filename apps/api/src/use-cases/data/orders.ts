import type { Db } from '../../db/client';
import { findListedOrder, listOrdersPage } from '../../db/repositories/data-orders';
import type { Catalog } from '../../domain/catalog';
import { addDays, startOfDayIn } from '../../domain/dates';
import { DomainError } from '../../domain/errors';
import { presentDataOrder } from '../../present/data';
import { type Page, pageOf } from './paging';

export type OrdersQuery = { status?: string; from?: string; to?: string; page: number; per_page: number };

/** GET /v1/orders: the company's listable orders, newest first; from and to are company-local days. */
export async function listDataOrders(
  db: Db,
  catalog: Catalog,
  query: OrdersQuery,
): Promise<Page<ReturnType<typeof presentDataOrder>>> {
  const { id, timezone } = catalog.company;
  if (query.from && query.to && query.to < query.from) {
    throw new DomainError('invalid_parameter', '`to` is before `from`.', { field: 'to' });
  }
  const rows = await listOrdersPage(
    db,
    id,
    {
      status: query.status,
      createdFrom: query.from ? startOfDayIn(timezone, query.from) : undefined,
      createdBefore: query.to ? startOfDayIn(timezone, addDays(query.to, 1)) : undefined,
    },
    (query.page - 1) * query.per_page,
    query.per_page + 1,
  );
  return pageOf(rows.map(presentDataOrder), query);
}

/** GET /v1/orders/{order_number}: 404 for a number this company does not show (another company's, held, demo). */
export async function readDataOrder(db: Db, catalog: Catalog, orderNumber: number) {
  const row = await findListedOrder(db, catalog.company.id, orderNumber);
  if (!row) throw new DomainError('not_found', `No order #${orderNumber}.`, { field: 'order_number' });
  return presentDataOrder(row);
}
