// The faults, spaced over the load (each at a fraction of its duration): an instance frozen then SIGKILLed,
// the company's receiver down, an instance SIGTERMed with requests in flight, PostgreSQL restarted, Redis
// stopped. Each fault's window is recorded (the checks allow 5xx inside it), and so is a fault whose recovery
// failed; how the SIGTERMed instance stopped is kept for the checks.
import { type ApiInstance, holdRequests, SHUTDOWN_TIMEOUT_MS } from './api-instances';
import type { FaultWindow } from './checks-common';
import type { Load } from './load';
import type { PgCluster } from './postgres';
import type { Receiver } from './receiver';
import type { RedisServer } from './redis';
import { sleep } from './stack';

/** How the SIGTERMed instance stopped: its exit, after how long, and the answers to its requests in flight. */
export type Graceful = {
  code: number | null;
  signal: string | null;
  ms: number;
  timeoutMs: number;
  inFlight: number[];
};

/** Starts the faults' schedule as the load starts; `done` once the last fault is over. */
export function startFaults(stack: {
  instances: ApiInstance[];
  cluster: PgCluster;
  redis: RedisServer;
  receiver: Receiver;
  load: Load;
  /** The load's server key: the requests held in flight on the SIGTERMed instance carry it. */
  server: { key: string };
  loadMs: number;
  receiverDownMs: number;
  /** PostgreSQL's restart: this long without a database. */
  pgDownMs: number;
  /** Writes a line of the run's timeline. */
  note: (what: string) => void;
}) {
  const { instances, cluster, redis, receiver, load, server, loadMs, receiverDownMs, pgDownMs, note } = stack;
  const windows: FaultWindow[] = [];
  let graceful: Graceful | undefined;

  const loadStarted = Date.now();
  const at = async (fraction: number) => {
    const wait = loadStarted + fraction * loadMs - Date.now();
    if (wait > 0) await sleep(wait);
  };
  const allReady = () => Promise.all(instances.map((i) => i.ready(60_000)));
  const receiverDownAt = loadStarted + 0.23 * loadMs;
  receiver.planOutage(receiverDownAt, receiverDownAt + receiverDownMs);
  // The driver's day takes no new order from 15 s before the receiver's outage until it ends: a day's orders
  // each send five or six order.status_changed, and the data-office endpoint would meet more than the 20
  // failures in a row that switch an endpoint off (receiver.ts) within the outage. Every other fault meets it.
  load.fieldHolds.push({ from: receiverDownAt - 15_000, to: receiverDownAt + receiverDownMs });

  /** A fault whose recovery failed (an instance never ready again): recorded, and the run goes on. */
  const faultErrors: { fault: string; error: string }[] = [];
  /** Runs a fault; its window lasts from `from` (set by the fault) until the step ends, recovered or not. */
  const fault = async (name: string, run: (window: { from: number }) => Promise<void>) => {
    const window = { from: Date.now() };
    try {
      await run(window);
    } catch (err) {
      faultErrors.push({ fault: name, error: (err as Error).message });
      note(`${name} did not recover: ${(err as Error).message}`);
    } finally {
      windows.push({ name, from: window.from, to: Date.now() });
    }
  };

  const done = (async () => {
    // 1. An instance hangs, then dies (SIGSTOP for 2 s, then SIGKILL): what nginx sent it meanwhile is in
    //    flight when it dies. nginx passes a GET that failed on to the next instance; a POST it had sent is
    //    not sent again (502): the client retries it with the same session or payload.
    await at(0.09);
    const killed = instances[0] as ApiInstance;
    await fault(`SIGKILL ${killed.name}`, async (w) => {
      w.from = Date.now();
      note(`fault: ${killed.name} frozen (SIGSTOP) for 2 s, then SIGKILL`);
      killed.signal('SIGSTOP');
      await sleep(2000);
      killed.signal('SIGKILL');
      await killed.proc?.exited;
      await sleep(3000);
      killed.start();
      await killed.ready();
      note(`${killed.name} restarted and ready (${((Date.now() - w.from) / 1000).toFixed(1)} s after it froze)`);
    });

    // 2. The company's receiver goes down (not a fault of ours: no 5xx window; webhooks retry).
    await at(0.23);
    note(`receiver down for ${receiverDownMs / 1000} s`);
    await receiver.down();
    await sleep(receiverDownMs);
    await receiver.up();
    note('receiver up');

    // 3. A rolling restart's step: SIGTERM; the instance answers what it has in flight (three quotes whose
    //    bodies arrive after the signal), exits 0 and is started again.
    await at(0.41);
    const stopped = instances[1] as ApiInstance;
    await fault(`SIGTERM ${stopped.name}`, async (w) => {
      const held = await holdRequests(
        stopped.port,
        '/booking/v1/quote',
        { authorization: `Bearer ${server.key}` },
        JSON.stringify({ size_id: load.setup.sizes[0]?.id, rental_days: 7 }),
        3,
      );
      w.from = Date.now();
      note(`fault: SIGTERM ${stopped.name} (graceful) with 3 requests in flight`);
      stopped.signal('SIGTERM');
      await sleep(1500);
      const inFlight = await held.finish();
      const exit = await Promise.race([stopped.proc?.exited, sleep(SHUTDOWN_TIMEOUT_MS + 5000).then(() => undefined)]);
      if (!exit) stopped.proc?.killGroup('SIGKILL');
      graceful = {
        code: exit?.code ?? null,
        signal: exit?.signal ?? (exit ? null : 'timed out'),
        ms: (exit?.at ?? Date.now()) - w.from,
        timeoutMs: SHUTDOWN_TIMEOUT_MS,
        inFlight,
      };
      note(
        `${stopped.name} answered its requests in flight (${inFlight.join(', ')}) and exited with code ${graceful.code} after ${(graceful.ms / 1000).toFixed(1)} s`,
      );
      stopped.start();
      await stopped.ready();
      note(`${stopped.name} restarted and ready`);
    });

    // 4. PostgreSQL restarts (a fast shutdown: every connection cut).
    await at(0.57);
    await fault('PostgreSQL restart', async (w) => {
      note(`fault: PostgreSQL restart, down for ${pgDownMs / 1000} s (the office keeps clicking meanwhile)`);
      // The office does not stop for a database restart: console reads every 250 ms while it lasts.
      let restarting = true;
      const glances = (async () => {
        while (restarting) {
          await Promise.all([load.officeGlance(), sleep(250)]);
        }
      })();
      await cluster.restart(pgDownMs).finally(() => {
        restarting = false;
      });
      await glances;
      note(`PostgreSQL up again (${((Date.now() - w.from) / 1000).toFixed(1)} s)`);
      await allReady();
      note(`every instance ready again (${((Date.now() - w.from) / 1000).toFixed(1)} s after the restart began)`);
    });

    // 5. Redis stops for 10 s: the limiters fall back to each instance's memory.
    await at(0.73);
    await fault('Redis stopped', async (w) => {
      note('fault: Redis stopped for 10 s');
      await redis.stop();
      await sleep(5000);
      const states = await Promise.all(instances.map((i) => i.readyState()));
      note(
        `readyz with Redis down: ${states.map((r) => `${r.status} ${JSON.stringify((r.body as { checks?: unknown })?.checks ?? r.body)}`).join('; ')}`,
      );
      await sleep(5000);
      await redis.start();
      await allReady();
      note(`Redis up, every instance ready (${((Date.now() - w.from) / 1000).toFixed(1)} s)`);
    });
  })();

  return {
    done,
    windows,
    faultErrors,
    /** Set by the SIGTERM fault. */
    get graceful() {
      return graceful;
    },
  };
}
