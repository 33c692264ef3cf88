import type { Database } from '../../db/client';
import { latestOrders } from '../../db/repositories/orders';
import { listOutbox } from '../../db/repositories/outbox';
import type { Scope } from '../../domain/scope';

/** The office's view of recent orders, newest first, each with its customer's e-mail address. */
export async function listOrders(database: Database, scope: Scope) {
  return latestOrders(database.db, scope.companyId, 100);
}

/** Outgoing webhooks, e-mails and texts of a company, as the outbox holds them. */
export async function listCompanyOutbox(database: Database, scope: Scope) {
  return (await listOutbox(database.db, scope.companyId)).map((row) => ({
    id: row.id,
    channel: row.channel,
    topic: row.topic,
    status: row.status,
    attempts: row.attempts,
    last_error: row.lastError,
    to: (row.payload as { to?: string }).to ?? row.endpointId,
    created_at: row.createdAt.toISOString(),
    payload: row.payload,
  }));
}
