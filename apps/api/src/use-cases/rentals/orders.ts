import type { Database, Db } from '../../db/client';
import { loadCatalog } from '../../db/repositories/catalog';
import { findOrderByNumber } from '../../db/repositories/orders';
import { DomainError } from '../../domain/errors';
import { actingUser, type CatalogScope, type Scope } from '../../domain/scope';
import type { Actor, Rental } from './changes';

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

/** The order an office member names (the console), with its company's catalog as it is now. */
export async function rentalOfOfficeOrder(database: Database, scope: Scope, orderNumber: number): Promise<Rental> {
  const catalog = await loadCatalog(database.db, scope.companyId);
  if (!catalog) throw new DomainError('not_found', 'This company has no catalog yet.');
  const order = await findOrderByNumber(database.db, scope.companyId, orderNumber);
  if (!order) throw new DomainError('not_found', `There is no order #${orderNumber}.`, { field: 'order_number' });
  return { catalog, order };
}

/** Who an office change is made by: the member (the change's made_by says office). */
export const officeActor = (scope: Scope): Actor => `office:${actingUser(scope) ?? 'cli'}`;
