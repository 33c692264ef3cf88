import type { Database } from '../../db/client';
import { insertAudit } from '../../db/repositories/audit';
import { requeueDeliveries } from '../../db/repositories/webhook-attempts';
import { DomainError } from '../../domain/errors';
import { actingUser, type Scope } from '../../domain/scope';
import { endpointOf, undeliveredSince } from './deliveries';

/**
 * "Send again": an endpoint's undelivered deliveries (given up after their attempts, or held while it was
 * off) go back in the queue with fresh attempts, for the console and `svc webhooks send-again`
 * (docs/decisions/webhook-endpoint-backoff.md). Only to an endpoint that is on (a switched-off one is
 * refused: switching it on sends what it kept); test events are not sent again. A second call finds the
 * first one's deliveries pending or delivered and sends nothing twice (a double click is harmless).
 */

export async function sendAgainUndelivered(
  database: Database,
  scope: Scope,
  endpointId: string,
  options: { since?: Date; now: Date },
) {
  const { companyId } = scope;
  const endpoint = await endpointOf(database, companyId, endpointId);
  const since = options.since ?? undeliveredSince(options.now);
  if (Number.isNaN(since.getTime()) || since > options.now) {
    throw new DomainError('invalid_body', 'since must be a time in the past (ISO 8601).', { field: 'since' });
  }
  if (!endpoint.enabled) {
    throw new DomainError(
      'state_conflict',
      'This endpoint is switched off: switch it back on, which sends the events it kept, then send again.',
      { field: 'id' },
    );
  }
  const requeued = await requeueDeliveries(database.db, companyId, endpoint.id, { since }, options.now);
  if (requeued) {
    await insertAudit(database.db, {
      companyId,
      userId: actingUser(scope),
      action: 'webhook.sent_again',
      subject: `endpoint:${endpoint.id}`,
      detail: `${requeued} since ${since.toISOString()}`,
      at: options.now,
    });
  }
  return { endpoint_id: endpoint.id, since: since.toISOString(), requeued };
}
