import type { Db } from '../db/client';
import type { Channels } from '../events/channels';
import { deliverDue } from '../events/deliver';
import { log } from '../lib/log';
import { metrics } from '../lib/metrics';
import type { ProcessorFor } from '../use-cases/shared/payments';
import { recoverSessions } from '../use-cases/shared/recover-sessions';

export type Workers = {
  /** When each loop last finished a pass (or started, for one not yet through its first): /readyz reads it. */
  lastPass(): { outbox: number; recovery: number };
  /** Stops the loops and waits for passes in flight, which release what they leased. */
  stop(): Promise<void>;
};

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
}): Workers {
  const now = () => new Date();
  const outbox = loop(deps.outboxMs ?? 1000, 'outbox', () =>
    deliverDue({ db: deps.db, channels: deps.channels, now, allowLocalWebhooks: deps.allowLocalWebhooks }),
  );
  const recovery = loop(deps.recoveryMs ?? 15_000, 'recovery', () =>
    recoverSessions({ db: deps.db, processorFor: deps.processorFor, now }),
  );
  return {
    lastPass: () => ({ outbox: outbox.lastPass(), recovery: recovery.lastPass() }),
    async stop() {
      await Promise.all([outbox.stop(), recovery.stop()]);
    },
  };
}

function loop(everyMs: number, name: string, pass: () => Promise<unknown>) {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  let last = Date.now();
  const { workerPasses } = metrics();
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = pass()
      .then(
        () => workerPasses.inc({ worker: name, outcome: 'ok' }),
        (err) => {
          workerPasses.inc({ worker: name, outcome: 'failed' });
          if (!stopped) log().error({ err, worker: name }, 'worker pass failed');
        },
      )
      .finally(() => {
        running = null;
        last = Date.now();
      });
  }, everyMs);
  timer.unref();
  return {
    lastPass: () => last,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
