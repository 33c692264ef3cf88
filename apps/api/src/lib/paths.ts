import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The repository root: the nearest folder holding pnpm-workspace.yaml, from the working directory.
 * Every entry point (Next, the standalone server, the CLI, tests) runs inside the repository, and
 * bundlers move compiled files around, so paths are found from the working directory, not the module.
 */
export function repoRoot(): string {
  let dir = process.cwd();
  for (;;) {
    if (existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no pnpm-workspace.yaml above ${process.cwd()}: run svc inside the repository`);
    dir = parent;
  }
}

// turbopackIgnore: these paths are run-time data, not files to bundle or trace.
export const migrationsDir = () => path.join(/*turbopackIgnore: true*/ repoRoot(), 'apps/api/drizzle');

/** Where the embedded database and local state live: SVC_DATA_DIR, else .data/ at the repository root. */
export const dataDir = (env: NodeJS.ProcessEnv = process.env) =>
  path.resolve(/*turbopackIgnore: true*/ env.SVC_DATA_DIR ?? path.join(/*turbopackIgnore: true*/ repoRoot(), '.data'));

/** Writes a file of local state (keys, a password: mode 600) in the data folder, made first if missing. */
export function writeDataFile(name: string, text: string) {
  mkdirSync(dataDir(), { recursive: true });
  writeFileSync(path.join(dataDir(), name), text, { mode: 0o600 });
}
