import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../src/db/client';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const migrations = path.join(apiDir, 'drizzle');

/**
 * A fresh PGlite database for a test, copied from a migrated, empty one. PGlite's initdb costs about seven
 * seconds of CPU on this 2-core machine, a copy of its 40 MB folder under half a second, and the suite
 * makes a database for nearly every file (and the browser suite one per platform). The template is made
 * once per set of migrations and PGlite version (its folder is named by their hash), shared by every process
 * of a run and kept for the next: made in a folder of its own, then renamed into place, so a process never
 * sees half of one, and two processes that make it at once keep the first.
 */
export async function copyPgliteTemplate(target: string): Promise<void> {
  const template = await pgliteTemplate();
  cpSync(template, target, { recursive: true });
}

let made: Promise<string> | undefined;

function pgliteTemplate(): Promise<string> {
  made ??= (async () => {
    const dir = path.join(tmpdir(), `svc-pglite-template-${fingerprint()}`);
    if (existsSync(path.join(dir, 'PG_VERSION'))) return dir;
    const work = mkdtempSync(`${dir}-making-`);
    const database = await openDatabase({ dataDir: work, migrate: true });
    await database.close();
    rmSync(path.join(work, 'run'), { recursive: true, force: true });
    try {
      renameSync(work, dir);
    } catch {
      rmSync(work, { recursive: true, force: true }); // another process made it first: theirs is the same
    }
    return dir;
  })();
  return made;
}

/** The migrations' files and PGlite's version: what the template's contents follow from. */
function fingerprint(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrations, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(migrations, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(full));
  }
  hash.update(readFileSync(path.join(apiDir, 'node_modules/@electric-sql/pglite/package.json')));
  return hash.digest('hex').slice(0, 16);
}
