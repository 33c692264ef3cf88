import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client';
import { listCompanies } from '../../src/db/repositories/catalog';
import { seedDemo } from '../../src/use-cases/company/seed-demo';
import { copyPgliteTemplate } from '../support/pglite-template';

const run = promisify(execFile);
/**
 * The operator's CLI as a process of its own, its build (dist/cli.js, as the browser suite and the soak run
 * it; `npm test` builds it first): tsx compiled the CLI's source again on every call, 10 s and more each
 * while the other lanes ran.
 */
const cli = (dataDir: string, ...args: string[]) => {
  if (!existsSync('dist/cli.js')) throw new Error('dist/cli.js is missing: build the API first (npm test does)');
  return run(process.execPath, ['dist/cli.js', ...args, '--json'], {
    env: { ...process.env, DATABASE_URL: '', SVC_DATA_DIR: dataDir },
  });
};
const ownerOf = (dataDir: string) => JSON.parse(readFileSync(path.join(dataDir, 'pglite/run/owner.json'), 'utf8'));

/** One embedded database, several processes: the server owns the folder, the CLI goes through it. */
describe('the embedded database shared between the server and the CLI', () => {
  let dataDir: string;
  let server: Database;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'svc-owner-'));
    process.env.SVC_DATA_DIR = dataDir;
    // A copy of the migrated template (PGlite's initdb costs seconds of CPU); opening it migrates, as the server's start does.
    await copyPgliteTemplate(path.join(dataDir, 'pglite'));
    const first = await openDatabase({ dataDir: path.join(dataDir, 'pglite'), migrate: true });
    await seedDemo(first, new Date());
    await first.close();
    // Closing released the claim, and only that.
    expect(() => ownerOf(dataDir)).toThrow();
    server = await openDatabase({ dataDir: path.join(dataDir, 'pglite'), migrate: true, share: true });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    delete process.env.SVC_DATA_DIR;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('claims the folder with its process id and announces its socket', () => {
    expect(ownerOf(dataDir)).toEqual({ pid: process.pid, socket: true });
  });

  it('the CLI reaches it through the socket while it runs, writes included, and leaves the claim alone', async () => {
    const { stdout } = await cli(dataDir, 'booking', 'off', 'demo');
    expect(JSON.parse(stdout)).toMatchObject({ slug: 'demo' });
    const [demo] = await listCompanies(server.db);
    expect(demo?.bookingOnline).toBe(false);
    await cli(dataDir, 'booking', 'on', 'demo');
    expect((await listCompanies(server.db))[0]?.bookingOnline).toBe(true);
    expect(ownerOf(dataDir)).toEqual({ pid: process.pid, socket: true });
  }, 60_000);

  it('a refused command prints its reason as JSON and exits 1; an unknown one says where the help is', async () => {
    const refused = await cli(dataDir, 'booking', 'off', 'nobody').catch(
      (err: { code: number; stdout: string }) => err,
    );
    expect((refused as { code: number }).code).toBe(1);
    expect(JSON.parse((refused as { stdout: string }).stdout)).toEqual({
      error: { message: 'no company with slug "nobody"' },
    });
    const unknown = await cli(dataDir, 'nonsense').catch((err: { code: number; stderr: string }) => err);
    expect((unknown as { code: number }).code).toBe(1);
    expect((unknown as { stderr: string }).stderr).toMatch(
      /svc: unknown command "nonsense"; see npm run svc -- --help/,
    );
  }, 60_000);

  it('a claim left by a process that died is cleared by the next one', async () => {
    const other = mkdtempSync(path.join(tmpdir(), 'svc-stale-'));
    try {
      await copyPgliteTemplate(other);
      const first = await openDatabase({ dataDir: other, migrate: true });
      await first.close();
      writeFileSync(path.join(other, 'run/owner.json'), JSON.stringify({ pid: 2 ** 22 + 17, socket: true }));
      const next = await openDatabase({ dataDir: other, migrate: true });
      expect(next.where).toBe(other); // opened directly, not through a socket that is gone
      await next.close();
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  }, 60_000);
});
