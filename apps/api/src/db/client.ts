import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsDir } from '../lib/paths';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or an open transaction: repositories accept either. */
export type Queryable = Db | Tx;

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Where it lives, for logs (no credentials). */
  where: string;
  listen(channel: string, onPayload: (payload: string) => void): Promise<void>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
};

export type OpenOptions = {
  /** PostgreSQL URL; when absent, PGlite in dataDir. */
  url?: string;
  /** PGlite folder (ignored with url). */
  dataDir?: string;
  /** Apply migrations before returning (the server and the CLI do). */
  migrate?: boolean;
  /**
   * Serve this PGlite database to other local processes (the CLI while the platform runs) over a Unix
   * socket in <dataDir>/run. Only the long-running server sets it.
   */
  share?: boolean;
};

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.migrate ?? true);
  if (!options.dataDir) throw new Error('openDatabase needs a url or a dataDir');
  return openPglite(options.dataDir, options);
}

async function openPostgres(url: string, migrate: boolean, where?: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client whose server went away (a restart, a failover) reports here; the pool replaces it on
  // the next query. Without a listener, node would end the process.
  pool.on('error', (err) => console.warn(`postgres: idle connection lost (${err.message})`));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  if (migrate) await migratePg(drizzlePg(pool), { migrationsFolder: migrationsDir() });

  // One dedicated connection LISTENs. When it drops, it reconnects, and every handler is called once so
  // that caches are dropped: notifications sent meanwhile were lost.
  const handlers = new Map<string, (payload: string) => void>();
  let listener: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  async function connectListener(): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (msg) => handlers.get(msg.channel)?.(msg.payload ?? ''));
    client.on('error', () => {
      if (listener !== client || closed) return;
      listener = undefined;
      void client.end().catch(() => {});
      retry = setTimeout(() => void reconnect(), 1000);
      retry.unref();
    });
    await client.connect();
    for (const channel of handlers.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    listener = client;
  }
  async function reconnect(): Promise<void> {
    if (closed) return;
    try {
      await connectListener();
      for (const handler of handlers.values()) handler('');
    } catch {
      retry = setTimeout(() => void reconnect(), 1000);
      retry.unref();
    }
  }
  return {
    db,
    driver: 'postgres',
    where: where ?? redact(url),
    async listen(channel, onPayload) {
      handlers.set(channel, onPayload);
      if (listener) await listener.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      else await connectListener();
    },
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}

type Owner = { pid: number; socket: boolean };
const SOCKET_PORT = 5432;

function ownerFile(dataDir: string) {
  return path.join(dataDir, 'run', 'owner.json');
}

function readLiveOwner(dataDir: string): Owner | null {
  try {
    const owner = JSON.parse(readFileSync(ownerFile(dataDir), 'utf8')) as Owner;
    process.kill(owner.pid, 0);
    return owner.pid === process.pid ? null : owner;
  } catch {
    return null;
  }
}

/**
 * PGlite is one process's database. The first process to open a folder owns it; while a server owns it,
 * other processes (the CLI) reach it through the server's Unix socket with the ordinary pg driver.
 */
async function openPglite(dataDir: string, options: OpenOptions): Promise<Database> {
  const runDir = path.join(dataDir, 'run');
  const owner = readLiveOwner(dataDir);
  if (owner?.socket) {
    const url = `postgres://postgres@localhost/postgres?host=${encodeURIComponent(runDir)}&port=${SOCKET_PORT}`;
    return openPostgres(url, false, `${dataDir} (through the running server, pid ${owner.pid})`);
  }
  if (owner) throw new Error(`${dataDir} is in use by process ${owner.pid}; wait for it to finish`);

  mkdirSync(runDir, { recursive: true });
  const pglite = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata') });
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  if (options.migrate ?? true) await migratePglite(drizzlePglite(pglite), { migrationsFolder: migrationsDir() });

  let socketServer: PGLiteSocketServer | undefined;
  if (options.share) {
    const socketPath = path.join(runDir, `.s.PGSQL.${SOCKET_PORT}`);
    if (existsSync(socketPath)) rmSync(socketPath);
    socketServer = new PGLiteSocketServer({ db: pglite, path: socketPath, maxConnections: 8 });
    await socketServer.start();
  }
  writeFileSync(ownerFile(dataDir), JSON.stringify({ pid: process.pid, socket: Boolean(socketServer) }));
  const unlisten: Array<() => Promise<void>> = [];
  return {
    db,
    driver: 'pglite',
    where: dataDir,
    async listen(channel, onPayload) {
      unlisten.push(await pglite.listen(channel, onPayload));
    },
    async notify(channel, payload) {
      await pglite.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      for (const stop of unlisten) await stop();
      await socketServer?.stop();
      rmSync(ownerFile(dataDir), { force: true });
      await pglite.close();
    },
  };
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres';
  }
}
