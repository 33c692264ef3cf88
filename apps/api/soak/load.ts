// The soak's load: customers booking dumpsters and junk removal with the sandbox's test cards, visitors
// pricing, a company's server reading the Data API and pushing leads (some of them twice), and the office
// in the console approving held bookings and moving them along. Everything goes through nginx. Each kind of
// visit arrives at its own rate (a Poisson process), so the load stays bounded whatever the latency; each
// visit retries the way a client should (the same session_id, payment_intent_id or lead).
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TEST_CARDS } from '../src/payments/sandbox-cards';
import { applySetCookies } from '../test/support/cookies';
import { sleep } from './stack';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers of the API, read field by field
export type Json = any;

// ---- timings and answers ---------------------------------------------------------------------------------

export type Answer = {
  status: number;
  body: Json;
  headers: Headers;
  requestId: string | null;
  ms: number;
  error?: string;
};

export type Sample = { at: number; op: string; status: number; ms: number; requestId: string | null };

export class Recorder {
  readonly samples: Sample[] = [];
  /** Answers the script did not expect (a 4xx a customer should never see, a booking that failed…). */
  readonly surprises: { at: number; what: string; op?: string; status?: number; requestId?: string | null }[] = [];

  record(sample: Sample) {
    this.samples.push(sample);
  }

  surprise(what: string, answer?: Answer, op?: string) {
    this.surprises.push({ at: Date.now(), what, op, status: answer?.status, requestId: answer?.requestId });
  }

  /** p50/p99 per operation of the answers (any status), and the statuses seen. */
  summary() {
    const byOp = new Map<string, Sample[]>();
    for (const s of this.samples) byOp.set(s.op, [...(byOp.get(s.op) ?? []), s]);
    return [...byOp.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([op, list]) => {
        const ms = list.map((s) => s.ms).sort((a, b) => a - b);
        const statuses: Record<string, number> = {};
        for (const s of list)
          statuses[s.status === 0 ? 'network' : String(s.status)] =
            (statuses[s.status === 0 ? 'network' : String(s.status)] ?? 0) + 1;
        return {
          op,
          count: list.length,
          p50_ms: quantile(ms, 0.5),
          p99_ms: quantile(ms, 0.99),
          max_ms: Math.round(ms.at(-1) ?? 0),
          statuses,
        };
      });
  }
}

export function quantile(sorted: number[], q: number) {
  if (!sorted.length) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return Math.round(sorted[i] as number);
}

type CallOptions = {
  headers?: Record<string, string>;
  json?: unknown;
  form?: FormData | URLSearchParams;
  timeoutMs?: number;
};

/** One HTTP client for every visitor: fetch (undici's keep-alive pool) to nginx, each answer timed. */
export class Http {
  constructor(
    readonly base: string,
    readonly recorder: Recorder,
  ) {}

  async call(op: string, method: string, pathOrUrl: string, options: CallOptions = {}): Promise<Answer> {
    const url = pathOrUrl.startsWith('http') ? pathOrUrl : `${this.base}${pathOrUrl}`;
    const headers: Record<string, string> = { ...options.headers };
    let body: string | FormData | URLSearchParams | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) body = options.form;
    const started = performance.now();
    try {
      const res = await fetch(url, {
        method,
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      });
      const text = await res.text();
      const ms = performance.now() - started;
      let parsed: Json = text;
      if ((res.headers.get('content-type') ?? '').includes('json')) {
        try {
          parsed = JSON.parse(text);
        } catch {}
      }
      const requestId = res.headers.get('x-request-id');
      this.recorder.record({ at: Date.now(), op, status: res.status, ms, requestId });
      return { status: res.status, body: parsed, headers: res.headers, requestId, ms };
    } catch (err) {
      const ms = performance.now() - started;
      this.recorder.record({ at: Date.now(), op, status: 0, ms, requestId: null });
      return { status: 0, body: null, headers: new Headers(), requestId: null, ms, error: String(err) };
    }
  }
}

/** What a client retries: no answer, a gateway's 502/503/504, our 500 (the database restarting). */
export const retryable = (a: Answer) => a.status === 0 || a.status >= 500;

/** Calls again while the answer is retryable, with backoff, until the deadline. */
async function retrying(call: () => Promise<Answer>, deadlineMs = 60_000): Promise<{ answer: Answer; tries: number }> {
  const deadline = Date.now() + deadlineMs;
  let tries = 0;
  for (;;) {
    tries++;
    const answer = await call();
    if (!retryable(answer) || Date.now() > deadline) return { answer, tries };
    await sleep(Math.min(3000, 250 * 2 ** Math.min(tries, 4)) + Math.random() * 250);
  }
}

// ---- the world the visitors book in ----------------------------------------------------------------------

export type CardClass = 'success' | 'held' | 'declined' | 'threeds' | 'abandon';
const CARD_NUMBER: Record<CardClass, string> = {
  success: TEST_CARDS.success,
  held: TEST_CARDS.elevatedRisk,
  declined: TEST_CARDS.genericDecline,
  threeds: TEST_CARDS.authenticationRequired,
  // Pays with a good card and closes the tab before confirm: the recovery worker makes the order.
  abandon: TEST_CARDS.success,
};

/**
 * The cards, in a fixed cycle (every kind shows up early, even in a short run): mostly good ones, some
 * held for fraud review, some declined, some with a 3-D Secure step, a few customers who leave after paying.
 */
const CYCLES: Record<'dumpster' | 'junk', CardClass[]> = {
  dumpster: [
    'success',
    'success',
    'abandon',
    'held',
    'success',
    'declined',
    'success',
    'threeds',
    'success',
    'success',
    'held',
    'success',
    'success',
    'declined',
    'success',
    'threeds',
    'success',
    'abandon',
    'success',
    'success',
  ],
  junk: ['success', 'abandon', 'held', 'success', 'threeds', 'success', 'declined', 'success', 'success', 'success'],
};

export type BookingRecord = {
  kind: 'dumpster' | 'junk';
  sessionId: string;
  card: CardClass;
  startedAt: number;
  endedAt?: number;
  /** What the customer was told in the end. */
  outcome: 'confirmed' | 'held' | 'declined' | 'abandoned' | 'failed';
  number?: number;
  paymentIntentId?: string;
  amountCents?: number;
  confirmTries?: number;
  photos?: number;
  error?: string;
};

export type LeadPerson = { key: string; phone: string; email: string; firstAt: number; leadIds: Set<string> };
export type LeadPush = {
  at: number;
  person: string;
  kind: 'new' | 'duplicate' | 'concurrent';
  status: number;
  leadId?: string;
  existing?: boolean;
};

export type LoadSetup = {
  base: string;
  serverKey: string;
  dataKey: string;
  consoleOrigin: string;
  owner: { email: string; password: string; cookies: Map<string, string> };
  sizes: { id: string; yards: number }[];
  closedDays: Set<string>;
  minDate: string;
  /** The last day whose calendar was read: a rental's pickup falls before it. */
  lastDate: string;
  zips: string[];
  loads: string[];
  photos: Buffer[];
};

/** Arrivals per second of each kind of visit, and the office's pace. */
export type Rates = {
  dumpster: number;
  junk: number;
  browse: number;
  dataRead: number;
  lead: number;
  /** Seconds between the office's actions (it approves, rejects and moves as it reads). */
  officeEverySeconds: number;
  ownerEverySeconds: number;
};

export const DEFAULT_RATES: Rates = {
  dumpster: 0.25,
  junk: 0.1,
  browse: 2.0,
  dataRead: 1.2,
  lead: 0.25,
  officeEverySeconds: 2.5,
  ownerEverySeconds: 5,
};

export const loadSamplePhotos = (repoRoot: string) =>
  ['junk-pile-1.jpg', 'junk-pile-2.jpg'].map((f) => readFileSync(path.join(repoRoot, 'docs/samples', f)));

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;
const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const sessionIdOf = () => `ses_soak_${randomBytes(10).toString('hex')}`;

// ---- the load --------------------------------------------------------------------------------------------

export class Load {
  readonly http: Http;
  readonly bookings: BookingRecord[] = [];
  readonly people = new Map<string, LeadPerson>();
  readonly pushes: LeadPush[] = [];
  readonly office = { approved: 0, rejected: 0, moved: 0, leadsMoved: 0, conflicts: 0, signIns: 0 };
  readonly arrivals: Record<string, { started: number; skipped: number }> = {};
  /** Secrets the visitors held (payment client secrets, console session cookies): never to be logged. */
  readonly secrets = new Set<string>();
  /** Customers' and leads' e-mails and phones, as sent: never to be logged either. */
  readonly personal = new Set<string>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly cycles = { dumpster: 0, junk: 0 };
  private stopAt = 0;
  private leadCounter = 0;
  private readonly knownOrders: number[] = [];

  constructor(
    readonly setup: LoadSetup,
    readonly recorder: Recorder,
    private readonly rates: Rates,
    /** Visits in flight at most: past it an arrival is skipped (counted), so a stall never snowballs. */
    private readonly maxInFlight = 40,
  ) {
    this.http = new Http(setup.base, recorder);
  }

  /** Runs every kind of visit until `durationMs` has passed, then waits for the visits in flight. */
  async run(durationMs: number, drainMs: number) {
    const started = Date.now();
    this.stopAt = started + durationMs;
    const loops = [
      this.arrive('dumpster', this.rates.dumpster, () => this.book('dumpster')),
      this.arrive('junk', this.rates.junk, () => this.book('junk')),
      this.arrive('browse', this.rates.browse, () => this.browse()),
      this.arrive('data-read', this.rates.dataRead, () => this.readData()),
      this.arrive('lead', this.rates.lead, () => this.pushLead()),
      this.officeLoop(),
      this.ownerLoop(),
    ];
    await Promise.all(loops);
    const drained = Promise.all([...this.inFlight]);
    await Promise.race([drained, sleep(drainMs)]);
    return { loadMs: Date.now() - started, unfinished: this.inFlight.size };
  }

  private get running() {
    return Date.now() < this.stopAt;
  }

  /** A wait that ends with the load. */
  private pause(ms: number) {
    return sleep(Math.max(0, Math.min(ms, this.stopAt - Date.now())));
  }

  private async arrive(kind: string, ratePerSecond: number, visit: () => Promise<void>) {
    const counts = { started: 0, skipped: 0 };
    this.arrivals[kind] = counts;
    if (ratePerSecond <= 0) return;
    for (;;) {
      await this.pause(-Math.log(1 - Math.random()) * (1000 / ratePerSecond));
      if (!this.running) return;
      if (this.inFlight.size >= this.maxInFlight) {
        counts.skipped++;
        continue;
      }
      counts.started++;
      const p: Promise<void> = visit()
        .catch((err: unknown) => this.recorder.surprise(`${kind} visit threw: ${String(err)}`))
        .finally(() => this.inFlight.delete(p));
      this.inFlight.add(p);
    }
  }

  // ---- bookings ------------------------------------------------------------------------------------------

  private nextCard(kind: 'dumpster' | 'junk'): CardClass {
    const cycle = CYCLES[kind];
    const card = cycle[this.cycles[kind]++ % cycle.length] as CardClass;
    // A customer who leaves after paying is found by the recovery worker a minute later (sessions untouched
    // for a minute): not in the last 50 s, so the soak's checks meet every one of them made.
    return card === 'abandon' && this.stopAt - Date.now() < 50_000 ? 'success' : card;
  }

  private auth() {
    return { authorization: `Bearer ${this.setup.serverKey}` };
  }

  private deliveryDay(rentalDays: number): string {
    const { closedDays, minDate, lastDate } = this.setup;
    const span = Math.round((Date.parse(lastDate) - Date.parse(minDate)) / 86_400_000) - rentalDays;
    for (let tries = 0; tries < 200; tries++) {
      const day = addDays(minDate, Math.floor(Math.random() * Math.max(1, span)));
      if (!closedDays.has(day) && !closedDays.has(addDays(day, rentalDays))) return day;
    }
    throw new Error(`no open delivery day between ${minDate} and ${lastDate}`);
  }

  private customer(n: string) {
    const customer = {
      name: `Soak Customer ${n}`,
      email: `customer.${n}@soak.example`,
      phone: `+1 512 555 ${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`,
    };
    this.sentPersonal(customer.email, customer.phone);
    return customer;
  }

  /** What the logs must never hold: a customer's e-mail and phone as sent, and the phone's digits. */
  private sentPersonal(...values: (string | undefined)[]) {
    for (const v of values) {
      if (!v) continue;
      this.personal.add(v);
      if (/^\+?[\d\s().-]+$/.test(v)) this.personal.add(v.replace(/\D/g, ''));
    }
  }

  private async book(kind: 'dumpster' | 'junk') {
    const card = this.nextCard(kind);
    const sessionId = sessionIdOf();
    const record: BookingRecord = { kind, sessionId, card, startedAt: Date.now(), outcome: 'failed' };
    this.bookings.push(record);
    const fail = (why: string, answer?: Answer, op?: string) => {
      record.outcome = 'failed';
      record.error = why;
      record.endedAt = Date.now();
      this.recorder.surprise(`${kind} ${sessionId} (${card}): ${why}`, answer, op);
    };
    const promo = Math.random() < 0.2 ? pick(['SAVE25', 'WELCOME10']) : undefined;
    const prefix = kind === 'junk' ? '/booking/v1/junk' : '/booking/v1';

    let body: Record<string, unknown>;
    if (kind === 'dumpster') {
      const size = pick(this.setup.sizes);
      const rentalDays = pick([3, 5, 7, 9, 10, 14]);
      // A visitor prices before paying.
      await this.http.call('booking POST /quote', 'POST', '/booking/v1/quote', {
        headers: this.auth(),
        json: { size_id: size.id, rental_days: rentalDays, ...(promo ? { promo_code: promo } : {}) },
      });
      body = {
        size_id: size.id,
        rental_days: rentalDays,
        delivery_date: this.deliveryDay(rentalDays),
        delivery_address: `${100 + Math.floor(Math.random() * 900)} Congress Ave`,
        delivery_city: 'Austin',
        delivery_state: 'TX',
        delivery_zip: pick(this.setup.zips),
        customer: this.customer(sessionId.slice(-8)),
        terms_accepted: true,
        ...(promo ? { promo_code: promo } : {}),
      };
    } else {
      // The page loads the calendar again when it failed (the customer reloads).
      const { answer: days } = await retrying(() =>
        this.http.call('junk GET /junk/availability', 'GET', '/booking/v1/junk/availability', {
          headers: this.auth(),
        }),
      );
      if (days.status !== 200)
        return fail(`junk availability answered ${days.status}`, days, 'junk GET /junk/availability');
      const windows = (days.body.data.days as Json[]).flatMap((d) =>
        d.open ? (d.windows as Json[]).filter((w) => w.remaining > 0).map((w) => ({ ...w, date: d.date })) : [],
      );
      if (!windows.length) return fail('no junk window with a seat');
      const slot = pick(windows.slice(0, 60));
      body = {
        load_fraction: pick(this.setup.loads),
        job_date: slot.date,
        time_window_start: slot.start,
        time_window_end: slot.end,
        address_line1: `${100 + Math.floor(Math.random() * 900)} Lamar Blvd`,
        city: 'Austin',
        state: 'TX',
        zip: pick(this.setup.zips),
        notes: 'An old couch and boxes in the garage',
        customer: this.customer(sessionId.slice(-8)),
        terms_accepted: true,
        ...(promo ? { promo_code: promo } : {}),
      };
    }

    // 1. The intent, with our session_id: a retry of a lost answer replays the same payment.
    const intentOp = `${kind} POST ${kind === 'junk' ? '/junk' : ''}/intents`;
    const { answer: intent } = await retrying(() =>
      this.http.call(intentOp, 'POST', `${prefix}/intents`, {
        headers: this.auth(),
        json: { ...body, session_id: sessionId },
      }),
    );
    if (intent.status !== 200)
      return fail(`intents answered ${intent.status} ${JSON.stringify(intent.body)?.slice(0, 200)}`, intent, intentOp);
    const { payment_intent_id: pi, client_secret: secret } = intent.body.data;
    this.secrets.add(secret);
    record.paymentIntentId = pi;
    record.amountCents = intent.body.data.amount.gross_total_cents;

    // 2. The card, sent to the processor as the page's card component does.
    const paid = await this.payCard(pi, secret, card);
    if (paid === 'failed') return fail('the card step failed');
    if (card === 'abandon') {
      record.outcome = 'abandoned';
      record.endedAt = Date.now();
      return;
    }

    // 3. Confirm, retried with the same ids until it answers: `processing` is another request making it.
    const confirmOp = `${kind} POST ${kind === 'junk' ? '/junk' : ''}/confirm`;
    const deadline = Date.now() + 90_000;
    let tries = 0;
    let confirmed: Answer | undefined;
    for (;;) {
      tries++;
      const answer = await this.http.call(confirmOp, 'POST', `${prefix}/confirm`, {
        headers: this.auth(),
        json: { session_id: sessionId, payment_intent_id: pi },
      });
      const code = answer.body?.error?.code;
      if (answer.status === 200) {
        confirmed = answer;
        break;
      }
      if (answer.status === 409 && code === 'unconfirmed' && card === 'declined') {
        record.outcome = 'declined';
        record.confirmTries = tries;
        record.endedAt = Date.now();
        return;
      }
      const processing = answer.status === 409 && code === 'processing';
      if (!(retryable(answer) || processing) || Date.now() > deadline) {
        record.confirmTries = tries;
        return fail(`confirm answered ${answer.status} ${code ?? ''} after ${tries} tries`, answer, confirmOp);
      }
      await sleep(Math.min(2000, 300 * tries) + Math.random() * 200);
      // Another request is making it (or one lost with its instance holds the lease): look where it stands.
      if (processing) {
        await this.http.call('booking GET /sessions/{id}', 'GET', `/booking/v1/sessions/${sessionId}`, {
          headers: this.auth(),
        });
      }
    }
    record.confirmTries = tries;
    if (card === 'declined') return fail('a declined card was confirmed', confirmed, confirmOp);
    const data = confirmed.body.data;
    record.number = kind === 'junk' ? data.job_number : data.order_number;
    const expected = card === 'held' ? 'held' : 'confirmed';
    if (data.state !== expected)
      return fail(`confirm answered ${data.state}, expected ${expected}`, confirmed, confirmOp);
    record.outcome = data.state;
    if (kind === 'dumpster' && data.state === 'confirmed') this.knownOrders.push(data.order_number);

    // 4. Where the booking stands, as a page polls it; then the junk job's photos.
    if (Math.random() < 0.3) {
      const seen = await this.http.call('booking GET /sessions/{id}', 'GET', `/booking/v1/sessions/${sessionId}`, {
        headers: this.auth(),
      });
      const number = kind === 'junk' ? seen.body?.data?.job_number : seen.body?.data?.order_number;
      if (seen.status === 200 && number !== record.number) {
        this.recorder.surprise(`session ${sessionId} says #${number}, confirm said #${record.number}`, seen);
      }
    }
    if (kind === 'junk' && data.state === 'confirmed') {
      const count = 1 + Math.floor(Math.random() * 2);
      const form = new FormData();
      form.set('session_id', sessionId);
      for (const photo of this.setup.photos.slice(0, count)) {
        form.append('photos', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'junk.jpg');
      }
      // Not retried: a second upload of photos that did arrive would store them twice (the API allows 3).
      const up = await this.http.call('junk POST /junk/photos', 'POST', '/booking/v1/junk/photos', {
        headers: this.auth(),
        form,
      });
      if (up.status === 200) record.photos = count;
      else if (!retryable(up)) this.recorder.surprise(`photos answered ${up.status}`, up, 'junk POST /junk/photos');
    }
    record.endedAt = Date.now();
  }

  /** The card at the sandbox processor; a 3-D Secure card follows next_action to the bank's page. */
  private async payCard(pi: string, secret: string, card: CardClass): Promise<'ok' | 'declined' | 'failed'> {
    const op = 'sandbox POST confirm';
    const { answer } = await retrying(() =>
      this.http.call(op, 'POST', `/sandbox/v1/payment_intents/${pi}/confirm`, {
        json: {
          client_secret: secret,
          card: { number: CARD_NUMBER[card], exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123' },
        },
      }),
    );
    const code = answer.body?.error?.code;
    if (card === 'declined') {
      if (answer.status === 402 && code === 'card_declined') return 'declined';
      this.recorder.surprise(`a declined card answered ${answer.status}`, answer, op);
      return 'failed';
    }
    // A retry after a lost answer: the first attempt went through (this one finds the intent moved on).
    const movedOn = answer.status === 400 && code === 'payment_intent_unexpected_state';
    if (answer.status !== 200 && !movedOn) {
      this.recorder.surprise(`sandbox confirm answered ${answer.status} ${code ?? ''}`, answer, op);
      return 'failed';
    }
    if (card !== 'threeds') return 'ok';
    // The bank's page: the absolute URL the sandbox built from the Host nginx passed on.
    const url: string =
      answer.body?.next_action?.redirect_to_url?.url ??
      `${this.setup.base}/sandbox/v1/payment_intents/${pi}/authenticate?client_secret=${encodeURIComponent(secret)}`;
    if (!url.startsWith(this.setup.base)) {
      this.recorder.surprise(`3-D Secure URL ${url} is not on ${this.setup.base}`, answer, op);
      return 'failed';
    }
    const page = await retrying(() => this.http.call('sandbox GET 3ds page', 'GET', url)).then((r) => r.answer);
    if (page.status !== 200) {
      this.recorder.surprise(`3-D Secure page answered ${page.status}`, page, 'sandbox GET 3ds page');
      return 'failed';
    }
    const form = new URLSearchParams({ client_secret: secret, decision: 'approve' });
    const done = await retrying(() =>
      this.http.call('sandbox POST 3ds approve', 'POST', url.split('?')[0] as string, { form }),
    ).then((r) => r.answer);
    if (done.status !== 200) {
      this.recorder.surprise(`3-D Secure approval answered ${done.status}`, done, 'sandbox POST 3ds approve');
      return 'failed';
    }
    return 'ok';
  }

  // ---- visitors who only look --------------------------------------------------------------------------

  private async browse() {
    const size = pick(this.setup.sizes);
    const visits = [
      () => this.http.call('booking GET /sizes', 'GET', '/booking/v1/sizes', { headers: this.auth() }),
      () =>
        this.http.call('booking POST /quote', 'POST', '/booking/v1/quote', {
          headers: this.auth(),
          json: { size_id: size.id, rental_days: pick([3, 7, 10, 14]) },
        }),
      () =>
        this.http.call(
          'booking GET /availability',
          'GET',
          `/booking/v1/availability?size_id=${size.id}&rental_days=7`,
          {
            headers: this.auth(),
          },
        ),
      () => this.http.call('junk GET /junk/config', 'GET', '/booking/v1/junk/config', { headers: this.auth() }),
      () =>
        this.http.call('junk POST /junk/quote', 'POST', '/booking/v1/junk/quote', {
          headers: this.auth(),
          json: { load_fraction: pick(this.setup.loads) },
        }),
    ];
    for (const visit of [pick(visits), pick(visits)]) {
      const answer = await visit();
      if (answer.status >= 400 && answer.status < 500)
        this.recorder.surprise(`browse answered ${answer.status}`, answer);
      await sleep(200 + Math.random() * 600);
    }
  }

  // ---- the company's server on the Data API ------------------------------------------------------------

  private dataAuth() {
    return { authorization: `Bearer ${this.setup.dataKey}` };
  }

  private async readData() {
    const reads: [string, string][] = [
      ['data GET /orders', '/data/v1/orders?per_page=20'],
      ['data GET /customers', '/data/v1/customers?per_page=20'],
      ['data GET /leads', '/data/v1/leads?per_page=20'],
      ['data GET /junk-jobs', '/data/v1/junk-jobs?per_page=20'],
      ['data GET /estimates', '/data/v1/estimates?per_page=20'],
      ['data GET /sizes', '/data/v1/sizes'],
    ];
    const order = this.knownOrders.length ? pick(this.knownOrders.slice(-50)) : undefined;
    if (order) reads.push(['data GET /orders/{n}', `/data/v1/orders/${order}`]);
    for (const [op, url] of [pick(reads), pick(reads)]) {
      const answer = await this.http.call(op, 'GET', url, { headers: this.dataAuth() });
      if (answer.status >= 400 && answer.status < 500)
        this.recorder.surprise(`${op} answered ${answer.status}`, answer, op);
      await sleep(100 + Math.random() * 300);
    }
  }

  private newPerson(): LeadPerson {
    const n = ++this.leadCounter;
    const digits = String(1_000_000 + n).slice(-7);
    const person: LeadPerson = {
      key: `lead-${n}`,
      phone: `+1 737 ${digits.slice(0, 3)} ${digits.slice(3)}`,
      email: `lead.${n}@soak.example`,
      firstAt: Date.now(),
      leadIds: new Set(),
    };
    this.people.set(person.key, person);
    this.sentPersonal(person.phone, person.email);
    return person;
  }

  /** The same person again within 10 minutes: the phone typed another way, or the e-mail in capitals. */
  private duplicateOf(person: LeadPerson) {
    const d = person.phone.replace(/\D/g, '').slice(1);
    const again: { name: string; phone?: string; email?: string } = pick([
      { name: 'Again By Phone', phone: `+1 (${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}` },
      { name: 'Again By Mail', email: person.email.toUpperCase() },
      { name: 'Again By Both', phone: `+1-${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`, email: person.email },
    ]);
    this.sentPersonal(again.phone, again.email);
    return again;
  }

  private async pushOne(person: LeadPerson, kind: LeadPush['kind'], body: Record<string, unknown>, key?: string) {
    const op = 'data POST /leads';
    const headers: Record<string, string> = { ...this.dataAuth(), ...(key ? { 'idempotency-key': key } : {}) };
    const { answer } = await retrying(() => this.http.call(op, 'POST', '/data/v1/leads', { headers, json: body }));
    const push: LeadPush = { at: Date.now(), person: person.key, kind, status: answer.status };
    if (answer.status === 200 || answer.status === 201) {
      push.leadId = answer.body.data.id;
      push.existing = answer.body.data.existing;
      person.leadIds.add(answer.body.data.id);
    } else this.recorder.surprise(`lead push answered ${answer.status}`, answer, op);
    this.pushes.push(push);
    return push;
  }

  private async pushLead() {
    const roll = Math.random();
    const recent = [...this.people.values()].filter(
      (p) => p.leadIds.size && Date.now() - p.firstAt > 2000 && Date.now() - p.firstAt < 8 * 60_000,
    );
    if (roll < 0.3 && recent.length) {
      const person = pick(recent);
      const push = await this.pushOne(person, 'duplicate', this.duplicateOf(person));
      if (push.leadId && !push.existing) this.recorder.surprise(`a repeat of ${person.key} made a new lead`);
      return;
    }
    const person = this.newPerson();
    const body = {
      name: `Lead ${person.key}`,
      phone: person.phone,
      email: person.email,
      size_label: pick(['10 yard', '20 yard', '30 yard']),
      note: 'From the site form',
    };
    if (roll > 0.93) {
      // A form submitted twice at once (a double click): one lead, both answers name it.
      await Promise.all([this.pushOne(person, 'concurrent', body), this.pushOne(person, 'concurrent', body)]);
      return;
    }
    await this.pushOne(person, 'new', body, Math.random() < 0.5 ? randomUUID() : undefined);
  }

  // ---- the console -------------------------------------------------------------------------------------

  private consoleClient(cookies: Map<string, string>) {
    const origin = this.setup.consoleOrigin;
    return async (op: string, method: string, url: string, json?: unknown) => {
      const headers: Record<string, string> = { origin };
      if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const csrf = [...cookies].find(([k]) => k.endsWith('svc-console.csrf'))?.[1];
      if (csrf && method !== 'GET') headers['x-svc-csrf'] = decodeURIComponent(csrf);
      const answer = await this.http.call(op, method, `/console/v1${url}`, { headers, json });
      applySetCookies(cookies, answer.headers);
      for (const value of cookies.values()) {
        const token = decodeURIComponent(value);
        this.secrets.add(token);
        // A signed cookie is `<token>.<signature>`: the token alone is what the database holds.
        if (token.includes('.')) this.secrets.add(token.slice(0, token.indexOf('.')));
      }
      return answer;
    };
  }

  /** One look at the console's badges with the office's session (the PostgreSQL fault calls it meanwhile). */
  async officeGlance() {
    const call = this.consoleClient(this.setup.owner.cookies);
    await call('console GET /needs-action/counts', 'GET', '/needs-action/counts');
  }

  /** Office staff working the queue: held bookings first, then the dispatch board and new leads. */
  private async officeLoop() {
    const call = this.consoleClient(this.setup.owner.cookies);
    const orderChain: Record<string, string> = {
      confirmed: 'scheduled',
      scheduled: 'out_for_delivery',
      out_for_delivery: 'delivered',
      delivered: 'picked_up',
      picked_up: 'completed',
    };
    const jobChain: Record<string, string> = { confirmed: 'scheduled', scheduled: 'en_route', en_route: 'completed' };
    while (this.running) {
      await this.pause(this.rates.officeEverySeconds * 1000 * (0.5 + Math.random()));
      if (!this.running) break;
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
        else this.recorder.surprise(`${op} answered ${answer.status}`, answer, op);
        continue;
      }
      const lead = (queue.body.data.new_leads as Json[])[0];
      if (lead && Math.random() < 0.3) {
        const op = 'console POST /leads/{id}/move';
        const answer = await call(op, 'POST', `/leads/${lead.id}/move`, { to: 'contacted' });
        if (answer.status === 200) this.office.leadsMoved++;
        else if (answer.status === 409) this.office.conflicts++;
        else if (!retryable(answer)) this.recorder.surprise(`${op} answered ${answer.status}`, answer, op);
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
      const movable = (list.body.data as Json[]).filter((r) => chain[r.status]);
      if (!movable.length) continue;
      const row = pick(movable);
      const number = jobs ? row.job_number : row.order_number;
      const op = `console POST ${jobs ? '/jobs' : '/orders'}/{n}/status`;
      const answer = await call(op, 'POST', `${jobs ? '/jobs' : '/orders'}/${number}/status`, {
        status: chain[row.status],
      });
      if (answer.status === 200) this.office.moved++;
      else if (answer.status === 409 || answer.status === 400) this.office.conflicts++;
      else if (!retryable(answer)) this.recorder.surprise(`${op} answered ${answer.status}`, answer, op);
    }
  }

  /** The owner, signed in with a password, reading the dashboard, the lists and the dispatch day. */
  private async ownerLoop() {
    const cookies = new Map<string, string>();
    const call = this.consoleClient(cookies);
    while (this.running) {
      if (!cookies.size) {
        const { answer } = await retrying(
          () =>
            call('console POST /session', 'POST', '/session', {
              email: this.setup.owner.email,
              password: this.setup.owner.password,
            }),
          20_000,
        );
        if (answer.status !== 200) {
          this.recorder.surprise(`sign-in answered ${answer.status}`, answer, 'console POST /session');
          await sleep(5000);
          continue;
        }
        this.office.signIns++;
      }
      await this.pause(this.rates.ownerEverySeconds * 1000 * (0.5 + Math.random()));
      if (!this.running) break;
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
        this.recorder.surprise(`${op} answered ${answer.status}`, answer, op);
    }
  }
}
