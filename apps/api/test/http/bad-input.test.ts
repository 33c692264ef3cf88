import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';
import { addDays } from '../../src/domain/dates';
import { apiClient, expectError } from '../support/client';

const targets = inject('targets');

describe.each(targets)('bad input on $name', (target) => {
  const api = apiClient(target.baseUrl);
  const { acme, today } = target.fixtures;
  const key = acme.server;
  const size_id = acme.sizes['10yd'];

  it.each([
    ['size_id missing', { rental_days: 7 }, 'size_id'],
    ['size_id not a uuid', { size_id: '10yd', rental_days: 7 }, 'size_id'],
    ['size_id a number', { size_id: 10, rental_days: 7 }, 'size_id'],
    ['rental_days missing', { size_id }, 'rental_days'],
    ['rental_days 0', { size_id, rental_days: 0 }, 'rental_days'],
    ['rental_days 366', { size_id, rental_days: 366 }, 'rental_days'],
    ['rental_days a fraction', { size_id, rental_days: 1.5 }, 'rental_days'],
    ['rental_days a string', { size_id, rental_days: '9' }, 'rental_days'],
    ['promo_code empty', { size_id, rental_days: 7, promo_code: '' }, 'promo_code'],
    ['promo_code too long', { size_id, rental_days: 7, promo_code: 'x'.repeat(65) }, 'promo_code'],
    ['material a number', { size_id, rental_days: 7, material: 3 }, 'material'],
    ['an unknown field', { size_id, rental_days: 7, price: 1 }, 'price'],
    ['an array body', [size_id], 'body'],
    ['a null body', null, 'body'],
  ])('POST /quote: %s', async (_name, body, field) => {
    expectError(await api.post('/quote', { key, body }), 400, 'invalid_body', field);
  });

  it.each([
    ['not JSON', { raw: '{"size_id": ', headers: { 'content-type': 'application/json' } }, 'not_json'],
    ['an empty body', { raw: '', headers: { 'content-type': 'application/json' } }, 'not_json'],
    [
      'a form body',
      { raw: 'size_id=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      'content_type',
    ],
    ['no content type', { raw: '{}' }, 'content_type'],
    ['a body over 16 KB', { body: { size_id, rental_days: 7, promo_code: 'x'.repeat(17_000) } }, 'too_large'],
  ])('POST /quote with %s', async (_name, options, reason) => {
    const res = await api.post('/quote', { key, ...options });
    expectError(res, 400, 'invalid_body', 'body');
    expect(res.body.error.details.reason).toBe(reason);
  });

  it.each([
    ['a date that does not exist', { delivery_date: '2026-02-30' }, 'delivery_date'],
    ['a date in another form', { delivery_date: '12/01/2026' }, 'delivery_date'],
    ['a zip that is a number', { zip: 10001 }, 'zip'],
    ['a zip too long', { zip: '1'.repeat(21) }, 'zip'],
    ['an unknown field', { city: 'NYC' }, 'city'],
  ])('POST /check: %s', async (_name, body, field) => {
    expectError(await api.post('/check', { key, body }), 400, 'invalid_body', field);
  });

  it.each([
    ['from not a date', { from: 'today' }, 'from'],
    ['to not a calendar date', { to: '2026-02-30' }, 'to'],
    ['to before from', { from: addDays(today, 5), to: addDays(today, 1) }, 'to'],
    ['a range over 120 days', { from: today, to: addDays(today, 121) }, 'to'],
  ])('GET /availability: %s', async (_name, query, field) => {
    expectError(await api.get('/availability', { key, query }), 400, 'invalid_parameter', field);
  });

  it('GET /availability accepts exactly 120 days', async () => {
    const res = await api.get('/availability', { key, query: { from: today, to: addDays(today, 120) } });
    expect(res.status).toBe(200);
  });

  // Property: whatever JSON arrives, the answer is a 2xx or a documented 4xx naming a field, never a 500.
  const value = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.integer(),
    fc.double({ noNaN: true }),
    fc.boolean(),
    fc.constant(null),
    fc.uuid(),
    fc.constant(size_id),
    fc.integer({ min: 1, max: 365 }),
    fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    fc.constantFrom('concrete', 'shingles', 'household', 'TENOFF', '10001', 'PAST'),
    fc.array(fc.integer(), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
  );
  const bodyOf = (fields: string[]) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.dictionary(fc.constantFrom(...fields, 'extra'), value, { maxKeys: 5 }) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
    );

  const assertHandled = (res: { status: number; body: any }, allowed: number[]) => {
    expect(allowed, JSON.stringify(res.body)).toContain(res.status);
    if (res.status >= 400) {
      expect(res.body.error.code).toEqual(expect.any(String));
      expect(res.body.error.field, JSON.stringify(res.body)).toEqual(expect.any(String));
    }
  };

  it('property: any JSON body to POST /quote gets 200 or a 4xx with a field', async () => {
    await fc.assert(
      fc.asyncProperty(bodyOf(['size_id', 'rental_days', 'promo_code', 'material']), async (body) => {
        assertHandled(await api.post('/quote', { key, body }), [200, 400, 404, 409]);
      }),
      { numRuns: 150 },
    );
  });

  it('property: any JSON body to POST /check gets 200 or 400 with a field', async () => {
    await fc.assert(
      fc.asyncProperty(bodyOf(['delivery_date', 'zip', 'promo_code']), async (body) => {
        assertHandled(await api.post('/check', { key, body }), [200, 400]);
      }),
      { numRuns: 150 },
    );
  });

  it.each(['/availability', '/junk/availability'])(
    'property: any from/to on GET %s gets 200 or 400 invalid_parameter with a field',
    async (path) => {
      const param = fc.oneof(
        fc.string({ maxLength: 12 }),
        fc
          .date({ noInvalidDate: true, min: new Date('1900-01-01'), max: new Date('2200-01-01') })
          .map((d) => d.toISOString().slice(0, 10)),
      );
      await fc.assert(
        fc.asyncProperty(fc.record({ from: param, to: param }, { requiredKeys: [] }), async (query) => {
          const res = await api.get(path, { key, query: query as Record<string, string> });
          assertHandled(res, [200, 400]);
          if (res.status === 400) expect(res.body.error.code).toBe('invalid_parameter');
        }),
        { numRuns: path === '/availability' ? 150 : 100 },
      );
    },
  );

  it('property: any JSON body to the junk operations gets 200 or a 4xx with a field', async () => {
    const junkValue = fc.oneof(
      value,
      fc.constantFrom('min', '1/4', 'full', '3/4', '08:00', '10:00', '13:00', '25:00', '2027-02-30', '10001'),
    );
    const junkBodyOf = (fields: string[]) =>
      fc.oneof(
        { weight: 4, arbitrary: fc.dictionary(fc.constantFrom(...fields, 'extra'), junkValue, { maxKeys: 6 }) },
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
      );
    await fc.assert(
      fc.asyncProperty(junkBodyOf(['load_fraction', 'promo_code']), async (body) => {
        assertHandled(await api.post('/junk/quote', { key, body }), [200, 400, 404]);
      }),
      { numRuns: 100 },
    );
    const intentFields = [
      'load_fraction',
      'job_date',
      'time_window_start',
      'time_window_end',
      'address_line1',
      'zip',
      'customer',
      'terms_accepted',
      'promo_code',
      'session_id',
    ];
    await fc.assert(
      fc.asyncProperty(junkBodyOf(intentFields), async (body) => {
        assertHandled(await api.post('/junk/intents', { key, body }), [400, 404, 409]);
      }),
      { numRuns: 150 },
    );
    await fc.assert(
      fc.asyncProperty(junkBodyOf(['session_id', 'payment_intent_id']), async (body) => {
        assertHandled(await api.post('/junk/confirm', { key, body }), [400, 404, 409]);
      }),
      { numRuns: 100 },
    );
  });

  it('property: any multipart form to POST /junk/photos gets a 4xx with a field, never a 500', async () => {
    const part = fc.record({
      name: fc.constantFrom('session_id', 'photos', 'other'),
      text: fc.string({ maxLength: 40 }),
      file: fc.boolean(),
      bytes: fc.uint8Array({ maxLength: 64 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(part, { maxLength: 5 }), async (parts) => {
        const form = new FormData();
        for (const p of parts) {
          if (p.file) form.append(p.name, new Blob([new Uint8Array(p.bytes)]), 'x.jpg');
          else form.append(p.name, p.text);
        }
        assertHandled(await api.post('/junk/photos', { key, form }), [400, 404, 409, 413, 415]);
      }),
      { numRuns: 60 },
    );
  });
});
