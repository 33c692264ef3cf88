import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';
import { apiClient } from '../support/client';

// Every request schema of the Data API's reads joins the property tests:
// whatever query or path arrives, the answer is a 200, or a 400 invalid_parameter / 404 not_found naming a
// field, never a 500 (the suite's client fails any 500 and checks every body against the document).
const targets = inject('targets');

const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.constantFrom('\u0000', '%', '_', '\\', "'", '"', '\ud800', '😀', ' ', '+1 (212) 555-01', 'a%_b'),
);
const value = fc.oneof(
  text,
  fc.integer({ min: -5, max: 2_000_000 }).map(String),
  fc.double({ noNaN: true }).map(String),
  fc
    .date({ noInvalidDate: true, min: new Date('0001-01-01'), max: new Date('9999-12-31') })
    .chain((d) =>
      fc.constantFrom(d.toISOString(), d.toISOString().slice(0, 10), d.toISOString().replace('Z', '+14:00')),
    ),
  fc.constantFrom('2026-02-30', '2026-13-01', '0000-01-01T00:00:00Z', '2999-12-31T23:59:59Z', 'true', 'false'),
  fc.constantFrom('confirmed', 'canceled', 'open', 'expired', 'converted', 'dumpster', 'junk', 'new', 'contacted'),
);

/** A path cannot carry a lone surrogate (encodeURIComponent throws); a query turns one into U+FFFD. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const LISTS: Record<string, string[]> = {
  '/orders': ['status', 'from', 'to', 'page', 'per_page'],
  '/customers': ['q', 'updated_since', 'from', 'to', 'page', 'per_page'],
  '/estimates': ['status', 'kind', 'q', 'from', 'to', 'page', 'per_page'],
  '/sizes': ['active', 'page', 'per_page'],
  '/junk-jobs': ['status', 'from', 'to', 'updated_since', 'page', 'per_page'],
  '/leads': ['status', 'updated_since', 'q', 'page', 'per_page'],
};

describe.each(targets)('Data API reads as a property on $name', (target) => {
  const data = apiClient(target.baseUrl, 'data');
  const key = target.fixtures.data.acme;

  const assertHandled = (res: { status: number; body: any }, allowed: number[]) => {
    expect(allowed, JSON.stringify(res.body)).toContain(res.status);
    if (res.status >= 400) {
      expect(['invalid_parameter', 'not_found']).toContain(res.body.error.code);
      expect(res.body.error.field, JSON.stringify(res.body)).toEqual(expect.any(String));
    }
  };

  it.each(Object.entries(LISTS))('property: any query to GET %s gets 200 or 400 with a field', async (path, fields) => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom(...fields, 'extra'), value, { maxKeys: 4 }), async (query) => {
        const res = await data.get(path, { key, query });
        assertHandled(res, [200, 400]);
        if (res.status === 200) expect(res.body.data.length).toBeLessThanOrEqual(res.body.per_page);
      }),
      { numRuns: 60 },
    );
  });

  it.each(['/orders', '/customers', '/estimates', '/junk-jobs', '/leads'])(
    'property: any id to GET %s/{id} gets 200, 400 or 404 with a field',
    async (path) => {
      const segment = fc
        .oneof(text, value, fc.uuid())
        .filter((s) => s.trim() !== '' && s !== '.' && s !== '..' && !s.includes('/') && !LONE_SURROGATE.test(s));
      await fc.assert(
        fc.asyncProperty(segment, async (id) => {
          assertHandled(await data.get(`${path}/${encodeURIComponent(id)}`, { key }), [200, 400, 404]);
        }),
        { numRuns: 40 },
      );
    },
  );
});
