// The faults, spaced over the load (each at a fraction of its duration): the rolling restart of docs/deploy.md
// (every instance in turn, the first with requests in flight), the company's receiver down meanwhile, an
// instance frozen then SIGKILLed, PostgreSQL restarted, Redis stopped. Each fault's window is recorded (the
// checks allow 5xx inside it, except inside the rolling restart's: a deploy refuses no request), and so is a
// fault whose recovery failed; how the first restarted instance stopped is kept for the checks.
import { type ApiInstance, DEPLOY, holdRequests, SHUTDOWN_TIMEOUT_MS } from './api-instances';
import type { FaultWindow } from './checks-common';
import type { Load } from './load';
import type { PgCluster } from './postgres';
import type { Receiver } from './receiver';
import type { RedisServer } from './redis';
import { sleep } from './stack';

/** How the first restarted instance stopped: its exit, after how long, and the answers to its requests in flight. */
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
  /** The load's server key: the requests held in flight on the first restarted instance carry it. */
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

  /** A fault whose recovery failed (an instance never ready again): recorded, and the run goes on. */
  const faultErrors: { fault: string; error: string }[] = [];
  /** Runs a fault; its window lasts from `from` (set by the fault) until the step ends, recovered or not. */
  const fault = async (name: string, run: (window: { from: number }) => Promise<void>, strict = false) => {
    const window = { from: Date.now() };
    try {
      await run(window);
    } catch (err) {
      faultErrors.push({ fault: name, error: (err as Error).message });
      note(`${name} did not recover: ${(err as Error).message}`);
    } finally {
      windows.push({ name, from: window.from, to: Date.now(), ...(strict ? { strict } : {}) });
    }
  };

  /** One step of docs/deploy.md's rolling restart: SIGTERM, its exit, started again, /readyz 200, fail_timeout + 1 s. */
  const restart = async (instance: ApiInstance, from: number) => {
    instance.signal('SIGTERM');
    const exit = await Promise.race([
      instance.proc?.exited,
      sleep(DEPLOY.drainMs + SHUTDOWN_TIMEOUT_MS + 5000).then(() => undefined),
    ]);
    if (!exit) instance.proc?.killGroup('SIGKILL');
    instance.start();
    await instance.ready();
    note(
      `${instance.name} exited with code ${exit?.code ?? 'none (killed)'}, started again and ready (${((Date.now() - from) / 1000).toFixed(1)} s)`,
    );
    await sleep(DEPLOY.failTimeoutMs + 1000);
    return exit;
  };

  const done = (async () => {
    // The company's receiver goes down (not a fault of ours: no 5xx window; webhooks retry), meanwhile.
    const receiverOutage = (async () => {
      await at(0.23);
      note(`receiver down for ${receiverDownMs / 1000} s`);
      await receiver.down();
      await sleep(receiverDownMs);
      await receiver.up();
      note('receiver up');
    })();

    // 1. A deploy: docs/deploy.md's rolling restart of every instance, no 5xx forgiven. The first instance
    //    answers what it has in flight (three quotes whose bodies arrive after the signal) and exits 0.
    await at(0.04);
    await fault(
      'rolling restart',
      async (w) => {
        const [first, ...rest] = instances as [ApiInstance, ...ApiInstance[]];
        const held = await holdRequests(
          first.port,
          '/booking/v1/quote',
          { authorization: `Bearer ${server.key}` },
          JSON.stringify({ size_id: load.setup.sizes[0]?.id, rental_days: 7 }),
          3,
        );
        w.from = Date.now();
        note(
          `fault: rolling restart of ${instances.length} instances as docs/deploy.md says (drain ${DEPLOY.drainMs / 1000} s, then fail_timeout ${DEPLOY.failTimeoutMs / 1000} s + 1 s after each is ready), ${first.name} with 3 requests in flight`,
        );
        const finished = sleep(1500).then(() => held.finish());
        const exit = await restart(first, w.from);
        const inFlight = await finished;
        graceful = {
          code: exit?.code ?? null,
          signal: exit?.signal ?? (exit ? null : 'timed out'),
          ms: (exit?.at ?? Date.now()) - w.from,
          timeoutMs: DEPLOY.drainMs + SHUTDOWN_TIMEOUT_MS,
          inFlight,
        };
        note(
          `${first.name} answered its requests in flight (${inFlight.join(', ')}) after ${(graceful.ms / 1000).toFixed(1)} s`,
        );
        for (const instance of rest) await restart(instance, w.from);
      },
      true,
    );

    // 2. An instance hangs, then dies (SIGSTOP for 2 s, then SIGKILL): what nginx sent it meanwhile is in
    //    flight when it dies. nginx passes a GET that failed on to the next instance; a POST it had sent is
    //    not sent again (502): the client retries it with the same session or payload.
    await at(0.57);
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
    await receiverOutage;

    // 3. PostgreSQL restarts (a fast shutdown: every connection cut).
    await at(0.68);
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

    // 4. Redis stops for 10 s: the limiters fall back to each instance's memory.
    await at(0.81);
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
    /** Set by the rolling restart. */
    get graceful() {
      return graceful;
    },
  };
}
