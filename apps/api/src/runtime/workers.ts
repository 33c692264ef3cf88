import type { Database } from '../db/client';
import { nextOutboxDue, OUTBOX_CHANNEL } from '../db/repositories/outbox';
import type { Channels } from '../events/channels';
import { deliverDue } from '../events/deliver';
import { log } from '../lib/log';
import { metrics } from '../lib/metrics';
import { oneAtATime } from '../lib/one-at-a-time';
import { chargeDueFieldCharges } from '../use-cases/field/charge-worker';
import { captureLateChanges } from '../use-cases/rentals/capture';
import type { Links } from '../use-cases/rentals/links';
import { remindPickups } from '../use-cases/rentals/reminders';
import type { ProcessorFor } from '../use-cases/shared/payments';
import { recoverSessions } from '../use-cases/shared/recover-sessions';

export type Workers = {
  /** When each loop last finished a pass (or started, for one not yet through its first): /readyz reads it. */
  lastPass(): { outbox: number; recovery: number };
  /** How many passes each loop has finished since it started. */
  passes(): { outbox: number; recovery: number };
  /** Stops the loops and waits for passes in flight, which release what they leased. */
  stop(): Promise<void>;
};

/** Rows one outbox pass claims: a full batch means more may wait, and the next pass follows at once. */
const OUTBOX_BATCH = 20;
/** The longest an outbox worker waits between passes: what no signal told it of (a NOTIFY lost while PostgreSQL restarted). */
export const OUTBOX_IDLE_MS = 5_000;
/** The shortest wait for a row due now that this pass could not claim (another instance's claim holds it). */
const OUTBOX_BUSY_MS = 250;
/** How often the pickup reminders are looked for. */
const REMINDERS_MS = 10 * 60_000;

/**
 * The background work of a platform process. The outbox is woken, not polled (docs/decisions/woken-not-polled.md): by the NOTIFY of each insert (db/repositories/outbox.ts), by a statement of the CLI
 * through PGlite's socket, and by its own next due row (a retry, a lapsed lease); at least every 5 s
 * whatever it heard. Recovery runs every 15 seconds (with the field charges past their notice:
 * use-cases/field/charge-worker.ts), the pickup reminders every 10 minutes. Passes never overlap within a process; across
 * processes the row claims and leases keep them apart.
 */
export async function startWorkers(deps: {
  database: Database;
  channels: Channels;
  processorFor: ProcessorFor;
  /** Where the hosted pages are: the "My booking" link of an order the recovery makes. */
  links?: Links;
  allowLocalWebhooks: boolean;
  outboxIdleMs?: number;
  recoveryMs?: number;
}): Promise<Workers> {
  const { db } = deps.database;
  const now = () => new Date();
  const outboxIdleMs = deps.outboxIdleMs ?? OUTBOX_IDLE_MS;
  const outbox = loop('outbox', outboxIdleMs, async () => {
    const counts = await deliverDue({
      db,
      channels: deps.channels,
      now,
      batch: OUTBOX_BATCH,
      allowLocalWebhooks: deps.allowLocalWebhooks,
    });
    const claimed = counts.delivered + counts.failed + counts.kept;
    if (claimed >= OUTBOX_BATCH) return 0;
    const due = await nextOutboxDue(db);
    const wait = due === null ? outboxIdleMs : due.getTime() - Date.now();
    return Math.min(outboxIdleMs, Math.max(wait, claimed > 0 ? 0 : OUTBOX_BUSY_MS));
  });
  const recoveryMs = deps.recoveryMs ?? 15_000;
  const recovery = loop('recovery', recoveryMs, async () => {
    await recoverSessions({ db, processorFor: deps.processorFor, now, links: deps.links });
    await captureLateChanges({ db, processorFor: deps.processorFor, now });
    await chargeDueFieldCharges({ db, processorFor: deps.processorFor, now, links: deps.links });
    return recoveryMs;
  });
  // The day-before-pickup reminders (use-cases/rentals/reminders.ts): a pass every 10 minutes is on time.
  const reminders = loop('reminders', REMINDERS_MS, async () => {
    if (deps.links) await remindPickups({ db, now, links: deps.links });
    return REMINDERS_MS;
  });
  await deps.database.listen(OUTBOX_CHANNEL, outbox.wake);
  const stopSocket = deps.database.afterSocketStatement(outbox.wake);
  outbox.wake();
  recovery.after(recoveryMs);
  reminders.after(REMINDERS_MS);
  return {
    lastPass: () => ({ outbox: outbox.lastPass(), recovery: recovery.lastPass() }),
    passes: () => ({ outbox: outbox.passes(), recovery: recovery.passes() }),
    async stop() {
      stopSocket();
      await Promise.all([outbox.stop(), recovery.stop(), reminders.stop()]);
    },
  };
}

/**
 * A worker's loop: a pass when woken, or when the wait the last pass asked for (its resolved value, in ms)
 * is over; a failed pass waits as long as an idle one would. A wake-up during a pass runs one more after it
 * (lib/one-at-a-time.ts).
 */
function loop(name: string, idleMs: number, pass: () => Promise<number>) {
  let stopped = false;
  let last = Date.now();
  let passes = 0;
  let timer: NodeJS.Timeout | undefined;
  const { workerPasses } = metrics();
  const after = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(wake, ms);
    timer.unref();
  };
  const wake = oneAtATime(async () => {
    if (stopped) return;
    clearTimeout(timer);
    let wait = idleMs;
    try {
      wait = await pass();
      workerPasses.inc({ worker: name, outcome: 'ok' });
    } catch (err) {
      workerPasses.inc({ worker: name, outcome: 'failed' });
      if (!stopped) log().error({ err, worker: name }, 'worker pass failed');
    }
    last = Date.now();
    passes++;
    // A wake-up that came during the pass runs the next one at once, clearing this timer.
    if (!stopped) after(wait);
  });
  return {
    wake,
    after,
    lastPass: () => last,
    passes: () => passes,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await wake.idle();
    },
  };
}
