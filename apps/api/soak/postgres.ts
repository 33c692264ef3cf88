// PostgreSQL: the soak's own cluster on a free port, made and dropped by the run, restarted by a fault.
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { onCleanup, pidAlive } from './cleanup';
import { commandExists, sleep } from './stack';

const run = promisify(execFile);
export const PG_VERSION = '15';

// ---- PostgreSQL ------------------------------------------------------------------------------------------

/**
 * A cluster of our own (Debian's pg_createcluster: run as root, it makes the data folder the postgres user's
 * and starts the server as that user), trust authentication on loopback, dropped at the end. Its name
 * carries our pid, so a run that was killed outright leaves a cluster the next run recognizes and drops.
 */
export class PgCluster {
  readonly name = `soak-${process.pid}-${randomBytes(3).toString('hex')}`;
  constructor(readonly port: number) {}

  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/svc_soak`;
  }

  static dropStale() {
    let listing = '';
    try {
      listing = execFileSync('pg_lsclusters', ['-h'], { encoding: 'utf8' });
    } catch {
      return;
    }
    for (const line of listing.split('\n')) {
      const [version, name] = line.trim().split(/\s+/);
      const pid = Number(name?.match(/^soak-(\d+)-[0-9a-f]+$/)?.[1]);
      if (!version || !name || !pid || pidAlive(pid)) continue;
      console.log(`dropping the cluster ${version}/${name} a killed soak left behind`);
      try {
        execFileSync('pg_dropcluster', ['--stop', version, name], { stdio: 'ignore' });
      } catch {}
    }
  }

  async create() {
    for (const tool of ['pg_createcluster', 'pg_ctlcluster', 'pg_dropcluster']) {
      if (!commandExists(tool)) {
        throw new Error(`${tool} is missing: the soak needs Debian's postgresql-common and PostgreSQL ${PG_VERSION}`);
      }
    }
    onCleanup(`PostgreSQL cluster ${PG_VERSION}/${this.name}`, () => {
      execFileSync('pg_dropcluster', ['--stop', PG_VERSION, this.name], { stdio: 'ignore' });
    });
    await run('pg_createcluster', [
      PG_VERSION,
      this.name,
      '-p',
      String(this.port),
      '--start-conf=manual',
      // A soak's database: nothing to keep past the run. Fewer fsyncs leave the shared cores to the load.
      '-o',
      'synchronous_commit=off',
      '-o',
      'max_connections=200',
      '--',
      '--auth=trust',
    ]);
    await run('pg_ctlcluster', [PG_VERSION, this.name, 'start']);
    await run('psql', [
      '-h',
      '127.0.0.1',
      '-p',
      String(this.port),
      '-U',
      'postgres',
      '-qc',
      'create database svc_soak',
    ]);
  }

  /** The server's version, as `show server_version` says it. */
  async serverVersion() {
    return (
      await run('psql', ['-h', '127.0.0.1', '-p', String(this.port), '-U', 'postgres', '-Atc', 'show server_version'])
    ).stdout.trim();
  }

  /** A fast shutdown (every connection cut, new ones refused), `downMs` without a database, a start. */
  async restart(downMs: number) {
    await run('pg_ctlcluster', [PG_VERSION, this.name, 'stop', '-m', 'fast']);
    await sleep(downMs);
    await run('pg_ctlcluster', [PG_VERSION, this.name, 'start']);
  }
}
