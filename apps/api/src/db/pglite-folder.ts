import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Who owns a PGlite folder (db/client.ts, openPglite): the process that claimed it in run/owner.json, and
 * once it serves the folder's Unix socket, that socket, through which other processes (the CLI) reach it.
 */

/** The process that owns a PGlite folder, and whether it serves the folder's socket yet. */
export type Owner = { pid: number; socket: boolean };
const SOCKET_PORT = 5432;

/** The URL of a PGlite folder's socket, served by the process that owns the folder (`share: true`). */
export function pgliteSocketUrl(dataDir: string): string {
  const runDir = path.join(dataDir, 'run');
  return `postgres://postgres@localhost/postgres?host=${encodeURIComponent(runDir)}&port=${SOCKET_PORT}`;
}

/** Where the owner of a PGlite folder serves its socket (the file the URL above names). */
export function pgliteSocketPath(dataDir: string): string {
  return path.join(dataDir, 'run', `.s.PGSQL.${SOCKET_PORT}`);
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
export async function claimFolder(dataDir: string): Promise<Owner | null> {
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

/** Says that this process now serves the folder's socket (written and renamed: a reader never sees half a file). */
export function announceSocket(dataDir: string) {
  const next = `${ownerFile(dataDir)}.${process.pid}`;
  writeFileSync(next, JSON.stringify({ pid: process.pid, socket: true }));
  renameSync(next, ownerFile(dataDir));
}

/** Removes this process's claim, and only its own: never another process's. */
export function releaseFolder(dataDir: string) {
  const owner = readOwner(dataDir);
  if (owner && owner !== 'unreadable' && owner.pid === process.pid) rmSync(ownerFile(dataDir), { force: true });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
