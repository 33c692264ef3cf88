import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { copyPgliteTemplate } from '../../apps/api/test/support/pglite-template';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const apiDir = path.join(repoRoot, 'apps/api');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export type Platform = {
  apiUrl: string;
  hostedUrl: string;
  /** The company console (apps/console), whose Origin the API's console surface accepts. */
  consoleUrl: string;
  dataDir: string;
  keys: { publishable: string; server: string };
  /** The demo company's console owner, as `npm start` prints it. */
  owner: { email: string; password: string };
  stop(): Promise<void>;
};

/**
 * The platform exactly as the README's `npm start` runs it (apps/api/dist/start.js: migrate, seed the demo
 * company, the API, the hosted pages and the console each in server/next-server.ts), on its own ports and
 * data folder.
 */
export async function startPlatform(
  dataDir: string,
  extraEnv: Record<string, string> = {},
  ports?: { api: number; hosted: number; console?: number },
): Promise<Platform> {
  const builds = [
    'apps/api/dist/start.js',
    'apps/api/dist/cli.js',
    'apps/api/.next/BUILD_ID',
    'apps/hosted/.next/BUILD_ID',
  ];
  for (const built of [...builds, 'apps/console/.next/BUILD_ID']) {
    if (!existsSync(path.join(repoRoot, built))) {
      throw new Error(`the e2e suite runs the production builds; ${built} is missing: run npm test from the root`);
    }
  }
  // A fresh folder starts from a copy of the migrated template: PGlite's initdb costs seconds of CPU a platform.
  if (!existsSync(path.join(dataDir, 'pglite'))) await copyPgliteTemplate(path.join(dataDir, 'pglite'));
  const [apiPort, hostedPort] = ports ? [ports.api, ports.hosted] : [await freePort(), await freePort()];
  const consolePort = ports?.console ?? (await freePort());
  mkdirSync(path.join(repoRoot, 'e2e/test-results'), { recursive: true });
  const child: ChildProcess = spawn(process.execPath, ['dist/start.js'], {
    cwd: apiDir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: '',
      SVC_DATA_DIR: dataDir,
      PORT: String(apiPort),
      HOSTED_PORT: String(hostedPort),
      // The API derives CONSOLE_BASE_URL (the one Origin its console surface accepts) from this port.
      CONSOLE_PORT: String(consolePort),
      NEXT_TELEMETRY_DISABLED: '1',
      // Every page of the suite comes from one IP, faster than any visitor: the 120/minute per-IP limit
      // (tested in apps/api's HTTP suite) would refuse it. Raised here, as the benchmark raises it.
      SVC_RATE_LIMIT_PER_MINUTE: '100000',
      SVC_INTENT_LIMIT_FACTOR: '1000',
      ...extraEnv,
    },
  });
  // A platform is never left behind: not when its start fails or its test's hook times out, not when the
  // worker ends without stopping it (a leaked one served on, and logged into a closed pipe, for a whole run).
  const killGroup = () => {
    try {
      process.kill(-(child.pid as number), 'SIGKILL');
    } catch {}
  };
  process.once('exit', killGroup);
  // Everything the platform prints is kept beside the test results, for when a test needs explaining.
  const log = createWriteStream(path.join(repoRoot, 'e2e/test-results/platform.log'), { flags: 'a' });
  let output = '';
  child.stderr?.on('data', (c: Buffer) => {
    output += c.toString();
    log.write(c);
  });
  child.stdout?.on('data', (c: Buffer) => log.write(c));
  const printed = await new Promise<string>((resolve, reject) => {
    const fail = (err: Error) => {
      killGroup();
      reject(err);
    };
    const timer = setTimeout(() => fail(new Error(`the platform did not start in 90 s:\n${output}`)), 90_000);
    child.stdout?.on('data', (c: Buffer) => {
      output += c.toString();
      if (/Watch booking webhooks/.test(output)) {
        clearTimeout(timer);
        resolve(output);
      }
    });
    child.once('exit', (code) => fail(new Error(`the platform exited with ${code}:\n${output}`)));
  });
  const key = (name: string) => new RegExp(`${name}\\s+(svc_\\S+)`).exec(printed)?.[1] ?? '';
  const owner = /sign in as (\S+) \/ (\S+)/.exec(printed);
  return {
    apiUrl: `http://localhost:${apiPort}`,
    hostedUrl: `http://localhost:${hostedPort}`,
    consoleUrl: `http://localhost:${consolePort}`,
    dataDir,
    keys: { publishable: key('publishable key'), server: key('server key') },
    owner: { email: owner?.[1] ?? '', password: owner?.[2] ?? '' },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-(child.pid as number), 'SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) process.kill(-(child.pid as number), 'SIGKILL');
    },
  };
}

const run = promisify(execFile);

/** The operator's CLI (`npm run svc -- …`, its build dist/cli.js) against the running platform's embedded database. */
export async function svc(dataDir: string, ...args: string[]): Promise<any> {
  const { stdout } = await run(process.execPath, ['dist/cli.js', ...args, '--json'], {
    cwd: apiDir,
    env: { ...process.env, DATABASE_URL: '', SVC_DATA_DIR: dataDir, SVC_WEBHOOK_ALLOW_HTTP: '1' },
  });
  return JSON.parse(stdout);
}
