import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { scopeOf } from '../../src/cli/common';
import { TEST_CARDS } from '../../src/payments/sandbox-cards';
import { applyCompanyConfig } from '../../src/use-cases/company/apply-config';
import { createKey, revokeCompanyKey } from '../../src/use-cases/company/keys';
import { intentBody, payWithCard } from '../support/booking';
import { eventually, svc } from '../support/cli';
import { apiClient, expectError } from '../support/client';
import { acmeConfig } from '../support/fixtures';
import { withTargetDb } from '../support/target-db';

const targets = inject('targets');

/** The servers run with the default hosted pages address (HOSTED_BASE_URL unset). */
const HOSTED = 'http://localhost:3001';

describe.each(targets)('the hosted page and the widget on $name', (target) => {
  const api = apiClient(target.baseUrl);
  const { acme } = target.fixtures;
  const lookup = (slug: string, init?: RequestInit) => fetch(`${target.baseUrl}/embed/v1/companies/${slug}`, init);

  it('GET /embed/v1/companies/{slug}: the public face and newest publishable key, for any origin', async () => {
    const res = await lookup('acme', { headers: { origin: 'https://anyone.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    // Never cached: a key revoked or replaced is not handed out after the change.
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { data } = (await res.json()) as any;
    expect(data).toEqual({
      slug: 'acme',
      name: expect.any(String),
      branding: { logo_url: 'https://acme.example/logo.png', primary_color: '#aa3300', accent_color: null },
      publishable_key: acme.publishable,
      is_online: true,
      payments_ready: true,
      hosted_page_url: `${HOSTED}/book?company=acme`,
      origin_allowed: false, // anyone.example is not one of acme's domains
    });
    expect(res.headers.get('vary')).toMatch(/\bOrigin\b/);
    // No secret of any kind rides along.
    expect(JSON.stringify(data)).not.toMatch(/svc_sk_|svc_live_|svc_wh_/);
  });

  it.each([
    ['https://acme.example', true],
    ['https://book.acme.example', true],
    [HOSTED, true],
    ['https://evil.example', false],
    [undefined, null],
  ])('origin_allowed for the page %s is %s', async (origin, allowed) => {
    const res = await lookup('acme', origin ? { headers: { origin } } : {});
    expect(((await res.json()) as any).data.origin_allowed).toBe(allowed);
  });

  it('a replaced publishable key is what the lookup hands out as soon as the change is made', async () => {
    const first = (
      await svc(target, 'keys', 'create', 'offline', '--kind', 'publishable', '--domain', 'offline.example')
    ).key as string;
    const seen = async () => ((await (await lookup('offline')).json()) as any).data.publishable_key;
    expect(await seen()).toBe(first);
    const keys: any[] = await svc(target, 'keys', 'list', 'offline');
    await svc(target, 'keys', 'revoke', 'offline', keys.find((k) => k.kind === 'publishable' && !k.revoked_at)?.id);
    const second = (
      await svc(target, 'keys', 'create', 'offline', '--kind', 'publishable', '--domain', 'offline.example')
    ).key as string;
    expect(await seen()).toBe(second);
  });

  it('a key per website: each page gets the newest key that allows it; revoking one moves its sites to another at once', async () => {
    const slug = `sites${Date.now() % 1_000_000}`;
    await withTargetDb(target, (db) =>
      applyCompanyConfig(db, { ...acmeConfig(target.fixtures.today), slug, name: 'Two Sites Hauling' }),
    );
    const create = (domains: string[]) =>
      withTargetDb(target, async (db) =>
        createKey(db, await scopeOf(db, slug), { kind: 'publishable', domains }, new Date()),
      );
    const one = await create(['one.example', 'both.example']);
    const two = await create(['two.example', 'both.example']);
    const handed = async (origin?: string) => {
      const { data } = (await (await lookup(slug, origin ? { headers: { origin } } : {})).json()) as any;
      return [data.publishable_key, data.origin_allowed];
    };
    expect(await handed('https://one.example')).toEqual([one.key, true]);
    expect(await handed('https://two.example')).toEqual([two.key, true]);
    expect(await handed('https://both.example')).toEqual([two.key, true]); // the newest that allows it
    expect(await handed(HOSTED)).toEqual([two.key, true]); // our pages may use any: the newest
    expect(await handed('https://neither.example')).toEqual([two.key, false]); // refused as before, by name
    expect(await handed()).toEqual([two.key, null]);
    // Each key works from the page it was handed to.
    expect((await api.get('/company', { key: one.key, origin: 'https://one.example' })).status).toBe(200);
    expect((await api.get('/company', { key: two.key, origin: 'https://two.example' })).status).toBe(200);

    // The newer key revoked: the site both keys allow moves to the older key at once; the other has none.
    await withTargetDb(target, async (db) => revokeCompanyKey(db, await scopeOf(db, slug), two.id));
    expect(await handed('https://both.example')).toEqual([one.key, true]);
    expect(await handed('https://one.example')).toEqual([one.key, true]);
    expect(await handed('https://two.example')).toEqual([one.key, false]);
    expect((await api.get('/company', { key: one.key, origin: 'https://both.example' })).status).toBe(200);
    // A page never keeps a dead key: the revoked one is refused by this server (its registry hears at once).
    await eventually(async () => {
      expectError(await api.get('/company', { key: two.key, origin: 'https://two.example' }), 401, 'unauthorized');
    });
  });

  it.each([
    ['an unknown key', () => 'svc_pk_live_unknownunknownunknownunknown0'],
    ['a revoked key', () => acme.revoked],
    ['no key', () => undefined],
  ])('a refusal (%s) to an allowed page carries CORS headers, so the page can read it', async (_name, key) => {
    for (const origin of ['https://acme.example', HOSTED]) {
      const res = await api.get('/company', { key: key(), origin });
      expect(res.status).toBe(401);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('access-control-expose-headers')).toMatch(/Retry-After/);
    }
    const foreign = await api.get('/company', { key: key(), origin: 'https://evil.example' });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it.each(['no-such-company', 'UPPER', '..%2F..%2Fetc', 'a'.repeat(80)])(
    '404 not_found with field slug for %s',
    async (slug) => {
      const res = await lookup(slug);
      expect(res.status).toBe(404);
      expect(((await res.json()) as any).error).toMatchObject({ code: 'not_found', field: 'slug' });
    },
  );

  it('an inactive company is not found either; other methods are 405', async () => {
    expect((await lookup('sleepy')).status).toBe(404); // sleepy is inactive
    const post = await lookup('acme', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
  });

  it("the hosted pages' origin may use any company's publishable key (it is our page), with CORS", async () => {
    const preflight = await fetch(`${target.baseUrl}/booking/v1/quote`, {
      method: 'OPTIONS',
      headers: {
        origin: HOSTED,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, x-svc-channel',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/X-SVC-Channel/);
    const res = await api.post('/quote', {
      key: acme.publishable,
      origin: HOSTED,
      body: { size_id: acme.sizes['10yd'], rental_days: 3 },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(HOSTED);
    // Another port of localhost is not our page: acme's own domains decide, and they do not list it.
    expectError(
      await api.get('/sizes', { key: acme.publishable, origin: 'http://localhost:4999' }),
      403,
      'origin_not_allowed',
    );
  });

  it("GET /company carries the 'booking confirmed page' address (null when unset)", async () => {
    const res = await api.get('/company', { key: acme.server });
    expect(res.body.data).toHaveProperty('confirmed_page_url');
  });

  it.each([
    ['the hosted page (its origin)', 'link', 'publishable', HOSTED, {}],
    [
      'the widget (X-SVC-Channel: widget)',
      'widget',
      'publishable',
      'https://acme.example',
      { 'x-svc-channel': 'widget' },
    ],
    ['a developer page with the publishable key', 'api', 'publishable', 'https://acme.example', {}],
    ['the hosted origin claiming to be a widget', 'link', 'publishable', HOSTED, { 'x-svc-channel': 'widget' }],
    ['a server claiming to be a widget', 'api', 'server', undefined, { 'x-svc-channel': 'widget' }],
  ] as const)('the booking channel of an order from %s is %s', async (_name, channel, kind, origin, headers) => {
    const key = acme[kind];
    const intent = await api.post('/intents', { key, origin, headers, body: intentBody(target) });
    expect(intent.status).toBe(200);
    await payWithCard(target, intent.body.data, TEST_CARDS.success);
    const confirmed = await api.post('/confirm', {
      key,
      origin,
      body: { session_id: intent.body.data.session_id, payment_intent_id: intent.body.data.payment_intent_id },
    });
    expect(confirmed.status).toBe(200);
    const orders: any[] = await svc(target, 'orders', 'list', 'acme');
    const order = orders.find((o) => o.order_number === confirmed.body.data.order_number);
    expect(order.channel).toBe(channel);
  });
});

describe.each(targets)('attribution on $name', (target) => {
  const api = apiClient(target.baseUrl);
  const { acme } = target.fixtures;
  const attribution = {
    utm_source: 'google',
    utm_medium: 'cpc',
    utm_campaign: 'spring-cleanout',
    referrer: 'https://www.google.com/',
    landing_page: 'https://acme.example/dumpsters?utm_source=google',
  };

  // Booking events are written only for endpoints that are on and take booking.completed: one of our own
  // for this file (making room among the at most three that other files may have left, switched off).
  let added: string | undefined;
  beforeAll(async () => {
    const endpoints: any[] = await svc(target, 'webhooks', 'list', 'acme');
    if (endpoints.some((e) => !e.disabled_at && e.events.includes('booking.completed'))) return;
    if (endpoints.length >= 3) await svc(target, 'webhooks', 'remove', 'acme', endpoints[0].id);
    added = (await svc(target, 'webhooks', 'add', 'acme', 'https://hooks.acme.example/attribution')).id;
  });
  afterAll(async () => {
    if (added) await svc(target, 'webhooks', 'remove', 'acme', added);
  });

  it("is stored on the order and sent in its booking webhook's payload", async () => {
    const intent = await api.post('/intents', { key: acme.server, body: intentBody(target, { attribution }) });
    expect(intent.status).toBe(200);
    await payWithCard(target, intent.body.data, TEST_CARDS.success);
    const confirmed = await api.post('/confirm', {
      key: acme.server,
      body: { session_id: intent.body.data.session_id, payment_intent_id: intent.body.data.payment_intent_id },
    });
    const orderNumber = confirmed.body.data.order_number;
    const orders: any[] = await svc(target, 'orders', 'list', 'acme');
    expect(orders.find((o) => o.order_number === orderNumber).attribution).toEqual(attribution);
    const outbox: any[] = await svc(target, 'outbox', 'list', 'acme');
    const event = outbox.find((m) => m.channel === 'webhook' && m.payload.order_number === orderNumber);
    expect(event).toMatchObject({ topic: 'booking.completed', payload: { attribution, booking_channel: 'api' } });
  });

  it.each([
    ['an unknown key', { gclid: 'x' }, 'attribution.gclid'],
    ['an over-long value', { utm_source: 'x'.repeat(201) }, 'attribution.utm_source'],
    ['a non-string', { utm_medium: 5 }, 'attribution.utm_medium'],
  ])('400 invalid_body for %s', async (_name, bad, field) => {
    expectError(
      await api.post('/intents', { key: acme.server, body: intentBody(target, { attribution: bad }) }),
      400,
      'invalid_body',
      field,
    );
  });
});
