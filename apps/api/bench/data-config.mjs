// The settings of `npm run bench:data` (each from an environment variable, with its default) and the CLI it
// calls as an operator would (src/cli/main.ts through tsx).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const tsx = path.join(apiDir, 'node_modules/.bin/tsx');
export const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/svc_bench_data';
export const SLUG = 'benchco';
export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
export const WARMUP = 2;
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
export const TARGET_P99_MS = Number(process.env.BENCH_TARGET_P99_MS ?? 25); // issue 29: the list pages' p99 under 25 ms
export const PER_PAGE = 100;
/** The status filter: the one with the most orders. */
export const STATUS = 'completed';
export const PORT = Number(process.env.BENCH_PORT ?? 3491);
export const base = `http://127.0.0.1:${PORT}`;

/** The CLI's answer (--json), parsed. */
export const cli = (...args) =>
  JSON.parse(
    execFileSync(tsx, ['src/cli/main.ts', ...args, '--json'], {
      cwd: apiDir,
      env: { ...process.env, DATABASE_URL: url },
    }).toString(),
  );
