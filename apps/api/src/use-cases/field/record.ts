import { photosOfOrder, stopsOfOrder, ticketsOfOrder } from '../../db/repositories/field';
import { listFieldCharges } from '../../db/repositories/field-charges';
import { findOrderByNumber } from '../../db/repositories/orders';
import type { Scope } from '../../domain/scope';
import { noSuch, type OfficeDeps } from '../shared/office-deps';

/** GET /orders/{n}/field: what the field did for an order (its routed stops, photos, tickets and charges). */
export async function orderField(deps: OfficeDeps, scope: Scope, orderNumber: number) {
  const { db } = deps.database;
  const order = await findOrderByNumber(db, scope.companyId, orderNumber);
  if (!order) throw noSuch('order', orderNumber);
  const [stops, photos, tickets, charges] = await Promise.all([
    stopsOfOrder(db, scope.companyId, order.id),
    photosOfOrder(db, scope.companyId, order.id),
    ticketsOfOrder(db, scope.companyId, order.id),
    listFieldCharges(db, scope.companyId, { orderId: order.id }),
  ]);
  return { orderNumber, stops, photos, tickets, charges };
}
