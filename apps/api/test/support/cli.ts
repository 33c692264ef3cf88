import { runSvc } from '../../src/cli/commands';
import type { Target } from './servers';

/**
 * Runs an operator's `svc` command against a target's database while it serves, in this process: the CLI's
 * own command code (cli/commands.ts: its parsing, its use cases, its --json answer), without a Node process
 * started per call (1.4 s each, most of the suite's time once). The process itself, its printing and exit
 * codes, is what the browser suite's setup and test/db/pglite-owner.test.ts run. A refusal throws the
 * CLI's own error, with the message it would print.
 */
export async function svc(target: Target, ...args: string[]): Promise<any> {
  const env = { ...process.env, DATABASE_URL: '', SVC_DATA_DIR: '', SVC_WEBHOOK_ALLOW_HTTP: '1', ...target.env };
  const out = await runSvc([...args, '--json'], env);
  // As printed and read back: dates as strings.
  return JSON.parse(JSON.stringify(out.json));
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
