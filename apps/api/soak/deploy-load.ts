// The deploy check's load through nginx while the instances restart: reads (sizes, availability, a quote),
// booking writes (a payment intent: a session and a hold, written by whichever instance nginx picks) and now
// and then the hosted booking page (whose server calls the API through nginx's internal listener). Every
// answer is counted by its status class; anything but a 2xx is a failure, a refused or cut request too.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sleep } from './stack';

type Counts = {
  total: number;
  byStatus: Record<string, number>;
  byKind: Record<string, number>;
  failures: { kind: string; status: number; body: string }[];
};

export function startDeployLoad(o: { api: string; book: string; serverKey: string; zips: string[] }) {
  const counts: Counts = { total: 0, byStatus: {}, byKind: {}, failures: [] };
  const auth = { authorization: `Bearer ${o.serverKey}`, 'content-type': 'application/json' };
  let running = true;
  let n = 0;

  const call = async (kind: string, url: string, init: RequestInit = {}) => {
    let status = 0;
    let body = '';
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
      status = res.status;
      body = await res.text();
    } catch (err) {
      body = (err as Error).message;
    }
    counts.total++;
    counts.byKind[kind] = (counts.byKind[kind] ?? 0) + 1;
    const key = status ? `${String(status)[0]}xx` : 'no answer';
    counts.byStatus[key] = (counts.byStatus[key] ?? 0) + 1;
    if (status < 200 || status > 299) counts.failures.push({ kind, status, body: body.slice(0, 200) });
    return { status, body };
  };

  const ready = (async () => {
    const sizes = JSON.parse((await call('sizes', `${o.api}/booking/v1/sizes`, { headers: auth })).body);
    const calendar = JSON.parse(
      (await call('availability', `${o.api}/booking/v1/availability`, { headers: auth })).body,
    );
    const size = sizes.data[0].id as string;
    const closed = new Set((calendar.data.closed as { date: string }[]).map((c) => c.date));
    const days: string[] = [];
    for (let d = new Date(`${calendar.data.min_date}T12:00:00Z`); days.length < 20; d.setUTCDate(d.getUTCDate() + 1)) {
      const day = d.toISOString().slice(0, 10);
      if (!closed.has(day)) days.push(day);
    }
    return { size, days };
  })();

  const worker = async (w: number) => {
    const { size, days } = await ready;
    while (running) {
      const i = n++;
      const step = i % 4;
      if (step === 0) await call('sizes', `${o.api}/booking/v1/sizes`, { headers: auth });
      else if (step === 1) {
        await call('quote', `${o.api}/booking/v1/quote`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ size_id: size, rental_days: 7 }),
        });
      } else if (step === 2) {
        await call('intent', `${o.api}/booking/v1/intents`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({
            size_id: size,
            rental_days: 3,
            delivery_date: days[i % days.length],
            delivery_address: `${100 + (i % 800)} Congress Ave`,
            delivery_city: 'Austin',
            delivery_state: 'TX',
            delivery_zip: o.zips[i % o.zips.length],
            customer: { name: 'Deploy Check', email: `deploy${i}@example.com`, phone: '+1 512 555 0100' },
            terms_accepted: true,
          }),
        });
      } else if (w === 0 && i % 40 === 3) await call('booking page', `${o.book}/book?company=acme`);
      else await call('availability', `${o.api}/booking/v1/availability`, { headers: auth });
      await sleep(40);
    }
  };

  const workers = [0, 1, 2].map((w) => worker(w));
  return {
    ready,
    async stop() {
      running = false;
      await Promise.all(workers);
      return counts;
    },
  };
}

/**
 * Runs the page's rolling-restart script as written, with `ssh`, `sudo` and `systemctl` as shell functions:
 * `ssh <host> sudo systemctl restart <unit>` asks `restart(host, unit)` here (a loopback HTTP call) and
 * returns once it has, as systemctl returns once the new process is started. Fails when the script does.
 */
export async function runRollingRestart(script: string, restart: (host: string, unit: string) => Promise<boolean>) {
  const control = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://control');
    const [, action, unit] = url.pathname.split('/');
    if (action !== 'restart' || !unit) return void res.writeHead(400).end(`systemctl ${action} is not followed`);
    void restart(url.searchParams.get('host') ?? '', unit).then(
      (ok) => res.writeHead(ok ? 200 : 500).end(),
      (err: Error) => res.writeHead(500).end(err.message),
    );
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  const port = (control.address() as AddressInfo).port;
  const shims = `ssh() { local host=$1; shift; SVC_HOST=$host "$@"; }
sudo() { "$@"; }
systemctl() { curl -fsS -X POST "http://127.0.0.1:${port}/$1/$2?host=$SVC_HOST" > /dev/null; }
`;
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn('bash', ['-c', `${shims}${script}`], { stdio: ['ignore', 'inherit', 'inherit'] });
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the rolling restart exited ${code}`))));
    });
  } finally {
    control.close();
  }
}
