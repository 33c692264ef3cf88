import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/db/client';
import { copyPgliteTemplate } from './pglite-template';

export type Driver = 'pglite' | 'postgres';

/** Where a test database lives: what a server or the CLI needs in its environment to open it. */
export type DatabaseLocation = { driver: Driver; env: Record<string, string>; dispose(): Promise<void> };

/** The drivers this run covers: PGlite always; PostgreSQL when TEST_DATABASE_URL is set (CI sets it). */
export function drivers(): Driver[] {
  if (process.env.TEST_DATABASE_URL) return ['pglite', 'postgres'];
  if (process.env.CI) throw new Error('CI must run the suite on PostgreSQL too: set TEST_DATABASE_URL');
  console.warn('TEST_DATABASE_URL is not set: the PostgreSQL half of the suite is skipped (CI always runs it).');
  return ['pglite'];
}

/** A fresh, migrated database of one driver: a PGlite folder (a copy of the template), or a new PostgreSQL database. */
export async function createLocation(driver: Driver, label: string): Promise<DatabaseLocation> {
  if (driver === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), `svc-${label}-`));
    await copyPgliteTemplate(path.join(dir, 'pglite'));
    return { driver, env: { SVC_DATA_DIR: dir }, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const admin = process.env.TEST_DATABASE_URL as string;
  const name = `svc_${label.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
  await withClient(admin, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  // Its own data folder too (junk photos, local files), never the repository's .data/.
  const dir = mkdtempSync(path.join(tmpdir(), `svc-${label}-`));
  return {
    driver,
    env: { DATABASE_URL: url.toString(), SVC_DATA_DIR: dir },
    dispose: async () => {
      await withClient(admin, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Opens a location in this process, migrated. */
export function open(location: DatabaseLocation): Promise<Database> {
  return openDatabase({
    url: location.env.DATABASE_URL,
    dataDir: location.env.SVC_DATA_DIR && path.join(location.env.SVC_DATA_DIR, 'pglite'),
    migrate: true,
  });
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
