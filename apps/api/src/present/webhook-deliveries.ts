import type { OutboxRow } from '../db/repositories/outbox';
import type { AttemptRow } from '../db/repositories/webhook-attempts';
import type { EndpointRow } from '../db/repositories/webhook-endpoints';

/** A webhook endpoint as the console shows it: never its secret. */
export function presentEndpoint(row: EndpointRow) {
  return {
    id: row.id,
    api: row.api,
    url: row.url,
    events: row.events,
    enabled: row.enabled,
    consecutive_failures: row.consecutiveFailures,
    disabled_at: row.disabledAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** What waits for an endpoint: held deliveries, and undelivered ones of the last days (the console's list). */
export function presentBacklog(counts: { held: number; undelivered: number }) {
  return { held: counts.held, undelivered: counts.undelivered };
}

export function presentAttempt(a: AttemptRow) {
  return {
    attempt: a.attempt,
    at: a.createdAt.toISOString(),
    status_code: a.statusCode,
    duration_ms: a.durationMs,
    error: a.error,
    manual: a.manual,
  };
}

const STATUS = {
  delivered: 'delivered',
  pending: 'retrying',
  held: 'held',
  failed: 'failed',
  kept: 'failed',
} as const satisfies Record<OutboxRow['status'], string>;

/**
 * One delivery of the log: the event, where it stands, its last answer and every attempt. A test event is
 * one whose first logged attempt a console user made (the worker makes every other first attempt; a
 * delivery sent again starts its count again, after attempts of its own already logged).
 */
export function presentDelivery(row: OutboxRow, attempts: AttemptRow[]) {
  const own = attempts.filter((a) => a.outboxId === row.id);
  const last = own.at(-1);
  return {
    id: String(row.id),
    event: row.topic,
    created_at: row.createdAt.toISOString(),
    status: STATUS[row.status],
    attempts: row.attempts,
    test: own[0]?.attempt === 1 && own[0].manual,
    next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    last_response: last
      ? {
          status_code: last.statusCode,
          at: last.createdAt.toISOString(),
          duration_ms: last.durationMs,
          error: last.error,
        }
      : null,
    attempt_log: own.map(presentAttempt),
  };
}

/** A page of an endpoint's delivery log (use-cases/webhooks/deliveries.ts, listEndpointDeliveries). */
export function presentDeliveryLog(log: {
  endpoint: EndpointRow;
  deliveries: OutboxRow[];
  attempts: AttemptRow[];
  page: number;
  perPage: number;
  hasMore: boolean;
}) {
  return {
    endpoint: presentEndpoint(log.endpoint),
    deliveries: log.deliveries.map((r) => presentDelivery(r, log.attempts)),
    page: log.page,
    per_page: log.perPage,
    has_more: log.hasMore,
  };
}
