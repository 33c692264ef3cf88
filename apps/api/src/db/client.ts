import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { log } from '../lib/log';
import { migrationsDir } from '../lib/paths';
import { announceSocket, claimFolder, pgliteSocketPath, pgliteSocketUrl, releaseFolder } from './pglite-folder';
import { shareForSocket } from './pglite-share';
import { retryingRead } from './read-retry';
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
  /** PostgreSQL's connection pool now (PGlite has none): the metrics read it when scraped. */
  pool?: () => { total: number; idle: number; waiting: number };
  listen(channel: string, onPayload: (payload: string) => void): Promise<void>;
  notify(channel: string, payload: string): Promise<void>;
  /**
   * PGlite shared with the CLI: calls `listener` after each statement another process ran through the
   * socket, whose NOTIFYs this process never hears (db/pglite-share.ts); it may have changed anything.
   * PostgreSQL: never (its notifications reach every listener). Returns the way to stop.
   */
  afterSocketStatement(listener: () => void): () => void;
  close(): Promise<void>;
};

export type OpenOptions = {
  /** PostgreSQL URL; when absent, PGlite in dataDir. */
  url?: string;
  /** PostgreSQL connections in the pool (10 unless told: DATABASE_POOL_MAX). */
  poolMax?: number;
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
  if (options.url) return openPostgres(options.url, { migrate: options.migrate ?? true, poolMax: options.poolMax });
  if (!options.dataDir) throw new Error('openDatabase needs a url or a dataDir');
  return openPglite(options.dataDir, options);
}

async function openPostgres(
  url: string,
  { migrate, where, poolMax = 10 }: { migrate: boolean; where?: string; poolMax?: number },
): Promise<Database> {
  // A connection (or a turn for one) is waited for 10 s at most: a database that went away answers errors,
  // not requests that hang until the client gives up.
  const pool = new pg.Pool({ connectionString: url, max: poolMax, connectionTimeoutMillis: 10_000 });
  // An idle client whose server went away (a restart, a failover) reports here; the pool replaces it on
  // the next query. Without a listener, node would end the process.
  pool.on('error', (err) => log().warn({ err }, 'postgres: idle connection lost'));
  // A connection checked out between two statements (a transaction waiting on its code) that the server drops
  // reports on the client itself: without a listener there, the process would end (found by the soak,
  // restarting PostgreSQL). The transaction's next statement fails; the pool replaces the connection.
  pool.on('connect', (client) => {
    client.on('error', (err) => log().warn({ err }, 'postgres: connection lost'));
  });
  const db = retryReadsOn(pool, drizzlePg(pool, { schema }) as unknown as Db);
  if (migrate) await migrateOnce(url);

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
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async listen(channel, onPayload) {
      handlers.set(channel, onPayload);
      if (listener) await listener.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      else await connectListener();
    },
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    afterSocketStatement: () => () => {},
    async close() {
      closed = true;
      clearTimeout(retry);
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}

/**
 * A statement on the pool and a transaction, run inside an idempotent read (a GET), are run again after a
 * lost connection (db/read-retry.ts); a statement inside a transaction is not: the transaction is, whole.
 */
function retryReadsOn(pool: pg.Pool, db: Db): Db {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) =>
    typeof args.at(-1) === 'function' ? query(...args) : retryingRead(async () => query(...args))) as never;
  const transaction = db.transaction.bind(db);
  db.transaction = ((run, config) => retryingRead(() => transaction(run, config))) as Db['transaction'];
  return db;
}

/**
 * Applies the migrations under a PostgreSQL advisory lock: instances started together (a deploy) take turns,
 * the first applies them and the others find nothing left to do (docs/deploy.md, "Migrations").
 */
async function migrateOnce(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('svc_migrations'))`);
    await migratePg(drizzlePg(client), { migrationsFolder: migrationsDir() });
  } finally {
    await client.end().catch(() => {});
  }
}

/** How long a process waits for a folder another process holds without serving it (a server starting). */
const OWNER_WAIT_MS = 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * PGlite is one process's database. The first process to claim a folder owns it; while a server owns it,
 * other processes (the CLI) reach it through the server's Unix socket with the ordinary pg driver. A
 * process that finds the folder claimed without a socket (a server still starting, another CLI command)
 * waits for it.
 */
async function openPglite(dataDir: string, options: OpenOptions): Promise<Database> {
  const deadline = Date.now() + OWNER_WAIT_MS;
  for (;;) {
    const owner = await claimFolder(dataDir);
    if (!owner) break;
    if (owner.socket) {
      return openPostgres(pgliteSocketUrl(dataDir), {
        migrate: false,
        where: `${dataDir} (through the running server, pid ${owner.pid})`,
      });
    }
    if (Date.now() > deadline) throw new Error(`${dataDir} is in use by process ${owner.pid}; wait for it to finish`);
    await sleep(100);
  }
  try {
    return await openOwnedPglite(dataDir, options);
  } catch (err) {
    releaseFolder(dataDir);
    throw err;
  }
}

async function openOwnedPglite(dataDir: string, options: OpenOptions): Promise<Database> {
  // pg_trgm: the office's search indexes (drizzle/0010_office.sql).
  const pglite = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata'), extensions: { pg_trgm } });
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  if (options.migrate ?? true) await migratePglite(drizzlePglite(pglite), { migrationsFolder: migrationsDir() });

  let socketServer: PGLiteSocketServer | undefined;
  const socketListeners = new Set<() => void>();
  if (options.share) {
    const socketPath = pgliteSocketPath(dataDir);
    if (existsSync(socketPath)) rmSync(socketPath);
    socketServer = new PGLiteSocketServer({
      db: shareForSocket(pglite, () => {
        for (const listener of socketListeners) listener();
      }),
      path: socketPath,
      maxConnections: 8,
    });
    await socketServer.start();
    announceSocket(dataDir);
  }
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
    afterSocketStatement(listener) {
      socketListeners.add(listener);
      return () => socketListeners.delete(listener);
    },
    async close() {
      for (const stop of unlisten) await stop();
      await socketServer?.stop();
      await pglite.close();
      releaseFolder(dataDir);
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
