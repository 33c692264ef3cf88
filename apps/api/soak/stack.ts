// The soak's machinery: its own PostgreSQL cluster, its own Redis, the API instances and nginx, each a
// process of ours on a free loopback port, and the cleanup that removes every one of them whatever happens
// (a failed check, an exception, Ctrl-C). Nothing here touches the machine's PostgreSQL (5432) or Redis (6379).
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const PG_VERSION = '15';

// ---- cleanup -------------------------------------------------------------------------------------------

/** Synchronous steps, newest first: they also run from process.on('exit') and the signal handlers. */
const cleanups: { name: string; fn: () => void }[] = [];
let cleaned = false;

export function onCleanup(name: string, fn: () => void) {
  cleanups.unshift({ name, fn });
}

export function cleanupNow() {
  if (cleaned) return;
  cleaned = true;
  for (const { name, fn } of cleanups) {
    try {
      fn();
    } catch (err) {
      console.error(`cleanup: ${name}: ${(err as Error).message}`);
    }
  }
}

/**
 * What this run started, written down as it goes (`<tmp>/svc-soak-<pid>.state`): a soak killed outright
 * (SIGKILL, no handler runs) leaves its processes and folder to the next run, which ends and removes them.
 */
const stateFile = path.join(os.tmpdir(), `svc-soak-${process.pid}.state`);
onCleanup('state file', () => rmSync(stateFile, { force: true }));

export function remember(entry: { pid: number; command: string } | { dir: string }) {
  appendFileSync(stateFile, `${JSON.stringify(entry)}\n`);
}

/** Ends the processes and removes the folders of soaks that were killed before they could clean up. */
export function cleanStaleRuns() {
  for (const name of readdirSync(os.tmpdir())) {
    const owner = Number(name.match(/^svc-soak-(\d+)\.state$/)?.[1]);
    if (!owner || owner === process.pid || pidAlive(owner)) continue;
    const file = path.join(os.tmpdir(), name);
    for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
      const entry = JSON.parse(line) as { pid?: number; command?: string; dir?: string };
      if (entry.dir) removeDir(entry.dir);
      // Only a process still running what we started (a pid may have been reused since).
      if (entry.pid && pidAlive(entry.pid) && commandOf(entry.pid).includes(entry.command ?? '\0')) {
        console.log(`ending pid ${entry.pid} (${entry.command}) that a killed soak left running`);
        try {
          process.kill(-entry.pid, 'SIGKILL');
        } catch {}
      }
    }
    rmSync(file, { force: true });
  }
}

function commandOf(pid: number) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/** Ctrl-C, a TERM from CI, an uncaught error: everything we started goes, then the process ends. */
export function installCleanupHandlers() {
  process.on('exit', cleanupNow);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      console.error(`\n${signal}: stopping every process of the soak and dropping its cluster`);
      cleanupNow();
      process.exit(130);
    });
  }
}

// ---- ports and processes -------------------------------------------------------------------------------

/** A port nobody listens on now (the kernel's pick). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type Exit = { code: number | null; signal: NodeJS.Signals | null; at: number };

/** A child in its own process group, its output appended to a file (no pipe to fill and stall it). */
export class Proc {
  readonly child: ChildProcess;
  readonly exited: Promise<Exit>;
  exit: Exit | undefined;

  constructor(
    readonly name: string,
    command: string,
    args: string[],
    options: { env?: NodeJS.ProcessEnv; cwd?: string; logFile: string },
  ) {
    const fd = openSync(options.logFile, 'a');
    this.child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', fd, fd],
      detached: true,
    });
    closeSync(fd);
    if (this.child.pid) remember({ pid: this.child.pid, command: path.basename(command) });
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        this.exit = { code, signal, at: Date.now() };
        resolve(this.exit);
      });
      this.child.once('error', (err) => {
        console.error(`${name}: ${err.message}`);
        this.exit = { code: -1, signal: null, at: Date.now() };
        resolve(this.exit);
      });
    });
    const pid = this.child.pid;
    onCleanup(`${name} (pid ${pid})`, () => this.killGroup('SIGKILL'));
  }

  get running() {
    return this.exit === undefined;
  }

  /** Signals the process (the API handles SIGTERM itself; its group would get it twice). */
  signal(signal: NodeJS.Signals) {
    if (!this.running || !this.child.pid) return;
    try {
      process.kill(this.child.pid, signal);
    } catch {}
  }

  killGroup(signal: NodeJS.Signals) {
    if (!this.child.pid || this.exit) return;
    try {
      process.kill(-this.child.pid, signal);
    } catch {}
  }

  async stop(graceMs = 5000) {
    if (!this.running) return;
    this.signal('SIGTERM');
    const late = await Promise.race([this.exited.then(() => false), sleep(graceMs).then(() => true)]);
    if (late) this.killGroup('SIGKILL');
    await this.exited;
  }
}

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not ready after ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

// ---- PostgreSQL ------------------------------------------------------------------------------------------

/**
 * A cluster of our own (Debian's pg_createcluster: run as root, it makes the data folder the postgres user's
 * and starts the server as that user), trust authentication on loopback, dropped at the end. Its name
 * carries our pid, so a run that was killed outright leaves a cluster the next run recognizes and drops.
 */
export class PgCluster {
  readonly name = `soak-${process.pid}-${randomBytes(3).toString('hex')}`;
  constructor(readonly port: number) {}

  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/svc_soak`;
  }

  static dropStale() {
    let listing = '';
    try {
      listing = execFileSync('pg_lsclusters', ['-h'], { encoding: 'utf8' });
    } catch {
      return;
    }
    for (const line of listing.split('\n')) {
      const [version, name] = line.trim().split(/\s+/);
      const pid = Number(name?.match(/^soak-(\d+)-[0-9a-f]+$/)?.[1]);
      if (!version || !name || !pid || pidAlive(pid)) continue;
      console.log(`dropping the cluster ${version}/${name} a killed soak left behind`);
      try {
        execFileSync('pg_dropcluster', ['--stop', version, name], { stdio: 'ignore' });
      } catch {}
    }
  }

  async create() {
    for (const tool of ['pg_createcluster', 'pg_ctlcluster', 'pg_dropcluster']) {
      if (!commandExists(tool)) {
        throw new Error(`${tool} is missing: the soak needs Debian's postgresql-common and PostgreSQL ${PG_VERSION}`);
      }
    }
    onCleanup(`PostgreSQL cluster ${PG_VERSION}/${this.name}`, () => {
      execFileSync('pg_dropcluster', ['--stop', PG_VERSION, this.name], { stdio: 'ignore' });
    });
    await run('pg_createcluster', [
      PG_VERSION,
      this.name,
      '-p',
      String(this.port),
      '--start-conf=manual',
      // A soak's database: nothing to keep past the run. Fewer fsyncs leave the shared cores to the load.
      '-o',
      'synchronous_commit=off',
      '-o',
      'max_connections=200',
      '--',
      '--auth=trust',
    ]);
    await run('pg_ctlcluster', [PG_VERSION, this.name, 'start']);
    await run('psql', [
      '-h',
      '127.0.0.1',
      '-p',
      String(this.port),
      '-U',
      'postgres',
      '-qc',
      'create database svc_soak',
    ]);
  }

  /** A fast shutdown (every connection cut, new ones refused), `downMs` without a database, a start. */
  async restart(downMs: number) {
    await run('pg_ctlcluster', [PG_VERSION, this.name, 'stop', '-m', 'fast']);
    await sleep(downMs);
    await run('pg_ctlcluster', [PG_VERSION, this.name, 'start']);
  }
}

function pidAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function commandExists(command: string) {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

// ---- Redis -----------------------------------------------------------------------------------------------

export class RedisServer {
  proc: Proc | undefined;
  starts = 0;
  constructor(
    readonly port: number,
    readonly dir: string,
  ) {}

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start() {
    this.starts++;
    this.proc = new Proc(
      `redis-server :${this.port}`,
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
      { cwd: this.dir, logFile: path.join(this.dir, 'redis.log') },
    );
    await until('redis', 10_000, async () => ((await redisPing(this.port)) ? true : undefined));
  }

  async stop() {
    await this.proc?.stop(3000);
  }
}

function redisPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.setTimeout(1000, () => socket.destroy());
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => {
      answer += d.toString();
      if (answer.includes('\r\n')) {
        socket.end();
        resolve(answer.startsWith('+PONG'));
      }
    });
    socket.on('error', () => resolve(false));
    socket.on('close', () => resolve(answer.startsWith('+PONG')));
  });
}

// ---- the API instances -----------------------------------------------------------------------------------

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

// ---- nginx -----------------------------------------------------------------------------------------------

export const NGINX = '/usr/sbin/nginx';

/** Debian's nginx, installed the way .ci/run installs Chromium when it is missing. */
export function ensureNginx() {
  if (existsSync(NGINX)) return;
  if (process.getuid?.() !== 0) throw new Error(`${NGINX} is missing: apt-get install nginx (the soak needs it)`);
  console.log('nginx is missing: installing it (apt-get install nginx)');
  execFileSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx'], {
    stdio: 'inherit',
  });
}

export class Nginx {
  proc: Proc | undefined;
  readonly accessLog: string;
  readonly configFile: string;

  constructor(
    readonly port: number,
    readonly dir: string,
    readonly upstreams: number[],
    template: string,
  ) {
    this.accessLog = path.join(dir, 'access.json');
    this.configFile = path.join(dir, 'nginx.conf');
    for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
      mkdirSync(path.join(dir, 'tmp', sub), { recursive: true, mode: 0o777 });
    }
    // nginx's workers run as nobody: its temporary files (a junk photo's body) need a folder they can write.
    execFileSync('chmod', ['-R', '0777', path.join(dir, 'tmp')]);
    const config = template
      .replaceAll('{{DIR}}', dir)
      .replaceAll('{{LISTEN}}', `127.0.0.1:${port}`)
      .replaceAll('{{SERVER_NAME}}', '127.0.0.1')
      .replaceAll('{{ACCESS_LOG}}', this.accessLog)
      .replaceAll(
        '{{UPSTREAM_SERVERS}}',
        upstreams.map((p) => `        server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n'),
      );
    writeFileSync(this.configFile, config);
  }

  get base() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start() {
    execFileSync(NGINX, ['-t', '-q', '-p', this.dir, '-c', this.configFile, '-g', 'daemon off;'], { stdio: 'inherit' });
    this.proc = new Proc(`nginx :${this.port}`, NGINX, ['-p', this.dir, '-c', this.configFile, '-g', 'daemon off;'], {
      cwd: this.dir,
      logFile: path.join(this.dir, 'nginx.out'),
    });
    await until('nginx', 15_000, async () => {
      const res = await fetch(`${this.base}/healthz`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      return res.status === 200 ? true : undefined;
    });
  }

  async stop() {
    // SIGQUIT: a graceful stop; the access log is complete once the master exits.
    if (this.proc?.running) this.proc.signal('SIGQUIT');
    await Promise.race([this.proc?.exited, sleep(5000)]);
    this.proc?.killGroup('SIGKILL');
  }

  accessLines(): NginxLine[] {
    if (!existsSync(this.accessLog)) return [];
    return readFileSync(this.accessLog, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as NginxLine);
  }
}

export type NginxLine = {
  time: string;
  msec: number;
  request_id: string;
  status: number;
  method: string;
  upstream: string;
  upstream_status: string;
  request_time: number;
  upstream_response_time: string;
};

export function removeDir(dir: string) {
  // A process killed a moment ago may still be closing a file in it.
  rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
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
