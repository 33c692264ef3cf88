import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmWithRetry,
  createBookingClient,
  createDataClient,
  type DataEvent,
  type Order,
  SvcApiError,
  SvcConnectionError,
  SvcWebhookError,
  verifyDataWebhook,
} from '../src/index';
import { bookJunkJob, intentBody, payInSandbox, startApi } from './api';

let api: Awaited<ReturnType<typeof startApi>>;
let key = '';
/** The demo company's orders, newest first, as the booking flow made them for these tests. */
const booked: number[] = [];
beforeAll(async () => {
  api = await startApi();
  key = api.dataKey();
  const booking = createBookingClient({ baseUrl: api.baseUrl, apiKey: api.keys.server });
  for (let i = 0; i < 3; i++) {
    const intent = await booking.createIntent(await intentBody(booking));
    await payInSandbox(api.baseUrl, intent);
    booked.unshift((await confirmWithRetry(booking, intent)).order_number as number);
  }
}, 180_000);
afterAll(() => api?.stop());

/** A fetch that records what the client asked (method, path and query, status answered). */
function recording(base: typeof fetch = fetch) {
  const calls: { method: string; url: URL; status: number; headers: Headers }[] = [];
  const fetchAndRecord: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const response = await base(request);
    calls.push({
      method: request.method,
      url: new URL(request.url),
      status: response.status,
      headers: request.headers,
    });
    return response;
  };
  return { calls, fetch: fetchAndRecord };
}

/** A fetch that answers the documented error envelope with `status` and headers, `times` times, then the API. */
function refusing(times: number, status: number, error: Record<string, unknown>, headers: Record<string, string> = {}) {
  const state = { calls: 0 };
  const refuse: typeof fetch = async (input, init) => {
    state.calls++;
    if (state.calls > times) return fetch(input, init);
    return Response.json({ error }, { status, headers: { 'x-request-id': 'req-123', ...headers } });
  };
  return { state, fetch: refuse };
}

const client = (options: Partial<Parameters<typeof createDataClient>[0]> = {}) =>
  createDataClient({ baseUrl: api.baseUrl, apiKey: key, ...options });

describe('orders', () => {
  it('awaited, a list call is one page of the envelope', async () => {
    const page = await client().orders.list({ per_page: 2 });
    expect(page).toMatchObject({ page: 1, per_page: 2, has_more: true });
    expect(page.data.map((o) => o.order_number)).toEqual(booked.slice(0, 2));
    expect(page.data[0]).toMatchObject({
      status: 'confirmed',
      payment_status: expect.any(String),
      size: expect.any(String),
    });
  });

  it('iterated, it walks every page while has_more, 100 a page unless asked', async () => {
    const small = recording();
    const seen: Order[] = [];
    for await (const order of client({ fetch: small.fetch }).orders.list({ per_page: 2, status: 'confirmed' }))
      seen.push(order);
    expect(seen.map((o) => o.order_number)).toEqual(booked);
    expect(small.calls.map((c) => [c.url.searchParams.get('page'), c.url.searchParams.get('per_page')])).toEqual([
      ['1', '2'],
      ['2', '2'],
    ]);
    expect(small.calls.every((c) => c.url.searchParams.get('status') === 'confirmed')).toBe(true);

    const big = recording();
    const all: number[] = [];
    for await (const order of client({ fetch: big.fetch }).orders.list()) all.push(order.order_number);
    expect(all).toEqual(booked);
    expect(big.calls.map((c) => c.url.search)).toEqual(['?page=1&per_page=100']);
  });

  it('awaiting the same list call twice asks once; a filter that matches nothing is an empty page', async () => {
    const rec = recording();
    const list = client({ fetch: rec.fetch }).orders.list({ status: 'canceled' });
    expect(await list).toEqual({ data: [], page: 1, per_page: 25, has_more: false });
    await list;
    expect(rec.calls).toHaveLength(1);
  });

  it('get reads one order; an unknown number is not_found', async () => {
    const svc = client();
    expect(await svc.orders.get(booked[0] as number)).toMatchObject({ order_number: booked[0] });
    const err = await svc.orders.get(99_999_999).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SvcApiError);
    expect(err).toMatchObject({ status: 404, code: 'not_found', requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });
});

describe('leads', () => {
  it('a push answers 201 with a new lead, the same phone again 200 with that lead and existing', async () => {
    const rec = recording();
    const svc = client({ fetch: rec.fetch });
    const first = await svc.leads.create({ name: 'Sam Lee', phone: '+1 (512) 555-0142', note: 'a 20 yard next week' });
    expect(first.existing).toBe(false);
    expect(first.lead).toMatchObject({ name: 'Sam Lee', status: 'new', phone_normalized: '+15125550142' });
    expect(first.lead).not.toHaveProperty('existing');
    const again = await svc.leads.create({ name: 'Sam L.', phone: '+15125550142' });
    expect(again).toEqual({ lead: first.lead, existing: true });
    expect(rec.calls.map((c) => c.status)).toEqual([201, 200]);
    expect(rec.calls[0]?.headers.has('idempotency-key')).toBe(false);
  });

  it('an Idempotency-Key makes a repeated push answer as the first did, with nothing to match on', async () => {
    const rec = recording();
    const svc = client({ fetch: rec.fetch });
    const idempotencyKey = `form-${Date.now()}`;
    const first = await svc.leads.create({ name: 'Walk-in, no contact' }, { idempotencyKey });
    const retried = await svc.leads.create({ name: 'Walk-in, no contact' }, { idempotencyKey });
    expect(retried).toEqual(first);
    expect(rec.calls.map((c) => [c.status, c.headers.get('idempotency-key')])).toEqual([
      [201, idempotencyKey],
      [201, idempotencyKey],
    ]);
  });

  it('a refused body throws invalid_body with the field', async () => {
    const err = await client()
      .leads.create({ name: 'x'.repeat(121) })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 400, code: 'invalid_body', field: 'name' });
  });
});

describe('customers, estimates, sizes, junk jobs and leads', () => {
  const booking = () => createBookingClient({ baseUrl: api.baseUrl, apiKey: api.keys.server });

  it("an order's customer_ref reads its customer, who is in the list found by name", async () => {
    const svc = client();
    const order = await svc.orders.get(booked[0] as number);
    const customer = await svc.customers.get(order.customer_ref);
    expect(customer).toMatchObject({ id: order.customer_ref, name: 'Pat Doe' });
    const found: string[] = [];
    for await (const c of svc.customers.list({ q: 'pat doe', per_page: 1 })) found.push(c.id);
    expect(found).toContain(order.customer_ref);
    await expect(svc.customers.get(crypto.randomUUID())).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });

  it('a priced checkout never paid is an open estimate, listed and read by its session id', async () => {
    const svc = client();
    const body = await intentBody(booking());
    const intent = await booking().createIntent({
      ...body,
      customer: { ...body.customer, email: `never.paid.${Date.now()}@example.com` },
    });
    const open: string[] = [];
    for await (const estimate of svc.estimates.list({ status: 'open', kind: 'dumpster' })) open.push(estimate.id);
    expect(open).toContain(intent.session_id);
    expect(await svc.estimates.get(intent.session_id)).toMatchObject({
      id: intent.session_id,
      kind: 'dumpster',
      status: 'open',
      customer: { email: expect.stringMatching(/^never\.paid\./) },
    });
  });

  it("sizes are the company's, with the ids the Booking API takes", async () => {
    const sizes = [];
    for await (const size of client().sizes.list()) sizes.push(size);
    expect(sizes.map((s) => s.id).sort()).toEqual((await booking().sizes()).map((s) => s.id).sort());
  });

  it('a junk job is listed and read by its number', async () => {
    const jobNumber = await bookJunkJob(booking(), api.baseUrl);
    const svc = client();
    const page = await svc.junkJobs.list({ status: 'confirmed' });
    expect(page.data.map((j) => j.job_number)).toContain(jobNumber);
    expect(await svc.junkJobs.get(jobNumber)).toMatchObject({ job_number: jobNumber, load_fraction: '1/4' });
    await expect(svc.junkJobs.get(99_999_999)).rejects.toMatchObject({ code: 'not_found', field: 'job_number' });
  });

  it('leads are listed newest first across pages, and read by id', async () => {
    const svc = client();
    const run = Date.now();
    const pushed: string[] = [];
    for (let i = 0; i < 5; i++) {
      pushed.unshift(
        (await svc.leads.create({ name: `Paging ${run} ${i}`, email: `paging.${run}.${i}@example.com` })).lead.id,
      );
    }
    const rec = recording();
    const listed: string[] = [];
    for await (const lead of client({ fetch: rec.fetch }).leads.list({ q: `paging.${run}`, per_page: 2 }))
      listed.push(lead.id);
    expect(listed).toEqual(pushed);
    expect(rec.calls.map((c) => c.url.searchParams.get('page'))).toEqual(['1', '2', '3']);
    expect(await svc.leads.get(pushed[0] as string)).toMatchObject({
      id: pushed[0],
      name: `Paging ${run} 4`,
      status: 'new',
    });
  });
});

describe('errors', () => {
  it('a bad parameter is invalid_parameter with its field', async () => {
    const err = await client()
      .orders.list({ from: '2026-12-01', to: '2026-11-01' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(err).toMatchObject({ status: 400, code: 'invalid_parameter', field: 'to' });
  });

  it('a wrong key is unauthorized; a browser marker is secret_in_browser; no API, or another server, is SvcConnectionError', async () => {
    await expect(client({ apiKey: api.keys.server }).orders.list()).rejects.toMatchObject({
      status: 401,
      code: 'unauthorized',
      message: expect.stringContaining('svc_live_'),
    });
    const fromAPage: typeof fetch = (input, init) => {
      const request = new Request(input, init);
      request.headers.set('origin', 'https://shop.example.com');
      return fetch(request);
    };
    await expect(client({ fetch: fromAPage }).orders.list()).rejects.toMatchObject({
      status: 403,
      code: 'secret_in_browser',
    });
    const proxyPage: typeof fetch = async () => new Response('<html>502 Bad Gateway</html>', { status: 502 });
    const elsewhere = client({ fetch: proxyPage }).orders.get(1001);
    await expect(elsewhere).rejects.toBeInstanceOf(SvcConnectionError);
    await expect(elsewhere).rejects.toThrow(/^HTTP 502 .*no error envelope/);
    const down = client({ baseUrl: 'http://127.0.0.1:9' });
    await expect(down.orders.list()).rejects.toBeInstanceOf(SvcConnectionError);
    await expect(down.orders.list()).rejects.toThrow(/Could not reach the Data API/);
  });

  it('waits out rate_limited for Retry-After by default, and throws it when told not to wait', async () => {
    const limited = refusing(1, 429, { code: 'rate_limited', message: 'slow down' }, { 'retry-after': '1' });
    const started = Date.now();
    expect((await client({ fetch: limited.fetch }).orders.list()).data.length).toBe(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(limited.state.calls).toBe(2);

    const impatient = refusing(1, 429, { code: 'rate_limited', message: 'slow down' }, { 'retry-after': '1' });
    const err = await client({ fetch: impatient.fetch, retryOnRateLimit: 0 })
      .orders.list()
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(SvcApiError);
    expect(err).toMatchObject({ status: 429, code: 'rate_limited', retryAfter: 1, requestId: 'req-123' });
  });

  it('throws a Retry-After longer than maxRetryWaitSeconds at once, and stops after retryOnRateLimit waits', async () => {
    const long = refusing(5, 429, { code: 'rate_limited', message: 'slow down' }, { 'retry-after': '30' });
    await expect(client({ fetch: long.fetch, maxRetryWaitSeconds: 10 }).orders.list()).rejects.toMatchObject({
      code: 'rate_limited',
      retryAfter: 30,
    });
    expect(long.state.calls).toBe(1);
    const always = refusing(5, 429, { code: 'rate_limited', message: 'slow down' }, { 'retry-after': '1' });
    await expect(client({ fetch: always.fetch, retryOnRateLimit: 1 }).orders.list()).rejects.toMatchObject({
      code: 'rate_limited',
    });
    expect(always.state.calls).toBe(2);
  });

  it('never waits on the free plan lead quota, and carries its upgrade_url', async () => {
    const quota = refusing(
      5,
      429,
      {
        code: 'lead_quota_exceeded',
        message: '200 new leads today',
        upgrade_url: 'https://console.example.com/upgrade',
      },
      { 'retry-after': '1' },
    );
    const err = await client({ fetch: quota.fetch })
      .leads.create({ name: 'Sam' })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({
      status: 429,
      code: 'lead_quota_exceeded',
      upgradeUrl: 'https://console.example.com/upgrade',
    });
    expect(quota.state.calls).toBe(1);
  });
});

describe('the free plan', () => {
  afterAll(() => {
    api.svc('data-api', 'window', 'demo', '--reset');
    api.svc('data-api', 'plan', 'demo', 'paid');
  });
  /** What a read answers now: the server learns of the CLI's changes within a second. */
  const read = (svc: ReturnType<typeof client>) =>
    svc.orders.list().then(
      () => 'read',
      (e: SvcApiError) => e.code,
    );

  it('reads say the window left; once it ends, daily_window_ended with upgradeUrl, never waited on', async () => {
    const svc = client();
    expect(svc.windowRemaining).toBeUndefined();
    await svc.orders.list();
    expect(svc.windowRemaining).toBeUndefined(); // the paid plan has no window

    api.svc('data-api', 'plan', 'demo', 'free');
    api.svc('data-api', 'window', 'demo', '--reset');
    await expect.poll(async () => (await read(svc)) && svc.windowRemaining).toBeGreaterThan(590);
    expect(svc.windowRemaining).toBeLessThanOrEqual(600);
    await svc.leads.create({ name: 'Pushed while free' }); // lead pushes use no window and say none
    expect(svc.windowRemaining).toBeGreaterThan(590);

    api.svc('data-api', 'window', 'demo', '--end');
    await expect.poll(() => read(client())).toBe('daily_window_ended');
    const rec = recording();
    const err = await client({ fetch: rec.fetch })
      .orders.list()
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(SvcApiError);
    expect(err).toMatchObject({
      status: 429,
      code: 'daily_window_ended',
      upgradeUrl: expect.stringMatching(/^https?:\/\//),
    });
    expect(rec.calls).toHaveLength(1);
    await expect(svc.orders.get(booked[0] as number)).rejects.toMatchObject({ code: 'daily_window_ended' });
    expect(svc.windowRemaining).toBe(0);
    expect((await svc.leads.create({ name: 'Still taken' })).existing).toBe(false);
  });
});

it('refuses to be made in a web page', () => {
  const g = globalThis as { window?: unknown; document?: unknown };
  g.window = g;
  g.document = {};
  try {
    expect(() => client()).toThrow(/servers only/);
  } finally {
    delete g.window;
    delete g.document;
  }
  expect(() => client()).not.toThrow();
});

describe('verifyDataWebhook', () => {
  const secret = 'svc_wh_0123456789abcdef0123456789abcdef';
  /** Signed as data spec section 6 says, independently of the SDK: HMAC-SHA256 of "<t>.<raw body>". */
  const sign = (body: string, t = Math.floor(Date.now() / 1000)) =>
    `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;

  it('returns the typed data event of a signed delivery; refuses a changed body or an old one', async () => {
    const body = JSON.stringify({
      event: 'order.status_changed',
      created_at: new Date().toISOString(),
      data: { order_number: 1001, status: 'delivered', previous_status: 'scheduled' },
    });
    const event: DataEvent = await verifyDataWebhook(body, sign(body), secret);
    if (event.event !== 'order.status_changed') expect.fail(`order.status_changed, got ${event.event}`);
    expect(event.data.previous_status).toBe('scheduled');
    await expect(verifyDataWebhook(body.replace('delivered', 'canceled'), sign(body), secret)).rejects.toThrow(
      /does not match/,
    );
    const old = Math.floor(Date.now() / 1000) - 600;
    await expect(verifyDataWebhook(body, sign(body, old), secret)).rejects.toBeInstanceOf(SvcWebhookError);
    await expect(verifyDataWebhook(JSON.parse(body), sign(body), secret)).rejects.toThrow(/raw request body/);
  });
});
