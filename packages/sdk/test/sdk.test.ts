import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BookingEvent,
  confirmWithRetry,
  createBookingClient,
  SvcApiError,
  SvcConnectionError,
  SvcWebhookError,
  verifyWebhook,
} from '../src/index';
import { intentBody as intentFor, payInSandbox, startApi } from './api';

let api: Awaited<ReturnType<typeof startApi>>;
beforeAll(async () => {
  api = await startApi();
}, 120_000);
afterAll(() => api?.stop());

const client = () => createBookingClient({ baseUrl: api.baseUrl, apiKey: api.keys.server });
const intentBody = () => intentFor(client());

describe('the read side, typed and unwrapped', () => {
  it('company, sizes, materials, availability', async () => {
    const svc = client();
    expect((await svc.company()).slug).toBe('demo');
    const sizes = await svc.sizes();
    expect(sizes.map((s) => s.label)).toEqual(['10 Yard Dumpster', '20 Yard Dumpster', '30 Yard Dumpster']);
    expect((await svc.materials()).materials.map((m) => m.slug)).toContain('concrete');
    const availability = await svc.availability({ from: (await svc.company()) && undefined });
    expect(availability.max_days).toBe(90);
  });

  it('check and quote', async () => {
    const svc = client();
    const [size] = await svc.sizes();
    const quote = await svc.quote({ size_id: size!.id, rental_days: 9 });
    expect(quote).toMatchObject({
      total: 433,
      total_cents: 43_300,
      processing_fee: 12.86,
      gross_total_cents: 44_586,
      pricing: 'general',
    });
    const check = await svc.check({ zip: '78701', promo_code: 'welcome10' });
    expect(check.service_area).toEqual({ ok: true });
    expect(check.promo).toMatchObject({ ok: true, discount_percent: 10 });
  });
});

describe('errors', () => {
  it('throws SvcApiError with status, code, field, details and a request id', async () => {
    const err = await client()
      .quote({ size_id: 'not-a-uuid', rental_days: 9 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SvcApiError);
    expect(err).toMatchObject({ status: 400, code: 'invalid_body', field: 'size_id' });
    expect((err as SvcApiError).requestId).toMatch(/^[0-9a-f-]{36}$/);
    const material = await client()
      .quote({ size_id: (await client().sizes())[0]!.id, rental_days: 9, material: 'uranium' })
      .catch((e: SvcApiError) => e);
    expect(material).toMatchObject({
      code: 'invalid_body',
      field: 'material',
      details: { allowed: ['household', 'concrete'] },
    });
  });

  it('a bad key is unauthorized; an unreachable API is SvcConnectionError', async () => {
    const bad = createBookingClient({ baseUrl: api.baseUrl, apiKey: 'svc_sk_booking_nope' });
    await expect(bad.sizes()).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    const down = createBookingClient({ baseUrl: 'http://127.0.0.1:9', apiKey: api.keys.server });
    await expect(down.sizes()).rejects.toBeInstanceOf(SvcConnectionError);
  });

  it('waits out a 429 when asked to (Retry-After), and not otherwise', async () => {
    let limited = 1;
    const fetchOnce429: typeof fetch = async (input, init) => {
      if (limited-- > 0) {
        if (input instanceof Request) await input.text(); // a server reads the body it refuses
        return new Response(JSON.stringify({ error: { code: 'rate_limited', message: 'slow down' } }), {
          status: 429,
          headers: { 'retry-after': '1', 'content-type': 'application/json' },
        });
      }
      return fetch(input, init);
    };
    const patient = createBookingClient({
      baseUrl: api.baseUrl,
      apiKey: api.keys.server,
      fetch: fetchOnce429,
      retryOnRateLimit: 2,
    });
    const started = Date.now();
    expect((await patient.sizes()).length).toBe(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    // A POST is sent again whole: its body went to the refusal, and the retry carries it again.
    const size = (await patient.sizes())[0];
    limited = 1;
    expect(await patient.quote({ size_id: size!.id, rental_days: 9 })).toMatchObject({ rental_days: 9 });
    limited = 1;
    const impatient = createBookingClient({ baseUrl: api.baseUrl, apiKey: api.keys.server, fetch: fetchOnce429 });
    await expect(impatient.sizes()).rejects.toMatchObject({ code: 'rate_limited', retryAfter: 1 });
  });

  it('does not wait out an hour-long refusal (the payment caps): it throws it at once', async () => {
    let calls = 0;
    const capped: typeof fetch = async () => {
      calls++;
      return new Response(JSON.stringify({ error: { code: 'rate_limited', message: 'payment caps' } }), {
        status: 429,
        headers: { 'retry-after': '3400', 'content-type': 'application/json' },
      });
    };
    const patient = createBookingClient({
      baseUrl: api.baseUrl,
      apiKey: api.keys.server,
      fetch: capped,
      retryOnRateLimit: 2,
    });
    await expect(patient.sizes()).rejects.toMatchObject({ code: 'rate_limited', retryAfter: 3400 });
    expect(calls).toBe(1);
  });
});

describe('the order flow', () => {
  it('createIntent generates a session id; confirmWithRetry makes the order; session tells it', async () => {
    const svc = client();
    const intent = await svc.createIntent(await intentBody());
    expect(intent.session_id).toMatch(/^ses_[0-9a-f]{32}$/);
    await payInSandbox(api.baseUrl, intent);
    const outcome = await confirmWithRetry(svc, intent);
    expect(outcome).toMatchObject({ state: 'confirmed', order_number: expect.any(Number) });
    expect(await svc.session(intent.session_id)).toMatchObject({
      state: 'confirmed',
      order_number: outcome.order_number,
    });
  });

  it("reads an order by number and changes it on the customer's saved card, once per idempotency key", async () => {
    const svc = client();
    const intent = await svc.createIntent(await intentBody());
    expect(intent.card_saved).toBe(true);
    await payInSandbox(api.baseUrl, intent);
    const { order_number } = await confirmWithRetry(svc, intent);
    const number = order_number as number;
    const order = await svc.order(number);
    expect(order).toMatchObject({ service: 'dumpster', order_number: number, card_saved: true });
    const quote = await svc.quoteOrderChange(number, { kind: 'extend', days: 2 });
    expect(quote.after.rental_days).toBe(order.rental_days + 2);
    const key = `sdk_extend_${number}`;
    const change = await svc.changeOrder(number, { kind: 'extend', days: 2 }, key);
    expect(change).toMatchObject({ status: 'applied', made_by: 'api', amounts: quote.amounts });
    expect((await svc.changeOrder(number, { kind: 'extend', days: 2 }, key)).id).toBe(change.id);
    expect((await svc.order(number)).rental_days).toBe(order.rental_days + 2);
  });

  it('confirmWithRetry retries a network failure with the same pair', async () => {
    let failures = 1;
    const flaky: typeof fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith('/confirm') && failures-- > 0) throw new TypeError('fetch failed (connection reset)');
      return fetch(input, init);
    };
    const svc = createBookingClient({ baseUrl: api.baseUrl, apiKey: api.keys.server, fetch: flaky });
    const intent = await svc.createIntent(await intentBody());
    await payInSandbox(api.baseUrl, intent);
    expect(await confirmWithRetry(svc, intent, { baseDelayMs: 10 })).toMatchObject({ state: 'confirmed' });
    expect(failures).toBe(-1);
  });

  it('confirmWithRetry does not retry a card that is not authorized', async () => {
    const svc = client();
    const intent = await svc.createIntent(await intentBody());
    await expect(confirmWithRetry(svc, intent, { baseDelayMs: 10 })).rejects.toMatchObject({ code: 'unconfirmed' });
  });
});

/** A solid-color PNG of w x h, made by hand (the SDK's tests need no image library). */
function solidPng(width: number, height: number): ArrayBuffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x80)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return png.buffer.slice(png.byteOffset, png.byteOffset + png.length) as ArrayBuffer;
}

describe('junk removal', () => {
  it('config, availability, quote, intent, confirm, photos and session, typed', async () => {
    const svc = client();
    const config = await svc.junkConfig();
    expect(config.loads.map((l) => l.load_fraction)).toEqual(['min', '1/8', '1/4', '1/2', '3/4', 'full']);
    const { days } = await svc.junkAvailability();
    const day = days.find((d) => d.open && d.windows.some((w) => w.remaining > 0))!;
    const window = day.windows.find((w) => w.remaining > 0)!;
    const quote = await svc.junkQuote({ load_fraction: '1/2' });
    expect(quote.lines.base).toBe(429);

    const intent = await svc.createJunkIntent({
      load_fraction: '1/2',
      job_date: day.date,
      time_window_start: window.start,
      time_window_end: window.end,
      address_line1: '100 Congress Ave',
      zip: '78701',
      customer: { name: 'Pat Doe', email: `pat.junk.${Date.now()}@example.com`, phone: '+1 512 555 0199' },
      terms_accepted: true,
    });
    expect(intent.amount.gross_total_cents).toBe(quote.gross_total_cents);
    await payInSandbox(api.baseUrl, intent);
    const job = await svc.confirmJunk(intent);
    expect(job).toMatchObject({ state: 'confirmed', job_date: day.date, time_window: { start: window.start } });

    const png = new Blob([solidPng(240, 240)], { type: 'image/png' });
    const uploaded = await svc.uploadJunkPhotos(intent.session_id, [png]);
    expect(uploaded).toMatchObject({ job_number: job.job_number, remaining: 2 });
    expect(uploaded.photos[0]).toMatchObject({ content_type: 'image/png', width: 240, height: 240 });
    expect(await svc.session(intent.session_id)).toMatchObject({ kind: 'junk', job_number: job.job_number });

    const error = await svc.junkQuote({ load_fraction: '5/8' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcApiError);
    expect((error as SvcApiError).code).toBe('not_found');
  });
});

describe('verifyWebhook', () => {
  const received: { body: string; signature: string }[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ body, signature: String(req.headers['x-svc-signature']) });
      res.writeHead(200).end();
    });
  });
  let secret = '';
  beforeAll(async () => {
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
    secret = api.svc(
      'webhooks',
      'add',
      'demo',
      `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
    ).secret;
  });
  afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

  it('verifies a real delivery and returns the typed event; refuses anything else', async () => {
    const svc = client();
    const intent = await svc.createIntent(await intentBody());
    await payInSandbox(api.baseUrl, intent);
    const { order_number } = (await confirmWithRetry(svc, intent)) as { order_number: number };
    await expect.poll(() => received.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const { body, signature } = received.at(-1)!;

    const event: BookingEvent = await verifyWebhook(body, signature, secret);
    expect(event.event).toBe('booking.completed');
    if (event.event === 'booking.completed' && event.data.service === 'dumpster') {
      expect(event.data.order_number).toBe(order_number);
    } else expect.fail(`a dumpster order's event, got ${JSON.stringify(event.data)}`);
    expect((await verifyWebhook(new TextEncoder().encode(body), signature, secret)).event).toBe('booking.completed');

    await expect(verifyWebhook(body.replace('"confirmed"', '"canceled"'), signature, secret)).rejects.toThrow(
      /does not match/,
    );
    await expect(verifyWebhook(body, signature, 'svc_wh_not_the_secret')).rejects.toThrow(/does not match/);
    await expect(verifyWebhook(body, signature, secret, { now: new Date(Date.now() + 10 * 60_000) })).rejects.toThrow(
      /tolerance/,
    );
    await expect(verifyWebhook(JSON.parse(body), signature, secret)).rejects.toThrow(/raw request body/);
    await expect(verifyWebhook(body, undefined, secret)).rejects.toBeInstanceOf(SvcWebhookError);
  });
});
