import type { listOutbox } from '../db/repositories/outbox';

type OutboxRow = Awaited<ReturnType<typeof listOutbox>>[number];

/** An outbox row as `svc outbox` prints it. */
export function presentOutboxRow(row: OutboxRow) {
  return {
    id: row.id,
    channel: row.channel,
    topic: row.topic,
    status: row.status,
    attempts: row.attempts,
    last_error: row.lastError,
    to: (row.payload as { to?: string }).to ?? row.endpointId,
    created_at: row.createdAt.toISOString(),
    payload: row.payload,
  };
}
