import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { repoRoot } from '../../src/lib/paths';
import { createLocation, type Driver, open } from './databases';
import { type Fixtures, seedFixtures } from './fixtures';

export type ServerKind = 'standalone' | 'next';

/** A running server the HTTP suite talks to, with the environment that reaches its database. */
export type Target = {
  name: string;
  kind: ServerKind;
  driver: Driver;
  baseUrl: string;
  env: Record<string, string>;
  fixtures: Fixtures;
};

const apiDir = () => path.join(repoRoot(), 'apps/api');
/** The server our Next apps run in (server/next-server.ts), as npm start runs the API. */
const nextServer = () => path.join(apiDir(), 'dist/next-server.js');

export function assertBuilt() {
  const missing = [
    ['dist/standalone.js', 'tsup'],
    ['dist/next-server.js', 'tsup'],
    ['.next/BUILD_ID', 'next build'],
  ].filter(([file]) => !existsSync(path.join(apiDir(), file as string)));
  if (missing.length) {
    throw new Error(
      `the HTTP suite runs the production build; missing ${missing.map(([f, cmd]) => `${f} (${cmd})`).join(', ')}: run npm test from the root`,
    );
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Seeds a fresh database with the fixtures, then starts one server process on it: the standalone build
 * or the API's Next app in server/next-server.ts, exactly as production runs them.
 */
export async function startTarget(
  kind: ServerKind,
  driver: Driver,
  extraEnv: Record<string, string> = {},
  label = `${kind}-${driver}`,
): Promise<{ target: Target; stop(): Promise<void> }> {
  const { location, fixtures } = await seededLocation(driver, label);
  const server = await spawnServer(kind, location.env, extraEnv);
  return {
    target: { name: label, kind, driver, baseUrl: server.baseUrl, env: location.env, fixtures },
    async stop() {
      await server.stop();
      await location.dispose();
    },
  };
}

/**
 * A fresh database of one driver, seeded with the fixtures, for a test that runs servers of its own
 * (killed, sabotaged): disposed by the caller.
 */
export async function seededLocation(driver: Driver, label: string) {
  const location = await createLocation(driver, label);
  const database = await open(location);
  const fixtures = await seedFixtures(database);
  await database.close();
  return { location, fixtures };
}

/** One server process on an existing database; `kill` ends it the hard way, as a crash would. */
export async function spawnServer(
  kind: ServerKind,
  dbEnv: Record<string, string>,
  extraEnv: Record<string, string> = {},
) {
  const port = await freePort();
  const env = {
    ...process.env,
    ...dbEnv,
    ...extraEnv,
    PORT: String(port),
    STANDALONE_PORT: String(port),
    NODE_ENV: 'production' as const,
  };
  const args =
    kind === 'standalone'
      ? ['dist/standalone.js']
      : // As npm start runs Next (server/start.ts).
        [nextServer(), '--dir', apiDir(), '--port', String(port), '--hostname', '127.0.0.1'];
  // Its own process group, so stopping it also stops whatever it started.
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: apiDir(),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForServer(baseUrl, child, () => output);
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), name);
    } catch {}
  };
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    baseUrl,
    output: () => output,
    /** Sends a signal to the server (its process group), as an orchestrator would. */
    signal,
    /** The server's exit code, once it has exited. */
    exited,
    async stop() {
      signal('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      signal('SIGKILL');
    },
    async kill() {
      signal('SIGKILL');
      await exited;
    },
  };
}

async function waitForServer(baseUrl: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/booking/v1/openapi.json`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  process.kill(-(child.pid as number), 'SIGKILL');
  throw new Error(`server at ${baseUrl} did not start in 90 s:\n${output()}`);
}
