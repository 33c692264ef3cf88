import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BookingClient } from '../src/index';

/**
 * The real Booking API for the SDK's tests: the standalone production build on a fresh embedded database
 * with the demo company, seeded by the same CLI an operator uses (its build, dist/cli.js, as the browser
 * suite runs it: tsx compiled the CLI again on every call, 1 to 2 s each). No mock.
 */
const apiDir = path.resolve(import.meta.dirname, '../../../apps/api');
const CLI = 'dist/cli.js';

export async function startApi() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'svc-sdk-'));
  const env = {
    ...process.env,
    SVC_DATA_DIR: dataDir,
    DATABASE_URL: '',
    SVC_WEBHOOK_ALLOW_HTTP: '1',
    SVC_RATE_LIMIT_PER_MINUTE: '100000',
    SVC_DATA_RATE_LIMIT_PER_MINUTE: '100000',
  };
  const keys = JSON.parse(
    execFileSync(process.execPath, [CLI, 'seed-demo', '--json'], { cwd: apiDir, env }).toString(),
  ) as { publishable: string; server: string };
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['dist/standalone.js'], {
    cwd: apiDir,
    env: { ...env, STANDALONE_PORT: String(port) },
    stdio: 'ignore',
    detached: true,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${baseUrl}/booking/v1/openapi.json`)).ok) break;
    } catch {}
    if (i > 300) throw new Error('the API did not start (is apps/api built? npm test builds it)');
    await new Promise((r) => setTimeout(r, 200));
  }
  /** Runs the svc CLI against this API's database. */
  const svc = (...args: string[]) =>
    JSON.parse(execFileSync(process.execPath, [CLI, ...args, '--json'], { cwd: apiDir, env }).toString());
  return {
    baseUrl,
    keys,
    svc,
    /** What the README example reads from its environment, with a webhook endpoint registered for it. */
    async exampleEnv() {
      const port = await freePort();
      const { secret } = svc('webhooks', 'add', 'demo', `http://127.0.0.1:${port}/svc`);
      return {
        ...process.env,
        SVC_BASE_URL: baseUrl,
        SVC_SECRET_KEY: keys.server,
        SVC_WEBHOOK_SECRET: secret,
        SVC_WEBHOOK_PORT: String(port),
      };
    },
    /** A Data API key of the demo company, its access requested and approved as an operator does it. */
    dataKey(plan: 'free' | 'paid' = 'paid'): string {
      svc('data-api', 'request', 'demo', '--use', 'Pull our orders into accounting and push website leads in');
      svc('data-api', 'approve', 'demo');
      svc('data-api', 'plan', 'demo', plan);
      return svc('data-api', 'keys', 'create', 'demo').key;
    },
    svcSpawn: (...args: string[]) => spawn(process.execPath, [CLI, ...args], { cwd: apiDir, env }),
    async stop() {
      try {
        process.kill(-(child.pid as number), 'SIGTERM');
      } catch {}
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A delivery date the demo company takes: its first open day. */
async function openDay(svc: BookingClient) {
  const a = await svc.availability();
  const closed = new Set(a.closed.map((c) => c.date));
  const d = new Date(`${a.min_date}T12:00:00Z`);
  while (closed.has(d.toISOString().slice(0, 10))) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** An intent for a week's rental of the demo company's first size, from a new customer. */
export async function intentBody(svc: BookingClient) {
  const [size] = await svc.sizes();
  return {
    size_id: size!.id,
    rental_days: 7,
    delivery_date: await openDay(svc),
    delivery_address: '100 Congress Ave',
    delivery_zip: '78701',
    customer: { name: 'Pat Doe', email: `pat.${Date.now()}@example.com`, phone: '+1 512 555 0199' },
    terms_accepted: true as const,
  };
}

/** A confirmed junk removal job of the demo company, in the first window with a seat; its number. */
export async function bookJunkJob(svc: BookingClient, baseUrl: string): Promise<number> {
  const { days } = await svc.junkAvailability();
  const day = days.find((d) => d.open && d.windows.some((w) => w.remaining > 0))!;
  const window = day.windows.find((w) => w.remaining > 0)!;
  const intent = await svc.createJunkIntent({
    load_fraction: '1/4',
    job_date: day.date,
    time_window_start: window.start,
    time_window_end: window.end,
    address_line1: '100 Congress Ave',
    zip: '78701',
    customer: { name: 'Jo Haul', email: `jo.${Date.now()}@example.com`, phone: '+1 512 555 0177' },
    terms_accepted: true,
  });
  await payInSandbox(baseUrl, intent);
  return (await svc.confirmJunk(intent)).job_number;
}

/** What the customer's browser does with the client secret in the sandbox: authorize a test card. */
export async function payInSandbox(
  baseUrl: string,
  intent: { payment_intent_id: string; client_secret: string },
  number = '4242424242424242',
) {
  const res = await fetch(`${baseUrl}/sandbox/v1/payment_intents/${intent.payment_intent_id}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_secret: intent.client_secret,
      card: { number, exp_month: 12, exp_year: 2035, cvc: '123' },
    }),
  });
  return res.json();
}

/** A README example (`<!-- example -->` or `<!-- data-example -->`), extracted and run as it is against the real API. */
export function readmeExample(name: 'example' | 'data-example' = 'example'): string {
  const readme = readFileSync(path.resolve(import.meta.dirname, '../README.md'), 'utf8');
  const block = new RegExp(`<!-- ${name} -->\\s*\`\`\`ts\\n([\\s\\S]*?)\`\`\`\\s*<!-- /${name} -->`).exec(readme);
  if (!block?.[1]) throw new Error(`no ${name} block in README.md`);
  return block[1];
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
