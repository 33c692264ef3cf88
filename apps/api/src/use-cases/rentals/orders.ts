import type { Db } from '../../db/client';
import { findOrderByNumber } from '../../db/repositories/orders';
import { DomainError } from '../../domain/errors';
import type { CatalogScope } from '../../domain/scope';
import type { Rental } from './changes';

/**
 * The order a company's server key names (GET /booking/v1/orders/{order_number} and its changes): only its
 * own company's, and only a server key (a page's publishable key reads and changes no order).
 */
export async function rentalOfOrder(db: Db, scope: CatalogScope, orderNumber: number): Promise<Rental> {
  if (scope.actor.kind === 'key' && scope.actor.keyKind === 'publishable') {
    throw new DomainError(
      'forbidden',
      "An order is read and changed with the company's server key, never a page's publishable key.",
    );
  }
  const order = await findOrderByNumber(db, scope.companyId, orderNumber);
  if (!order) throw new DomainError('not_found', `There is no order #${orderNumber}.`, { field: 'order_number' });
  return { catalog: scope.catalog, order };
}
