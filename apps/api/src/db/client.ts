import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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
import { shareForSocket } from './pglite-share';
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
  const db = drizzlePg(pool, { schema }) as unknown as Db;
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

type Owner = { pid: number; socket: boolean };
const SOCKET_PORT = 5432;
const OWNER_WAIT_MS = 60_000;

/** The URL of a PGlite folder's socket, served by the process that owns the folder (`share: true`). */
export function pgliteSocketUrl(dataDir: string): string {
  const runDir = path.join(dataDir, 'run');
  return `postgres://postgres@localhost/postgres?host=${encodeURIComponent(runDir)}&port=${SOCKET_PORT}`;
}

function ownerFile(dataDir: string) {
  return path.join(dataDir, 'run', 'owner.json');
}

function readOwner(dataDir: string): Owner | 'unreadable' | null {
  let text: string;
  try {
    text = readFileSync(ownerFile(dataDir), 'utf8');
  } catch {
    return null;
  }
  try {
    return JSON.parse(text) as Owner;
  } catch {
    return 'unreadable'; // being written this very moment
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Claims the folder for this process, atomically (an exclusive create of run/owner.json), or returns the
 * live process that has it. A stale claim (its process is gone) is cleared. Checking and then opening
 * would let two processes open one folder at once, which PGlite does not survive.
 */
async function claimFolder(dataDir: string): Promise<Owner | null> {
  mkdirSync(path.join(dataDir, 'run'), { recursive: true });
  for (;;) {
    try {
      writeFileSync(ownerFile(dataDir), JSON.stringify({ pid: process.pid, socket: false }), { flag: 'wx' });
      return null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const owner = readOwner(dataDir);
    if (owner === 'unreadable') {
      await sleep(20);
    } else if (owner && owner.pid !== process.pid && alive(owner.pid)) {
      return owner;
    } else {
      rmSync(ownerFile(dataDir), { force: true });
    }
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * PGlite is one process's database. The first process to claim a folder owns it; while a server owns it,
 * other processes (the CLI) reach it through the server's Unix socket with the ordinary pg driver. A
 * process that finds the folder claimed without a socket (a server still starting, another CLI command)
 * waits for it.
 */
async function openPglite(dataDir: string, options: OpenOptions): Promise<Database> {
  const runDir = path.join(dataDir, 'run');
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
    return await openOwnedPglite(dataDir, runDir, options);
  } catch (err) {
    releaseFolder(dataDir);
    throw err;
  }
}

/** Removes this process's claim, and only its own: never another process's. */
function releaseFolder(dataDir: string) {
  const owner = readOwner(dataDir);
  if (owner && owner !== 'unreadable' && owner.pid === process.pid) rmSync(ownerFile(dataDir), { force: true });
}

async function openOwnedPglite(dataDir: string, runDir: string, options: OpenOptions): Promise<Database> {
  // pg_trgm: the office's search indexes (drizzle/0010_office.sql).
  const pglite = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata'), extensions: { pg_trgm } });
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  if (options.migrate ?? true) await migratePglite(drizzlePglite(pglite), { migrationsFolder: migrationsDir() });

  let socketServer: PGLiteSocketServer | undefined;
  const socketListeners = new Set<() => void>();
  if (options.share) {
    const socketPath = path.join(runDir, `.s.PGSQL.${SOCKET_PORT}`);
    if (existsSync(socketPath)) rmSync(socketPath);
    socketServer = new PGLiteSocketServer({
      db: shareForSocket(pglite, () => {
        for (const listener of socketListeners) listener();
      }),
      path: socketPath,
      maxConnections: 8,
    });
    await socketServer.start();
    // Announce the socket (write and rename, so a reader never sees half a file).
    const next = `${ownerFile(dataDir)}.${process.pid}`;
    writeFileSync(next, JSON.stringify({ pid: process.pid, socket: true }));
    renameSync(next, ownerFile(dataDir));
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
