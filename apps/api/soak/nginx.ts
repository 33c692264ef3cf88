// nginx in front of the instances: installed when missing, configured from soak/nginx.conf.template, its JSON
// access log read by the checks.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEPLOY } from './api-instances';
import { Proc, sleep, until } from './stack';

// ---- nginx -----------------------------------------------------------------------------------------------

export const NGINX = '/usr/sbin/nginx';

/** Debian's nginx, installed the way .ci/run installs Chromium when it is missing. */
export function ensureNginx() {
  if (existsSync(NGINX)) return;
  if (process.getuid?.() !== 0) throw new Error(`${NGINX} is missing: apt-get install nginx (the soak needs it)`);
  console.log('nginx is missing: installing it (apt-get install nginx)');
  execFileSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx'], {
    stdio: 'inherit',
  });
}

export class Nginx {
  proc: Proc | undefined;
  readonly accessLog: string;
  readonly configFile: string;

  constructor(
    readonly port: number,
    readonly dir: string,
    readonly upstreams: number[],
    template: string,
  ) {
    this.accessLog = path.join(dir, 'access.json');
    this.configFile = path.join(dir, 'nginx.conf');
    for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
      mkdirSync(path.join(dir, 'tmp', sub), { recursive: true, mode: 0o777 });
    }
    // nginx's workers run as nobody: its temporary files (a junk photo's body) need a folder they can write.
    execFileSync('chmod', ['-R', '0777', path.join(dir, 'tmp')]);
    const config = template
      .replaceAll('{{DIR}}', dir)
      .replaceAll('{{LISTEN}}', `127.0.0.1:${port}`)
      .replaceAll('{{SERVER_NAME}}', '127.0.0.1')
      .replaceAll('{{ACCESS_LOG}}', this.accessLog)
      .replaceAll(
        '{{UPSTREAM_SERVERS}}',
        upstreams
          .map((p) => `        server 127.0.0.1:${p} max_fails=1 fail_timeout=${DEPLOY.failTimeoutMs / 1000}s;`)
          .join('\n'),
      );
    writeFileSync(this.configFile, config);
  }

  get base() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start() {
    execFileSync(NGINX, ['-t', '-q', '-p', this.dir, '-c', this.configFile, '-g', 'daemon off;'], { stdio: 'inherit' });
    this.proc = new Proc(`nginx :${this.port}`, NGINX, ['-p', this.dir, '-c', this.configFile, '-g', 'daemon off;'], {
      cwd: this.dir,
      logFile: path.join(this.dir, 'nginx.out'),
    });
    await until('nginx', 15_000, async () => {
      const res = await fetch(`${this.base}/healthz`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      return res.status === 200 ? true : undefined;
    });
  }

  async stop() {
    // SIGQUIT: a graceful stop; the access log is complete once the master exits.
    if (this.proc?.running) this.proc.signal('SIGQUIT');
    await Promise.race([this.proc?.exited, sleep(5000)]);
    this.proc?.killGroup('SIGKILL');
  }

  accessLines(): NginxLine[] {
    if (!existsSync(this.accessLog)) return [];
    return readFileSync(this.accessLog, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as NginxLine);
  }
}

export type NginxLine = {
  time: string;
  msec: number;
  request_id: string;
  status: number;
  method: string;
  upstream: string;
  upstream_status: string;
  request_time: number;
  upstream_response_time: string;
};
