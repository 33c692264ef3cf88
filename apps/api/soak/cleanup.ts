// The soak's cleanup: the steps that end every process it started and drop its cluster and folder whatever
// happens (a failed check, an exception, Ctrl-C), the state file through which the next run ends what a soak
// killed outright left behind, and the run's temporary folder.
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// ---- cleanup -------------------------------------------------------------------------------------------

/** Synchronous steps, newest first: they also run from process.on('exit') and the signal handlers. */
const cleanups: { name: string; fn: () => void }[] = [];
let cleaned = false;

export function onCleanup(name: string, fn: () => void) {
  cleanups.unshift({ name, fn });
}

export function cleanupNow() {
  if (cleaned) return;
  cleaned = true;
  for (const { name, fn } of cleanups) {
    try {
      fn();
    } catch (err) {
      console.error(`cleanup: ${name}: ${(err as Error).message}`);
    }
  }
}

/**
 * What this run started, written down as it goes (`<tmp>/svc-soak-<pid>.state`): a soak killed outright
 * (SIGKILL, no handler runs) leaves its processes and folder to the next run, which ends and removes them.
 */
const stateFile = path.join(os.tmpdir(), `svc-soak-${process.pid}.state`);
onCleanup('state file', () => rmSync(stateFile, { force: true }));

export function remember(entry: { pid: number; command: string } | { dir: string }) {
  appendFileSync(stateFile, `${JSON.stringify(entry)}\n`);
}

/** Ends the processes and removes the folders of soaks that were killed before they could clean up. */
export function cleanStaleRuns() {
  for (const name of readdirSync(os.tmpdir())) {
    const owner = Number(name.match(/^svc-soak-(\d+)\.state$/)?.[1]);
    if (!owner || owner === process.pid || pidAlive(owner)) continue;
    const file = path.join(os.tmpdir(), name);
    for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
      const entry = JSON.parse(line) as { pid?: number; command?: string; dir?: string };
      if (entry.dir) removeDir(entry.dir);
      // Only a process still running what we started (a pid may have been reused since).
      if (entry.pid && pidAlive(entry.pid) && commandOf(entry.pid).includes(entry.command ?? '\0')) {
        console.log(`ending pid ${entry.pid} (${entry.command}) that a killed soak left running`);
        try {
          process.kill(-entry.pid, 'SIGKILL');
        } catch {}
      }
    }
    rmSync(file, { force: true });
  }
}

function commandOf(pid: number) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/** Ctrl-C, a TERM from CI, an uncaught error: everything we started goes, then the process ends. */
export function installCleanupHandlers() {
  process.on('exit', cleanupNow);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      console.error(`\n${signal}: stopping every process of the soak and dropping its cluster`);
      cleanupNow();
      process.exit(130);
    });
  }
}

/**
 * The run's temporary folder (the logs, the data folder, nginx's), removed at the end; when `keepLogs()` says
 * so, the logs (nginx's too) are copied out first and their place printed.
 */
export function makeRunDir(keepLogs: () => boolean) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-soak-'));
  remember({ dir });
  const logsDir = path.join(dir, 'logs');
  mkdirSync(logsDir);
  mkdirSync(path.join(dir, 'data'));
  mkdirSync(path.join(dir, 'nginx'));
  onCleanup(`temporary folder ${dir}`, () => {
    if (keepLogs()) {
      const kept = path.join(os.tmpdir(), `svc-soak-logs-${new Date().toISOString().replace(/[:.]/g, '-')}`);
      cpSync(logsDir, kept, { recursive: true });
      const nginxDir = path.join(dir, 'nginx');
      for (const f of ['access.json', 'error.log', 'nginx.conf']) {
        if (existsSync(path.join(nginxDir, f))) cpSync(path.join(nginxDir, f), path.join(kept, `nginx-${f}`));
      }
      console.log(`logs kept in ${kept}`);
    }
    removeDir(dir);
  });
  return { dir, logsDir };
}

export function pidAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function removeDir(dir: string) {
  // A process killed a moment ago may still be closing a file in it.
  rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
}
