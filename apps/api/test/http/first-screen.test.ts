import { describe, expect, inject, it } from 'vitest';
import { scopeOf } from '../../src/cli/common';
import { applyCompanyConfig } from '../../src/use-cases/company/apply-config';
import { createKey, revokeCompanyKey } from '../../src/use-cases/company/keys';
import { eventually } from '../support/cli';
import { apiClient, expectError } from '../support/client';
import { acmeConfig } from '../support/fixtures';
import { withTargetDb } from '../support/target-db';

const targets = inject('targets');

/** The servers run with the default hosted pages address (HOSTED_BASE_URL unset). */
const HOSTED = 'http://localhost:3001';
const SITE = 'https://acme.example';

// GET /embed/v1/companies/{slug}/first-screen: the widget's (and a hosted page's) one request for the first
// screen: the lookup, and what the Booking API would answer each of the form's first reads, for the key the
// asking page may use (docs/decisions/widget-first-screen.md).
describe.each(targets)('the first screen on $name', (target) => {
  const embed = apiClient(target.baseUrl, 'embed');
  const api = apiClient(target.baseUrl);
  const { acme } = target.fixtures;
  const screen = (slug: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) =>
    embed.get(`/companies/${slug}/first-screen`, { query, headers });
  const asPage = { key: acme.publishable, origin: SITE };

  it("a dumpster form's first screen is the Booking API's answers to the page's key, the default size priced", async () => {
    const res = await screen('acme', {}, { origin: SITE });
    expect(res.status).toBe(200);
    const { company, dumpster, junk } = res.body.data;
    expect(company).toMatchObject({ slug: 'acme', publishable_key: acme.publishable, origin_allowed: true });
    expect(junk).toBeNull();
    expect(dumpster.profile).toEqual((await api.get('/company', asPage)).body.data);
    expect(dumpster.sizes).toEqual((await api.get('/sizes', asPage)).body.data);
    expect(dumpster.materials).toEqual((await api.get('/materials', asPage)).body.data);
    expect(dumpster.availability).toEqual((await api.get('/availability', asPage)).body.data);
    // 10 Yard is acme's default size; a form starts at 7 days.
    const priced = await api.post('/quote', { ...asPage, body: { size_id: acme.sizes['10yd'], rental_days: 7 } });
    expect(dumpster.quote).toEqual(priced.body.data);
    // Nothing secret rides along, and it is the same for every visitor of the page.
    expect(JSON.stringify(res.body)).not.toMatch(/svc_sk_|svc_live_|svc_wh_/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('vary')).toMatch(/\bOrigin\b/);
  });

  it('asked again with its ETag: 304 and no body; another ETag gets the answer', async () => {
    const first = await screen('acme', { size: '20' }, { origin: SITE });
    const etag = first.headers.get('etag') as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(`${target.baseUrl}/embed/v1/companies/acme/first-screen?size=20`, {
      headers: { origin: SITE, 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('no-cache');
    const other = await screen('acme', { size: '20' }, { origin: SITE, 'if-none-match': '"something-else"' });
    expect(other.status).toBe(200);
    expect(other.headers.get('etag')).toBe(etag);
  });

  it('prices the asked size, days, material and promo as POST /quote does; one it cannot price is null', async () => {
    const quoted = async (query: Record<string, string>) => (await screen('acme', query, { origin: SITE })).body.data;
    const asked = await quoted({ size: '20', days: '14', promo: 'TENOFF' });
    const body = { size_id: acme.sizes['20yd'], rental_days: 14, promo_code: 'TENOFF' };
    expect(asked.dumpster.quote).toEqual((await api.post('/quote', { ...asPage, body })).body.data);
    const concrete = await quoted({ material: 'concrete' });
    expect(concrete.dumpster.quote).toMatchObject({ size: { yards: 10 }, material: 'concrete', pricing: 'material' });
    // Concrete is not taken in a 20 yard: the form asks when the customer chooses.
    expect((await quoted({ size: '20', material: 'concrete' })).dumpster.quote).toBeNull();
    // An unknown size is the default one, as the form starts with it.
    expect((await quoted({ size: '99' })).dumpster.quote.size.yards).toBe(10);
  });

  it("a junk form's first screen: config, days and the quarter truck's price", async () => {
    const res = await screen('acme', { service: 'junk' }, { origin: SITE });
    const { dumpster, junk } = res.body.data;
    expect(dumpster).toBeNull();
    expect(junk.profile).toEqual((await api.get('/company', asPage)).body.data);
    expect(junk.config).toEqual((await api.get('/junk/config', asPage)).body.data);
    expect(junk.availability).toEqual((await api.get('/junk/availability', asPage)).body.data);
    const quarter = await api.post('/junk/quote', { ...asPage, body: { load_fraction: '1/4' } });
    expect(junk.quote).toEqual(quarter.body.data);
    const full = await screen('acme', { service: 'junk', load: 'full', promo: 'FIFTY' }, { origin: SITE });
    expect(full.body.data.junk.quote).toMatchObject({ load: { load_fraction: 'full' }, promo: { ok: true } });
  });

  it.each([
    ['a page the company did not allow', 'https://evil.example', false],
    ['a caller without an Origin', undefined, null],
  ])('%s learns the company as from the lookup, not its catalog', async (_name, origin, allowed) => {
    const res = await screen('acme', {}, origin ? { origin } : {});
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      company: expect.objectContaining({ slug: 'acme', origin_allowed: allowed }),
      dumpster: null,
      junk: null,
    });
  });

  it('our hosted pages get the catalog for any company', async () => {
    const res = await screen('acme', {}, { origin: HOSTED });
    expect(res.body.data.company.origin_allowed).toBe(true);
    expect(res.body.data.dumpster.quote).not.toBeNull();
  });

  it('an unknown, malformed or inactive company is 404 and not kept; a bad query is 400', async () => {
    for (const slug of ['no-such-company', 'UPPER', 'sleepy']) {
      const res = await screen(slug, {}, { origin: SITE });
      expectError(res, 404, 'not_found', 'slug');
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expectError(await screen('acme', { days: '0' }, { origin: SITE }), 400, 'invalid_parameter');
    expectError(await screen('acme', { service: 'pizza' }, { origin: SITE }), 400, 'invalid_parameter');
  });

  it('a revoked key is not handed out once the change is made, though the first screen is kept a while', async () => {
    const slug = `screen${Date.now() % 1_000_000}`;
    await withTargetDb(target, (db) => applyCompanyConfig(db, { ...acmeConfig(target.fixtures.today), slug }));
    const create = (domains: string[]) =>
      withTargetDb(target, async (db) =>
        createKey(db, await scopeOf(db, slug), { kind: 'publishable', domains }, new Date()),
      );
    const older = await create(['both.example']);
    const newer = await create(['both.example']);
    const handed = async () => {
      const { data } = (await screen(slug, {}, { origin: 'https://both.example' })).body;
      return [data.company.publishable_key, data.dumpster?.profile.slug ?? null];
    };
    expect(await handed()).toEqual([newer.key, slug]);
    await withTargetDb(target, async (db) => revokeCompanyKey(db, await scopeOf(db, slug), newer.id));
    await eventually(async () => expect(await handed()).toEqual([older.key, slug]));
  });
});

// The first screen reads and prices for anyone: it is counted per address as the Booking API's reads are
// (120 a minute), the hosted pages' server speaking for its visitors with the platform's proxy token.
describe('the first screen counts each address (standalone, as configured)', () => {
  const [standalone] = inject('strictTargets');
  const embed = apiClient(standalone!.baseUrl, 'embed');
  const token = inject('proxyToken');
  const ask = (headers: Record<string, string>) =>
    embed.get('/companies/acme/first-screen', { headers: { origin: SITE, ...headers } });

  it('the 121st request of an address is refused with Retry-After; another visitor is counted apart', async () => {
    const visitor = { 'x-forwarded-for': '10.55.0.1', 'x-svc-proxy-token': token, 'x-svc-client-ip': '198.51.100.55' };
    for (let i = 0; i < 120; i += 20) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => ask(visitor)));
      expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    }
    const refused = await ask(visitor);
    expectError(refused, 429, 'rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await ask({ ...visitor, 'x-svc-client-ip': '198.51.100.56' })).status).toBe(200);
  });
});
