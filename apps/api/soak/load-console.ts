// The console: the office working the queue (approving and rejecting held bookings, moving orders, jobs and
// leads along) and the owner, signed in with a password, reading the dashboard and the lists.
import { applySetCookies } from '../test/support/cookies';
import type { LoadContext } from './load-context';
import { type Json, retryable, retrying } from './load-http';
import { pick, type Rates } from './load-world';
import { sleep } from './stack';

// ---- the console ---------------------------------------------------------------------------------------

/**
 * A console caller with a member's cookie jar, as the console's page calls: its Origin, the session cookie
 * and, on writes, X-SVC-CSRF; the session's tokens join the secrets no log may hold.
 */
export function consoleCaller(load: LoadContext, cookies: Map<string, string>) {
  const origin = load.setup.consoleOrigin;
  return async (op: string, method: string, url: string, json?: unknown) => {
    const headers: Record<string, string> = { origin };
    if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = [...cookies].find(([k]) => k.endsWith('svc-console.csrf'))?.[1];
    if (csrf && method !== 'GET') headers['x-svc-csrf'] = decodeURIComponent(csrf);
    // A form (a photo's upload) goes as multipart/form-data, anything else as JSON.
    const body = json instanceof FormData ? { form: json } : { json };
    const answer = await load.http.call(op, method, `/console/v1${url}`, { headers, ...body });
    applySetCookies(cookies, answer.headers);
    for (const value of cookies.values()) {
      const token = decodeURIComponent(value);
      load.secrets.add(token);
      // A signed cookie is `<token>.<signature>`: the token alone is what the database holds.
      if (token.includes('.')) load.secrets.add(token.slice(0, token.indexOf('.')));
    }
    return answer;
  };
}

export class ConsoleVisits {
  readonly office = { approved: 0, rejected: 0, moved: 0, leadsMoved: 0, conflicts: 0, signIns: 0 };

  constructor(
    private readonly load: LoadContext,
    private readonly rates: Rates,
  ) {}

  private consoleClient(cookies: Map<string, string>) {
    return consoleCaller(this.load, cookies);
  }

  /** One look at the console's badges with the office's session (the PostgreSQL fault calls it meanwhile). */
  async officeGlance() {
    const call = this.consoleClient(this.load.setup.owner.cookies);
    await call('console GET /needs-action/counts', 'GET', '/needs-action/counts');
  }

  /** Office staff working the queue: held bookings first, then the dispatch board and new leads. */
  async officeLoop() {
    const call = this.consoleClient(this.load.setup.owner.cookies);
    const orderChain: Record<string, string> = {
      confirmed: 'scheduled',
      scheduled: 'out_for_delivery',
      out_for_delivery: 'delivered',
      delivered: 'picked_up',
      picked_up: 'completed',
    };
    const jobChain: Record<string, string> = { confirmed: 'scheduled', scheduled: 'en_route', en_route: 'completed' };
    while (this.load.running) {
      await this.load.pause(this.rates.officeEverySeconds * 1000 * (0.5 + Math.random()));
      if (!this.load.running) break;
      const queue = await call('console GET /needs-action', 'GET', '/needs-action');
      if (queue.status !== 200) continue;
      const held = queue.body.data.held as Json[];
      if (held.length) {
        const item = held[0];
        const base = item.kind === 'order' ? `/orders/${item.number}` : `/jobs/${item.number}`;
        const reject = Math.random() < 0.15;
        const op = `console POST ${item.kind === 'order' ? '/orders' : '/jobs'}/{n}/${reject ? 'reject' : 'approve'}`;
        const { answer } = await retrying(
          () => call(op, 'POST', `${base}/${reject ? 'reject' : 'approve'}`, reject ? { reason: 'soak' } : undefined),
          30_000,
        );
        if (answer.status === 200) this.office[reject ? 'rejected' : 'approved']++;
        else if (answer.status === 409) this.office.conflicts++;
        else this.load.recorder.surprise(`${op} answered ${answer.status}`, answer, op);
        continue;
      }
      const lead = (queue.body.data.new_leads as Json[])[0];
      if (lead && Math.random() < 0.3) {
        const op = 'console POST /leads/{id}/move';
        const answer = await call(op, 'POST', `/leads/${lead.id}/move`, { to: 'contacted' });
        if (answer.status === 200) this.office.leadsMoved++;
        else if (answer.status === 409) this.office.conflicts++;
        else if (!retryable(answer)) this.load.recorder.surprise(`${op} answered ${answer.status}`, answer, op);
        continue;
      }
      const jobs = Math.random() < 0.3;
      const list = await call(
        jobs ? 'console GET /jobs' : 'console GET /orders',
        'GET',
        `${jobs ? '/jobs' : '/orders'}?per_page=25`,
      );
      if (list.status !== 200) continue;
      const chain = jobs ? jobChain : orderChain;
      // The orders the driver's day has taken (load-field.ts) are moved by it alone.
      const movable = (list.body.data as Json[]).filter(
        (r) => chain[r.status] && (jobs || !this.load.fieldOrders.has(r.order_number)),
      );
      if (!movable.length) continue;
      const row = pick(movable);
      const number = jobs ? row.job_number : row.order_number;
      const op = `console POST ${jobs ? '/jobs' : '/orders'}/{n}/status`;
      const answer = await call(op, 'POST', `${jobs ? '/jobs' : '/orders'}/${number}/status`, {
        status: chain[row.status],
      });
      if (answer.status === 200) this.office.moved++;
      else if (answer.status === 409 || answer.status === 400) this.office.conflicts++;
      else if (!retryable(answer)) this.load.recorder.surprise(`${op} answered ${answer.status}`, answer, op);
    }
  }

  /** The owner, signed in with a password, reading the dashboard, the lists and the dispatch day. */
  async ownerLoop() {
    const cookies = new Map<string, string>();
    const call = this.consoleClient(cookies);
    while (this.load.running) {
      if (!cookies.size) {
        const { answer } = await retrying(
          () =>
            call('console POST /session', 'POST', '/session', {
              email: this.load.setup.owner.email,
              password: this.load.setup.owner.password,
            }),
          20_000,
        );
        if (answer.status !== 200) {
          this.load.recorder.surprise(`sign-in answered ${answer.status}`, answer, 'console POST /session');
          await sleep(5000);
          continue;
        }
        this.office.signIns++;
      }
      await this.load.pause(this.rates.ownerEverySeconds * 1000 * (0.5 + Math.random()));
      if (!this.load.running) break;
      const [op, url] = pick([
        ['console GET /dashboard', '/dashboard?days=30'],
        ['console GET /dispatch', '/dispatch'],
        ['console GET /orders?q', '/orders?q=Congress&per_page=25'],
        ['console GET /leads', '/leads?per_page=25'],
        ['console GET /needs-action/counts', '/needs-action/counts'],
      ] as const);
      const answer = await call(op, 'GET', url);
      if (answer.status === 401) cookies.clear();
      else if (answer.status >= 400 && answer.status < 500)
        this.load.recorder.surprise(`${op} answered ${answer.status}`, answer, op);
    }
  }
}
