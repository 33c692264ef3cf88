import type { Database } from '../../db/client';
import { latestOrders } from '../../db/repositories/orders';
import type { Scope } from '../../domain/scope';

/** The office's view of recent orders, newest first, each with its customer's e-mail address. */
export async function listOrders(database: Database, scope: Scope) {
  return latestOrders(database.db, scope.companyId, 100);
}
