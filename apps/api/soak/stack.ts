// The soak's machinery: its own PostgreSQL cluster, its own Redis, the API instances and nginx, each a
// process of ours on a free loopback port, and the cleanup that removes every one of them whatever happens
// (a failed check, an exception, Ctrl-C). Nothing here touches the machine's PostgreSQL (5432) or Redis (6379).
// This file holds what they share (free ports, a child process of ours, waiting until it answers); each kind
// of process has its file (postgres.ts, redis.ts, api-instances.ts, nginx.ts), the cleanup is cleanup.ts.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { onCleanup, remember } from './cleanup';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

export async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not ready after ${timeoutMs / 1000} s`);
    await sleep(100);
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

/** The environment of our processes: the machine's basics only, never another suite's DATABASE_URL or keys. */
export function baseEnv(): NodeJS.ProcessEnv {
  const keep = ['PATH', 'HOME', 'LANG', 'LC_ALL', 'TMPDIR', 'TZ'];
  return Object.fromEntries(keep.filter((k) => process.env[k]).map((k) => [k, process.env[k]])) as NodeJS.ProcessEnv;
}
