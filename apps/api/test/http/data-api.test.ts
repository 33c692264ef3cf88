import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';
import { repoRoot } from '../../src/lib/paths';
import { eventually, svc } from '../support/cli';
import { type ApiResponse, apiClient, expectError } from '../support/client';

const targets = inject('targets');

/** A new lead's details, unique to this run (a phone written the way people write them). */
let made = 0;
const run = randomBytes(2).readUInt16BE(0) % 1000;
const someone = () => {
  const n = String(++made).padStart(4, '0');
  return {
    name: `Lead ${run}-${n}`,
    phone: `+1 (${String(200 + (run % 800)).padStart(3, '0')}) 55${n.slice(0, 1)}-${n.slice(1)}${run % 10}`,
  };
};

// The Data API's gate, errors and lead intake (data spec sections 4, 5, 7 and 8) on every server and driver.
describe.each(targets)('the Data API on $name', (target) => {
  const data = apiClient(target.baseUrl, 'data');
  const booking = apiClient(target.baseUrl);
  const { data: keys, acme } = target.fixtures;

  describe('keys and access', () => {
    it.each([
      ['no key', {}],
      ['a malformed header', { headers: { authorization: 'Basic abc' } }],
      ['an unknown data key', { key: `svc_live_${'x'.repeat(32)}` }],
      ['a Booking API server key', { key: acme.server }],
      ['a publishable key', { key: acme.publishable }],
    ])('%s: 401 unauthorized', async (_name, options) => {
      expectError(await data.get('/orders', options), 401, 'unauthorized');
    });

    it('a Data API key does not open the Booking API', async () => {
      expectError(await booking.get('/sizes', { key: keys.acme }), 401, 'unauthorized');
    });

    it('a key of an unapproved company is refused; it works once approved and stops when access is revoked', async () => {
      const key = (await svc(target, 'data-api', 'keys', 'create', 'offline')).key as string;
      expect(key).toMatch(/^svc_live_[A-Za-z0-9_-]{32}$/);
      const refused = await data.get('/orders', { key });
      expectError(refused, 401, 'unauthorized');
      expect(refused.body.error.message).toMatch(/not approved/);
      await svc(target, 'data-api', 'request', 'offline', '--use', 'Orders into our accounting, nightly');
      expectError(await data.get('/orders', { key }), 401, 'unauthorized');
      await svc(target, 'data-api', 'approve', 'offline');
      await svc(target, 'data-api', 'plan', 'offline', 'paid');
      await eventually(async () => expect((await data.get('/orders', { key })).status).toBe(200));
      await svc(target, 'data-api', 'revoke', 'offline');
      await eventually(async () => {
        const res = await data.get('/orders', { key });
        expectError(res, 401, 'unauthorized');
        expect(res.body.error.message).toMatch(/revoked/);
      });
    });

    it('a revoked key stops working at once on every instance', async () => {
      const created = await svc(target, 'data-api', 'keys', 'create', 'rival', '--label', 'to revoke');
      expect((await data.get('/orders', { key: created.key })).status).toBe(200);
      const listed = await svc(target, 'data-api', 'keys', 'list', 'rival');
      expect(listed.find((k: { id: string }) => k.id === created.id)).toMatchObject({ kind: 'data', status: 'active' });
      expect(JSON.stringify(listed)).not.toContain(created.key);
      await svc(target, 'data-api', 'keys', 'revoke', 'rival', created.id);
      await eventually(async () => expectError(await data.get('/orders', { key: created.key }), 401, 'unauthorized'));
    });

    it("the company's own switch off answers 403 access_disabled, and on again works", async () => {
      await svc(target, 'data-api', 'access', 'rival', 'off');
      await eventually(async () => expectError(await data.get('/orders', { key: keys.rival }), 403, 'access_disabled'));
      await svc(target, 'data-api', 'access', 'rival', 'on');
      await eventually(async () => expect((await data.get('/orders', { key: keys.rival })).status).toBe(200));
    });
  });

  describe('browsers are refused on purpose', () => {
    it.each([
      ['Origin', { origin: 'https://acme.example' }],
      ['Sec-Fetch-Site', { headers: { 'sec-fetch-site': 'cross-site' } }],
    ])('a request carrying %s is refused with a message that says why, and no CORS allowance', async (_n, options) => {
      const res = await data.get('/orders', { key: keys.acme, ...options });
      expectError(res, 403, 'secret_in_browser');
      expect(res.body.error.message).toMatch(/servers only/);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('a CORS preflight gets no allowance', async () => {
      const res = await data.call('OPTIONS', '/orders', {
        origin: 'https://acme.example',
        headers: { 'access-control-request-method': 'GET' },
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('access-control-allow-methods')).toBeNull();
    });
  });

  describe('endpoints and methods', () => {
    it('an unknown endpoint is 404 not_found; an unsupported method 405 with Allow', async () => {
      expectError(await data.get('/invoices', { key: keys.acme }), 404, 'not_found');
      const res = await data.call('DELETE', '/orders', { key: keys.acme });
      expectError(res, 405, 'method_not_allowed');
      expect(res.headers.get('allow')).toContain('GET');
      expectError(await data.call('PUT', '/leads', { key: keys.acme, body: {} }), 405, 'method_not_allowed');
    });

    it('serves its OpenAPI document, the one committed in the SDK', async () => {
      const res = await fetch(`${target.baseUrl}/data/v1/openapi.json`);
      expect(res.status).toBe(200);
      const committed = readFileSync(path.join(repoRoot(), 'packages/sdk/openapi/data.json'), 'utf8');
      expect(await res.json()).toEqual(JSON.parse(committed));
    });

    it('bad query parameters are 400 invalid_parameter naming the parameter', async () => {
      for (const [query, field] of [
        [{ per_page: '101' }, 'per_page'],
        [{ per_page: '0' }, 'per_page'],
        [{ page: '0' }, 'page'],
        [{ page: 'two' }, 'page'],
        [{ status: 'lost' }, 'status'],
        [{ from: '2026-02-30' }, 'from'],
        [{ from: '2026-03-02', to: '2026-03-01' }, 'to'],
        [{ sort: 'asc' }, 'sort'],
      ] as [Record<string, string>, string][]) {
        expectError(await data.get('/orders', { key: keys.acme, query }), 400, 'invalid_parameter', field);
      }
      expectError(await data.get('/orders/abc', { key: keys.acme }), 400, 'invalid_parameter', 'order_number');
    });
  });

  describe('POST /v1/leads', () => {
    const push = (body: unknown, headers: Record<string, string> = {}, key = keys.acme) =>
      data.post('/leads', { key, body, headers });

    it('201 with a new lead, then 200 with the same lead and existing: true for the same phone in another form', async () => {
      const person = someone();
      const first = await push(person);
      expect(first.status).toBe(201);
      expect(first.body.data).toMatchObject({ name: person.name, status: 'new', existing: false, source: 'api' });
      expect(first.body.data.phone_normalized).toMatch(/^\+1\d+$/);
      const again = await push({ name: 'Someone else', phone: first.body.data.phone_normalized });
      expect(again.status).toBe(200);
      expect(again.body.data).toMatchObject({ id: first.body.data.id, name: person.name, existing: true });
      expect(again.headers.get('x-svc-window-remaining')).toBeNull();
    });

    it('a phone is answered normalized to digits, a leading + kept (data spec section 2), whatever its format', async () => {
      const digits = `808555${String(1000 + (run % 9000)).slice(-4)}`;
      const formats: [string, string][] = [
        [`+1 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`, `+1${digits}`],
        [`${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)} `, digits],
        [`(${digits.slice(0, 3)}) ${digits.slice(3, 6)} ${digits.slice(6)}`, digits],
      ];
      for (const [typed, normalized] of formats) {
        const pushed = await push({ name: 'Phone Format', phone: typed });
        expect([200, 201]).toContain(pushed.status);
        expect(pushed.body.data.phone).toBe(normalized);
        const read = await data.get(`/leads/${pushed.body.data.id}`, { key: keys.acme });
        expect(read.body.data.phone).toBe(normalized);
      }
    });

    it('e-mail is compared case-insensitively; another person is another lead', async () => {
      const email = `Pat.${randomBytes(3).toString('hex')}@Example.com`;
      const first = await push({ name: 'Pat', email });
      const again = await push({ name: 'Pat', email: email.toUpperCase() });
      expect([first.status, again.status]).toEqual([201, 200]);
      expect(again.body.data.id).toBe(first.body.data.id);
      expect((await push({ name: 'Pat', email: `x${email}` })).status).toBe(201);
    });

    it('concurrent pushes of the same person make exactly one lead', async () => {
      const person = someone();
      const results = await Promise.all(Array.from({ length: 10 }, () => push(person)));
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      expect(results.filter((r) => r.status === 200)).toHaveLength(9);
      expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    });

    it('a retry with the same Idempotency-Key answers the same lead, even without phone or e-mail', async () => {
      const idem = `retry-${randomBytes(6).toString('hex')}`;
      const body = { name: 'Walk-in, no contact yet', note: 'called from the yard' };
      const [a, b] = [await push(body, { 'idempotency-key': idem }), await push(body, { 'idempotency-key': idem })];
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(b.body.data.id).toBe(a.body.data.id);
      const concurrent = await Promise.all(
        Array.from({ length: 5 }, () => push({ name: 'Twice' }, { 'idempotency-key': `${idem}-c` })),
      );
      expect(new Set(concurrent.map((r) => r.body.data.id)).size).toBe(1);
      expectError(
        await push({ name: 'Another lead' }, { 'idempotency-key': idem }),
        409,
        'idempotency_conflict',
        'idempotency-key',
      );
      expectError(await push(body, { 'idempotency-key': 'short' }), 400, 'invalid_body', 'idempotency-key');
    });

    it.each([
      ['no name', { phone: '555' }, 'name'],
      ['an empty name', { name: '   ' }, 'name'],
      ['a name of 121 characters', { name: 'n'.repeat(121) }, 'name'],
      ['a name of 121 characters that are emoji', { name: '🚛'.repeat(121) }, 'name'],
      ['a phone of 41 characters', { name: 'A', phone: '1'.repeat(41) }, 'phone'],
      ['a phone without digits', { name: 'A', phone: 'call me' }, 'phone'],
      ['an e-mail that is not one', { name: 'A', email: 'not-an-email' }, 'email'],
      ['an e-mail of 201 characters', { name: 'A', email: `${'e'.repeat(189)}@example.com` }, 'email'],
      ['an address of 301 characters', { name: 'A', address: 'a'.repeat(301) }, 'address'],
      ['a size_label of 61 characters', { name: 'A', size_label: 's'.repeat(61) }, 'size_label'],
      ['a note of 2001 characters', { name: 'A', note: 'x'.repeat(2001) }, 'note'],
      ['a control character', { name: 'A\u0000B' }, 'name'],
      ['an unknown field', { name: 'A', status: 'converted' }, 'status'],
      ['a number for a name', { name: 42 }, 'name'],
    ])('%s: 400 invalid_body naming the field', async (_name, body, field) => {
      expectError(await push(body), 400, 'invalid_body', field);
    });

    it("the limits are the spec's exactly: 120 characters of any kind, 2000 in a note", async () => {
      const res = await push({ name: '🚛'.repeat(120), note: 'x'.repeat(2000), address: 'a'.repeat(300) });
      expect(res.status).toBe(201);
      expect([...res.body.data.name]).toHaveLength(120);
    });

    it('a body that is not JSON is invalid_body', async () => {
      const res = await data.post('/leads', {
        key: keys.acme,
        raw: '{"name":',
        headers: { 'content-type': 'application/json' },
      });
      expectError(res, 400, 'invalid_body', 'body');
    });

    it('property: any JSON body gets 201, 200 or 400 with a field, never a 500', async () => {
      const value = fc.oneof(
        fc.string({ maxLength: 30 }),
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.constant('+1 212 555 0100'),
        fc.emailAddress(),
        fc.string({ minLength: 115, maxLength: 125 }),
        fc.array(fc.string(), { maxLength: 2 }),
      );
      const fields = ['name', 'phone', 'email', 'address', 'size_label', 'note', 'extra'];
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            { weight: 4, arbitrary: fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: 4 }) },
            { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
          ),
          async (body) => {
            const res = await push(body);
            expect([200, 201, 400], JSON.stringify(res.body)).toContain(res.status);
            if (res.status === 400) expect(res.body.error.field).toEqual(expect.any(String));
          },
        ),
        { numRuns: 120 },
      );
    });
  });

  // freeco is on the free plan: these run in order and share its day.
  describe('the free plan', () => {
    const key = keys.freeco;
    let leadsToday = 0;

    it('the first read opens a 10-minute window said in X-SVC-Window-Remaining; when it has ended, reads get daily_window_ended with upgrade_url, and lead pushes still work', async () => {
      const first = await data.get('/orders', { key });
      expect(first.status).toBe(200);
      const remaining = Number(first.headers.get('x-svc-window-remaining'));
      expect(remaining).toBeGreaterThan(500);
      expect(remaining).toBeLessThanOrEqual(600);
      const window = await svc(target, 'data-api', 'window', 'freeco');
      expect(window).toMatchObject({ plan: 'free', state: 'open' });
      // The platform's support tool ends today's window (as ten minutes would).
      await svc(target, 'data-api', 'window', 'freeco', '--end');
      let ended: ApiResponse | undefined;
      await eventually(async () => {
        ended = await data.get('/orders', { key });
        expectError(ended, 429, 'daily_window_ended');
      });
      expect(ended?.body.error.upgrade_url).toMatch(/^https?:\/\/.+/);
      const lead = await data.post('/leads', { key, body: someone() });
      expect(lead.status).toBe(201);
      expect(lead.headers.get('x-svc-window-remaining')).toBeNull();
      leadsToday++;
      await svc(target, 'data-api', 'window', 'freeco', '--reset');
      await eventually(async () => expect((await data.get('/orders', { key })).status).toBe(200));
    });

    it('the paid plan has no window and no header', async () => {
      const res = await data.get('/orders', { key: keys.acme });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-svc-window-remaining')).toBeNull();
    });

    it('200 new leads a day: the 201st is refused with lead_quota_exceeded and upgrade_url; a duplicate still answers', async () => {
      const made: { phone: string }[] = [];
      for (let i = leadsToday; i < 200; i += 20) {
        const batch = Array.from({ length: Math.min(20, 200 - i) }, () => someone());
        const results = await Promise.all(batch.map((p) => data.post('/leads', { key, body: p })));
        expect(results.map((r) => r.status)).toEqual(batch.map(() => 201));
        made.push(...batch);
      }
      const over = await data.post('/leads', { key, body: someone() });
      expectError(over, 429, 'lead_quota_exceeded');
      expect(over.body.error.upgrade_url).toMatch(/^https?:\/\/.+/);
      const dup = await data.post('/leads', { key, body: made[0] });
      expect(dup.status).toBe(200);
      expect(dup.body.data.existing).toBe(true);
    });
  });
});
