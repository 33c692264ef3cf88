// The soak's company, set up with the CLI (dist/cli.js) as an operator sets one up: the demo company under
// the soak's slug, a server key for the load and one to revoke at the end, the Data API approved with a data
// key, a webhook endpoint per receiver path (their secrets given to the receiver), the owner and two drivers
// invited. Its field charges are taken as soon as they are noticed (`field_work.notice_hours` 0), so the
// charge worker takes every overage of the driver's day (load-field.ts) within the run.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PgCluster } from './postgres';
import { HOOKS, type HookName, type Receiver } from './receiver';
import { baseEnv } from './stack';

const execFileAsync = promisify(execFile);

export const SLUG = 'soak';
export const CONSOLE_ORIGIN = 'http://console.soak.localhost';
/** The drivers the office gives routes to (load-field.ts): invited with the CLI, signed in by load-setup.ts. */
export const DRIVERS = [
  { email: 'dana.driver@soak.example', name: 'Dana Soak' },
  { email: 'drew.driver@soak.example', name: 'Drew Soak' },
] as const;

/** Sets the company up; `svc` runs the CLI again later (the probe key's revocation). */
export async function setUpCompany({
  apiDir,
  dir,
  cluster,
  receiver,
}: {
  apiDir: string;
  dir: string;
  cluster: PgCluster;
  receiver: Receiver;
}) {
  const cliEnv = {
    ...baseEnv(),
    DATABASE_URL: cluster.url,
    SVC_DATA_DIR: path.join(dir, 'data'),
    SVC_WEBHOOK_ALLOW_HTTP: '1',
    CONSOLE_BASE_URL: CONSOLE_ORIGIN,
  };
  const svc = async (...argv: string[]) => {
    const { stdout } = await execFileAsync(process.execPath, ['dist/cli.js', ...argv, '--json'], {
      cwd: apiDir,
      env: cliEnv,
    }).catch((err: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(`svc ${argv.join(' ')}: ${err.stderr || err.stdout || err.message}`);
    });
    return JSON.parse(stdout);
  };
  const demo = JSON.parse(readFileSync(path.join(apiDir, 'config/demo-company.json'), 'utf8'));
  const company = {
    ...demo,
    slug: SLUG,
    name: 'Soak Roll-Off & Junk',
    // Crews enough for every junk booking of a long run; the windows' rules are the demo's.
    junk: { ...demo.junk, windows: demo.junk.windows.map((w: { capacity: number }) => ({ ...w, capacity: 60 })) },
    // No notice before a field charge: the charge worker (every SVC_RECOVERY_INTERVAL_MS) takes it at once.
    field_work: { ...demo.field_work, notice_hours: 0 },
  };
  const companyFile = path.join(dir, 'soak-company.json');
  writeFileSync(companyFile, JSON.stringify(company, null, 2));
  await svc('company', 'apply', companyFile); // migrates the new database first
  const hookUrl = (h: HookName) => `${receiver.base}${HOOKS[h].path}`;
  const [server, probeKey, dataKey, invited, drivers, ...hooks] = await Promise.all([
    svc('keys', 'create', SLUG, '--kind', 'server', '--label', 'soak load'),
    // Revoked at the end: every instance must stop taking it within seconds (LISTEN/NOTIFY after the restarts).
    svc('keys', 'create', SLUG, '--kind', 'server', '--label', 'soak propagation probe'),
    (async () => {
      await svc('data-api', 'request', SLUG, '--use', 'Orders into our accounting system, leads from our site form');
      await svc('data-api', 'approve', SLUG);
      await svc('data-api', 'plan', SLUG, 'paid'); // no daily window: a long soak reads past 10 minutes
      return svc('data-api', 'keys', 'create', SLUG, '--label', 'soak load');
    })(),
    svc('users', 'invite', SLUG, 'owner@soak.example', '--role', 'owner'),
    Promise.all(
      DRIVERS.map(async (d) => ({ ...d, ...(await svc('users', 'invite', SLUG, d.email, '--role', 'driver')) })),
    ) as Promise<{ email: string; name: string; link: string }[]>,
    ...(Object.keys(HOOKS) as HookName[]).map((h) =>
      svc(
        'webhooks',
        'add',
        SLUG,
        hookUrl(h),
        '--api',
        HOOKS[h].api,
        ...HOOKS[h].events.flatMap((e: string) => ['--event', e]),
      ),
    ),
  ]);
  (Object.keys(HOOKS) as HookName[]).forEach((h, i) => {
    receiver.secrets[h] = hooks[i].secret;
  });
  return { svc, company, server, probeKey, dataKey, invited, drivers, hooks };
}
