// docs/deploy.md as a script reads it: the blocks marked `<!-- deploy-check: name -->` (an HTML comment on the
// line before a fenced block), env files and systemd units parsed, and the nginx files rendered for a run on
// loopback: the documented addresses replaced by ours, the logs, snippets and certificates in a folder of ours.
// What is replaced is said here, once; everything else runs as the page says (deploy-check.ts).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type DocBlock = { name: string; text: string /** The path its first line names (`# /etc/…`). */; file?: string };

export function deployBlocks(file: string): Map<string, DocBlock> {
  const md = readFileSync(file, 'utf8');
  const blocks = new Map<string, DocBlock>();
  for (const m of md.matchAll(/<!-- deploy-check: ([\w-]+) -->\n```[^\n]*\n([\s\S]*?)\n```/g)) {
    const [, name, text] = m as unknown as [string, string, string];
    blocks.set(name, { name, text, file: text.match(/^# (\/[^\s:]+)/)?.[1] });
  }
  return blocks;
}

export function block(blocks: Map<string, DocBlock>, name: string): DocBlock {
  const found = blocks.get(name);
  if (!found) throw new Error(`docs/deploy.md has no block marked <!-- deploy-check: ${name} -->`);
  return found;
}

/** Every pair replaced, longest first (10.0.0.11:3100 before 10.0.0.11). */
export function substitute(text: string, pairs: [string, string][]) {
  let out = text;
  for (const [from, to] of [...pairs].sort((a, b) => b[0].length - a[0].length)) out = out.replaceAll(from, to);
  return out;
}

/** The KEY=value lines of an env file (systemd's EnvironmentFile), comments and blank lines left out. */
export function parseEnvFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const m = line.match(/^([A-Z_][A-Z0-9_]*)=(.*)$/);
    if (m) env[m[1] as string] = (m[2] as string).trim();
  }
  return env;
}

export type Unit = { workingDirectory: string; environmentFiles: string[]; execStart: string[] };

/** The [Service] lines a start needs from a systemd unit: where, which env files, which command. */
export function parseUnit(text: string, instance = '1'): Unit {
  const values = (key: string) =>
    [...text.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((m) => (m[1] as string).replaceAll('%i', instance));
  const [workingDirectory] = values('WorkingDirectory');
  const [execStart] = values('ExecStart');
  if (!workingDirectory || !execStart) throw new Error('a unit without WorkingDirectory or ExecStart');
  return { workingDirectory, environmentFiles: values('EnvironmentFile'), execStart: execStart.split(/\s+/) };
}

export type Loopback = {
  /** Each upstream's servers here (`svc_api` → ['127.0.0.11:41234', …]): they replace the page's list. */
  upstreams: Record<string, string[]>;
  /** Each server block's address, by its server_name (`_` the redirect; `internal` the one without a name). */
  listen: Record<string, string>;
  /** Where the access logs go (the page's /var/log/nginx/). */
  logDir: string;
  /** The folder holding snippets/ (the page's /etc/nginx/). */
  confDir: string;
  cert: { crt: string; key: string };
  /** Other addresses the page names (the internal listener's allowed network). */
  pairs: [string, string][];
};

/** An nginx file of the page, as it runs on loopback. */
export function renderNginx(text: string, lb: Loopback): string {
  const lines = text.split('\n');
  const out: string[] = [];
  let upstream: string | undefined;
  let upstreamParams = '';
  let server: string[] | undefined;
  for (const line of lines) {
    const up = line.match(/^upstream (\w+) \{/);
    if (up) upstream = up[1];
    if (upstream) {
      const s = line.match(/^(\s*)server \S+(.*);/);
      if (s) {
        if (!upstreamParams) {
          upstreamParams = s[2] as string;
          for (const addr of lb.upstreams[upstream] ?? ['127.0.0.1:9'])
            out.push(`${s[1]}server ${addr}${upstreamParams};`);
        }
        continue;
      }
      if (line === '}') {
        upstream = undefined;
        upstreamParams = '';
      }
      out.push(line);
      continue;
    }
    // A server block: held until its end, when its server_name says where it listens.
    if (/^server \{/.test(line)) server = [];
    if (server) {
      server.push(line);
      if (line === '}') {
        const name = server.join('\n').match(/server_name (\S+);/)?.[1] ?? 'internal';
        const address = lb.listen[name];
        if (!address) throw new Error(`no loopback address for the server block "${name}"`);
        out.push(...server.map((l) => l.replace(/listen \S+((?: ssl| default_server)*);/, `listen ${address}$1;`)));
        server = undefined;
      }
      continue;
    }
    out.push(line);
  }
  return substitute(out.join('\n'), [
    ['/var/log/nginx/', `${lb.logDir}/`],
    ['include snippets/', `include ${lb.confDir}/snippets/`],
    ...lb.pairs,
  ])
    .replace(/\/etc\/letsencrypt\/live\/[^/]+\/fullchain\.pem/g, lb.cert.crt)
    .replace(/\/etc\/letsencrypt\/live\/[^/]+\/privkey\.pem/g, lb.cert.key);
}

/** The nginx.conf around the page's files (Debian's includes conf.d/*.conf inside `http`): ours, in a folder. */
export function nginxMain(dir: string, files: string[]) {
  return `worker_processes 2;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
    client_body_temp_path ${dir}/tmp/client_body;
    proxy_temp_path ${dir}/tmp/proxy;
    fastcgi_temp_path ${dir}/tmp/fastcgi;
    uwsgi_temp_path ${dir}/tmp/uwsgi;
    scgi_temp_path ${dir}/tmp/scgi;
${files.join('\n')}
}
`;
}

/**
 * What the page's rolling restart waits for, as the soak follows it: the instances' drain (api-env's
 * SVC_DRAIN_MS) and nginx's fail_timeout (the rolling-restart block's FAIL_TIMEOUT, in seconds).
 */
export function documentedRestart(repoRoot: string) {
  const blocks = deployBlocks(path.join(repoRoot, 'docs/deploy.md'));
  const drainMs = Number(parseEnvFile(block(blocks, 'api-env').text).SVC_DRAIN_MS);
  const failTimeout = Number(block(blocks, 'rolling-restart').text.match(/^FAIL_TIMEOUT=(\d+)/m)?.[1]);
  if (!Number.isFinite(drainMs) || !failTimeout) throw new Error('docs/deploy.md: no SVC_DRAIN_MS or FAIL_TIMEOUT');
  return { drainMs, failTimeoutMs: failTimeout * 1000 };
}

/** nginx's folder for a run: temporary files its workers (nobody) can write, a self-signed certificate. */
export function prepareNginxDir(dir: string) {
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(path.join(dir, 'tmp', sub), { recursive: true });
  }
  execFileSync('chmod', ['-R', '0777', path.join(dir, 'tmp')]);
  mkdirSync(path.join(dir, 'snippets'));
  const cert = { crt: path.join(dir, 'cert.pem'), key: path.join(dir, 'key.pem') };
  const subject = ['-subj', '/CN=localhost', '-keyout', cert.key, '-out', cert.crt];
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', ...subject], {
    stdio: 'ignore',
  });
  return cert;
}

/** The page's snippet, and an nginx.conf per variant (TLS, plain HTTP), each with the page's upstreams. */
export function writeNginxFiles(blocks: Map<string, DocBlock>, lb: Loopback, dir: string) {
  writeFileSync(path.join(dir, 'snippets/svc-proxy.conf'), renderNginx(block(blocks, 'nginx-proxy').text, lb));
  const upstreams = renderNginx(block(blocks, 'nginx-upstreams').text, lb);
  return ['nginx-tls', 'nginx-plain'].map((name) => {
    const file = path.join(dir, `${name}.conf`);
    writeFileSync(file, nginxMain(dir, [upstreams, renderNginx(block(blocks, name).text, lb)]));
    return { name, file };
  });
}
