import type { Database } from '../../db/client';
import { listOutbox } from '../../db/repositories/outbox';
import type { Scope } from '../../domain/scope';

/** Outgoing webhooks, e-mails and texts of a company, as the outbox holds them (svc outbox). */
export function listCompanyOutbox(database: Database, scope: Scope) {
  return listOutbox(database.db, scope.companyId);
}
