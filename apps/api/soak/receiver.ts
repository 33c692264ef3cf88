// The company's webhook receiver, as an integrator would write it: it checks every delivery's signature
// with the SDK's verifier, answers 500 to a share of first attempts (a flaky receiver), and is down for a
// while in the middle of the run (its port closed: connections refused). It logs every delivery it took.
import { appendFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
// The published SDK's verifiers, from its source (the same code `@svc/sdk` ships; no build needed).
import { verifyDataWebhook, verifyWebhook } from '../../../packages/sdk/src/webhooks';

/**
 * One endpoint per path: the Booking API's, and three of the Data API (at most 3 per API), as three of the
 * company's systems would subscribe: accounting (what was sold, what was paid) and the office's CRM. Each
 * sees a third of the Data API's events, so the receiver's 20 s outage stays under the 20 failures in a
 * row that switch an endpoint off (both specs, section 6): one endpoint taking every Data API event at this
 * load would fail some 25 times in a row and be switched off for good.
 */
export const HOOKS = {
  booking: { path: '/hooks/booking', api: 'booking', events: [] as string[] },
  sales: { path: '/hooks/data-sales', api: 'data', events: ['order.created', 'junk_job.created'] },
  payments: { path: '/hooks/data-payments', api: 'data', events: ['payment.received'] },
  office: {
    path: '/hooks/data-office',
    api: 'data',
    events: ['lead.created', 'order.status_changed', 'junk_job.status_changed'],
  },
} as const;
export type HookName = keyof typeof HOOKS;

export type Delivery = { id: number; event: string; hook: HookName; at: number; created_at: string };

export class Receiver {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  readonly secrets: Partial<Record<HookName, string>> = {};
  /** Every delivery answered 2xx, in order (an id more than once: delivered at least once, as promised). */
  readonly accepted: Delivery[] = [];
  readonly acceptedIds = new Set<number>();
  /** Ids this receiver has seen at all (answered or failed), for the "first attempt" rule. */
  private readonly seen = new Set<number>();
  counts = { requests: 0, accepted: 0, failed500: 0, badSignature: 0, duplicates: 0 };
  downWindows: { from: number; to?: number }[] = [];
  /** When no delivery is failed on purpose: before and during the planned outage (see handle). */
  private readonly steady: { from: number; to: number }[] = [];

  constructor(
    readonly port: number,
    private readonly logFile: string,
    /** The share of first attempts answered 500. */
    private readonly failShare: number,
  ) {}

  get base() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => void this.handle(req.url ?? '', req.headers, Buffer.concat(chunks).toString('utf8'), res));
    });
    this.server.keepAliveTimeout = 5000;
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server?.listen(this.port, '127.0.0.1', resolve));
  }

  private async handle(
    url: string,
    headers: Record<string, string | string[] | undefined>,
    raw: string,
    res: import('node:http').ServerResponse,
  ) {
    this.counts.requests++;
    const hook = (Object.keys(HOOKS) as HookName[]).find((h) => HOOKS[h].path === url);
    const secret = hook && this.secrets[hook];
    if (!hook || !secret) {
      res.writeHead(404).end();
      return;
    }
    const signature = headers['x-svc-signature'] as string | undefined;
    const event = await (HOOKS[hook].api === 'booking' ? verifyWebhook : verifyDataWebhook)(
      raw,
      signature,
      secret,
    ).catch(() => null);
    if (!event) {
      this.counts.badSignature++;
      res.writeHead(400).end();
      return;
    }
    const id = Number(headers['x-svc-delivery']);
    const body = JSON.parse(raw) as { event: string; created_at: string };
    // A flaky receiver fails some first attempts. Only a fresh delivery's (its event at most 10 s old), and
    // never one whose retry would meet the planned outage: no delivery fails twice in a row on our doing
    // (besides the outage itself), so each is retried on the first steps of its API's backoff (15 s, 30 s)
    // and the outbox drains in a bounded time after the load.
    const now = Date.now();
    const fresh = now - Date.parse(body.created_at) < 10_000;
    const first = !this.seen.has(id);
    this.seen.add(id);
    const steady = this.steady.some((w) => now >= w.from && now <= w.to);
    if (first && fresh && !steady && Math.random() < this.failShare) {
      this.counts.failed500++;
      res.writeHead(500, { 'content-type': 'text/plain' }).end('flaky receiver');
      return;
    }
    if (this.acceptedIds.has(id)) this.counts.duplicates++;
    const delivery: Delivery = { id, event: body.event, hook, at: Date.now(), created_at: body.created_at };
    this.accepted.push(delivery);
    this.acceptedIds.add(id);
    this.counts.accepted++;
    appendFileSync(this.logFile, `${JSON.stringify(delivery)}\n`);
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  }

  /** The outage to come: from 40 s before it until it ends, no delivery is failed on purpose. */
  planOutage(from: number, to: number) {
    this.steady.push({ from: from - 40_000, to });
  }

  /** Down: the port closed and every open connection cut, so deliveries are refused. */
  async down() {
    this.downWindows.push({ from: Date.now() });
    const closed = new Promise<void>((resolve) => this.server?.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  async up() {
    await this.start();
    const open = this.downWindows.at(-1);
    if (open) open.to = Date.now();
  }

  async stop() {
    if (!this.server?.listening) return;
    const closed = new Promise<void>((resolve) => this.server?.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}
