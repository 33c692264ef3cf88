// The API instances: their environment, each a standalone process on its port, supervised (a crash is recorded
// and the instance started again), and the requests held in flight on one while it stops gracefully.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONSOLE_ORIGIN } from './company';
import { documentedRestart } from './deploy-doc';
import type { PgCluster } from './postgres';
import type { RedisServer } from './redis';
import { baseEnv, type Exit, Proc, sleep, until } from './stack';

// ---- the API instances -----------------------------------------------------------------------------------

/** How long an instance may take to stop gracefully (SVC_SHUTDOWN_TIMEOUT_MS): the SIGTERM fault holds it to it. */
export const SHUTDOWN_TIMEOUT_MS = 10_000;
/** docs/deploy.md's drain (SVC_DRAIN_MS) and nginx's fail_timeout: the instances and the rolling restart follow them. */
export const DEPLOY = documentedRestart(path.resolve(import.meta.dirname, '../../..'));

/** The instances' environment: production, JSON logs, the soak's PostgreSQL and Redis, the limiters' caps raised. */
export function instanceEnv({
  cluster,
  redis,
  dataDir,
  metricsToken,
}: {
  cluster: PgCluster;
  redis: RedisServer;
  dataDir: string;
  metricsToken: string;
}): NodeJS.ProcessEnv {
  return {
    ...baseEnv(),
    NODE_ENV: 'production',
    DATABASE_URL: cluster.url,
    REDIS_URL: redis.url,
    HOST: '127.0.0.1',
    SVC_DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    SVC_LOG_FORMAT: 'json',
    SVC_METRICS_TOKEN: metricsToken,
    SVC_SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    SVC_DRAIN_MS: String(DEPLOY.drainMs),
    SVC_TRUST_PROXY_HOPS: '1',
    SVC_WEBHOOK_ALLOW_HTTP: '1',
    CONSOLE_BASE_URL: CONSOLE_ORIGIN,
    HOSTED_BASE_URL: 'http://book.soak.localhost',
    BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
    // The load comes from one address (the soak's): the limiters run on every request, their caps raised.
    SVC_RATE_LIMIT_PER_MINUTE: '100000',
    SVC_DATA_RATE_LIMIT_PER_MINUTE: '100000',
    SVC_INTENT_LIMIT_FACTOR: '1000',
    SVC_RECOVERY_INTERVAL_MS: '2000',
  };
}

export type InstanceRun = { started: number; ready?: number; exit?: Exit };
/** An exit nobody asked for: the process died on its own. */
export type Crash = { instance: string; at: number; code: number | null; signal: string | null; output: string[] };

/**
 * One standalone API process (dist/standalone.js) on its port; started again on the same port after a fault.
 * Supervised as systemd would (Restart=always): an exit the soak did not cause is a crash, recorded with the
 * last lines the process wrote, and the instance is started again a second later.
 */
export class ApiInstance {
  proc: Proc | undefined;
  runs: InstanceRun[] = [];
  readonly crashes: Crash[] = [];
  /** Set when the soak signals the process: its exit is expected. */
  private stopping = false;
  private supervised = true;
  /** Told of each crash as it happens (the run's timeline). */
  onCrash: ((crash: Crash) => void) | undefined;

  constructor(
    readonly index: number,
    readonly port: number,
    private readonly apiDir: string,
    private readonly env: NodeJS.ProcessEnv,
    readonly logFile: string,
  ) {}

  get name() {
    return `api-${this.index + 1}`;
  }
  get base() {
    return `http://127.0.0.1:${this.port}`;
  }

  start() {
    const current: InstanceRun = { started: Date.now() };
    this.runs.push(current);
    this.stopping = false;
    const proc = new Proc(`${this.name} :${this.port}`, process.execPath, ['dist/standalone.js'], {
      cwd: this.apiDir,
      env: { ...this.env, STANDALONE_PORT: String(this.port) },
      logFile: this.logFile,
    });
    this.proc = proc;
    void proc.exited.then((exit) => {
      current.exit = exit;
      if (this.stopping || this.proc !== proc) return;
      const crash: Crash = {
        instance: this.name,
        at: exit.at,
        code: exit.code,
        signal: exit.signal,
        output: readFileSync(this.logFile, 'utf8').trimEnd().split('\n').slice(-40),
      };
      this.crashes.push(crash);
      this.onCrash?.(crash);
      if (this.supervised) setTimeout(() => this.proc === proc && this.start(), 1000);
    });
  }

  /** A signal from the soak (a fault, or the end): the exit that follows is not a crash. */
  signal(signal: NodeJS.Signals) {
    if (signal !== 'SIGSTOP' && signal !== 'SIGCONT') this.stopping = true;
    this.proc?.signal(signal);
  }

  /** The end of the run: a graceful stop, nothing started again. */
  async stop(graceMs: number) {
    this.supervised = false;
    this.stopping = true;
    await this.proc?.stop(graceMs);
  }

  /** /readyz answers `ready`: the database with its migrations, Redis, the outbox worker (not `degraded`). */
  async ready(timeoutMs = 60_000) {
    let last = '';
    await until(`${this.name} /readyz`, timeoutMs, async () => {
      if (!this.proc?.running) {
        last = `exited ${JSON.stringify(this.proc?.exit)}`;
        return undefined;
      }
      const res = await fetch(`${this.base}/readyz`, { signal: AbortSignal.timeout(3000) }).catch((err: Error) => {
        last = err.message;
        return undefined;
      });
      if (!res) return undefined;
      const text = await res.text();
      last = `${res.status} ${text}`;
      return res.status === 200 && text.includes('"status":"ready"') ? true : undefined;
    }).catch((err: Error) => {
      throw new Error(`${err.message} (last answer: ${last})`);
    });
    const current = this.runs.at(-1);
    if (current && !current.ready) current.ready = Date.now();
  }

  async readyState(): Promise<{ status: number; body: unknown }> {
    try {
      const res = await fetch(`${this.base}/readyz`, { signal: AbortSignal.timeout(3000) });
      return { status: res.status, body: await res.json() };
    } catch (err) {
      return { status: 0, body: String(err) };
    }
  }
}

/**
 * Requests in flight on an instance, held there: each sends its headers and half its body now, the rest on
 * `finish()`. What a graceful stop must answer before it exits (the instance's own port, not nginx's,
 * which buffers a body before it passes the request on).
 */
export async function holdRequests(
  port: number,
  path: string,
  headers: Record<string, string>,
  body: string,
  n: number,
) {
  const { request } = await import('node:http');
  const held = Array.from({ length: n }, () => {
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path,
      headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const answered = new Promise<number>((resolve) => {
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', () => resolve(0));
    });
    const sent = new Promise<void>((resolve) => req.write(body.slice(0, body.length >> 1), () => resolve()));
    return { req, answered, sent };
  });
  await Promise.all(held.map((h) => h.sent));
  // Until the instance has read the headers of each (its request handler runs, waiting for the body).
  await sleep(300);
  return {
    finish: async () => {
      for (const h of held) h.req.end(body.slice(body.length >> 1));
      return Promise.all(held.map((h) => h.answered));
    },
  };
}
