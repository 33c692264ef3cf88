import type { Db } from '../db/client';
import type { Channels } from '../events/channels';
import { deliverDue } from '../events/deliver';
import { safeError } from '../lib/safe-log';
import type { ProcessorFor } from '../use-cases/shared/payments';
import { recoverSessions } from '../use-cases/shared/recover-sessions';

/**
 * The background work of a platform process: the outbox every second, recovery every 15 seconds. Passes
 * never overlap within a process; across processes the row claims and leases keep them apart.
 */
export function startWorkers(deps: {
  db: Db;
  channels: Channels;
  processorFor: ProcessorFor;
  allowLocalWebhooks: boolean;
  outboxMs?: number;
  recoveryMs?: number;
}): () => Promise<void> {
  const now = () => new Date();
  const loops = [
    loop(deps.outboxMs ?? 1000, () =>
      deliverDue({ db: deps.db, channels: deps.channels, now, allowLocalWebhooks: deps.allowLocalWebhooks }),
    ),
    loop(deps.recoveryMs ?? 15_000, () => recoverSessions({ db: deps.db, processorFor: deps.processorFor, now })),
  ];
  return async () => {
    await Promise.all(loops.map((stop) => stop()));
  };
}

function loop(everyMs: number, pass: () => Promise<unknown>): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = pass()
      .catch((err) => {
        if (!stopped) console.error(`worker pass failed: ${safeError(err)}`);
      })
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
