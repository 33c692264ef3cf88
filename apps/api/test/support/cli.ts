import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../../src/lib/paths';
import type { Target } from './servers';

const run = promisify(execFile);

/**
 * Runs the real `svc` CLI against a target's database, as an operator would while it serves: its build
 * (dist/cli.js, the same code `npm run svc` runs through tsx, which would compile it again on every call).
 */
export async function svc(target: Target, ...args: string[]): Promise<any> {
  const apiDir = path.join(repoRoot(), 'apps/api');
  const { stdout } = await run(process.execPath, ['dist/cli.js', ...args, '--json'], {
    cwd: apiDir,
    env: { ...process.env, DATABASE_URL: '', SVC_DATA_DIR: '', SVC_WEBHOOK_ALLOW_HTTP: '1', ...target.env },
  });
  return JSON.parse(stdout);
}

/** Retries an assertion until it holds: cache invalidation reaches other processes within a second or two. */
export async function eventually(check: () => Promise<void>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
