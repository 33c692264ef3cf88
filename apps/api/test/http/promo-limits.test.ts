import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { orders, promoCodes } from '../../src/db/schema';
import { intentBody, payWithCard } from '../support/booking';
import { apiClient, expectError } from '../support/client';
import { acmeTwin } from '../support/companies';
import { junkBody } from '../support/junk';
import { spawnServer, type Target } from '../support/servers';
import { lapseHold, sandboxStatuses, withTargetDb } from '../support/target-db';

// A promo with a use limit is money: of any number of customers racing for its last use, on any instance,
// exactly one gets it; a customer whose hold lapsed and whose use went to someone else gets no booking and
// their authorization back (docs/decisions.md, "Promo limits"). Dumpster orders and junk jobs share the code.
const targets = inject('targets');

type Intent = { session_id: string; payment_intent_id: string; client_secret: string };

/** A company of its own (acme's config) with a one-use promo ONCE, and its server key and 10-yard size. */
const oneUsePromoCompany = (target: Target) =>
  acmeTwin(target, 'One Use Hauling', (base) => ({
    promo_codes: [...(base.promo_codes ?? []), { code: 'ONCE', type: 'percent', percent: 20, max_uses: 1 }],
  }));

/** A morning junk window of the company with seats left. */
async function morningSlot(target: Target, key: string) {
  const days = (await apiClient(target.baseUrl).get('/junk/availability', { key })).body.data.days as any[];
  for (const day of days) {
    const window = day.open && day.windows.find((w: any) => w.start !== '13:00' && w.remaining > 0);
    if (window) return { ...window, date: day.date } as { date: string; start: string; end: string };
  }
  throw new Error('no junk window with seats');
}

const timesUsed = (target: Target, slug: string) =>
  withTargetDb(target, async ({ db }) => {
    const rows = await db.execute(
      sql`select p.times_used from ${promoCodes} p join companies c on c.id = p.company_id where c.slug = ${slug} and p.code = 'ONCE'`,
    );
    return Number((rows as unknown as { rows: { times_used: number }[] }).rows[0]?.times_used);
  });

const ordersOf = (target: Target, sessionIds: string[]) =>
  withTargetDb(target, async ({ db }) =>
    db.select({ id: orders.id }).from(orders).where(inArray(orders.sessionId, sessionIds)),
  );

describe.each(targets)('a one-use promo on $name', (target) => {
  const api = apiClient(target.baseUrl);
  let co: Awaited<ReturnType<typeof oneUsePromoCompany>>;
  beforeAll(async () => {
    co = await oneUsePromoCompany(target);
  });
  const dumpster = (overrides: Record<string, unknown> = {}) =>
    intentBody(target, { size_id: co.size, promo_code: 'ONCE', ...overrides });
  const confirm = (path: '/confirm' | '/junk/confirm', i: Intent) =>
    api.post(path, { key: co.key, body: { session_id: i.session_id, payment_intent_id: i.payment_intent_id } });

  it('20 concurrent intents for its one use: exactly one holds it, and a junk job cannot take it either', async () => {
    // Quoted before the race: a quote kept for this catalog version must not outlive the spent use (below).
    const quoted = await api.post('/quote', {
      key: co.key,
      body: { size_id: co.size, rental_days: 7, promo_code: 'ONCE' },
    });
    expect(quoted.body.data.promo).toMatchObject({ ok: true, code: 'ONCE' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api.post('/intents', { key: co.key, body: dumpster() })),
    );
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => a.status !== 200)) {
      expectError(lost, 409, 'promo_invalid', 'promo_code');
      expect(lost.body.error.details).toEqual({ reason: 'usage_limit_reached' });
    }
    const slot = await morningSlot(target, co.key);
    const junk = await api.post('/junk/intents', { key: co.key, body: junkBody(slot, { promo_code: 'ONCE' }) });
    expectError(junk, 409, 'promo_invalid', 'promo_code');

    const holder = won[0]?.body.data as Intent;
    await payWithCard(target, holder);
    expect((await confirm('/confirm', holder)).body.data.state).toBe('confirmed');
    expect(await timesUsed(target, co.slug)).toBe(1);
    // Every instance hears of the spent promo: /check says so (the read model reloads within a second).
    await expect
      .poll(async () => (await api.post('/check', { key: co.key, body: { promo_code: 'ONCE' } })).body.data.promo, {
        timeout: 5_000,
      })
      .toMatchObject({ ok: false, reason: 'usage_limit_reached' });
    const requoted = await api.post('/quote', {
      key: co.key,
      body: { size_id: co.size, rental_days: 7, promo_code: 'ONCE' },
    });
    expect(requoted.body.data).toMatchObject({
      promo: { ok: false, reason: 'usage_limit_reached' },
      lines: { promo_discount: 0 },
    });
    expectError(await api.post('/intents', { key: co.key, body: dumpster() }), 409, 'promo_invalid', 'promo_code');
  });
});

describe.each(targets)('a one-use promo whose hold lapsed on $name', (target) => {
  const api = apiClient(target.baseUrl);
  let co: Awaited<ReturnType<typeof oneUsePromoCompany>>;
  beforeAll(async () => {
    co = await oneUsePromoCompany(target);
  });
  const confirm = (path: '/confirm' | '/junk/confirm', i: Intent) =>
    api.post(path, { key: co.key, body: { session_id: i.session_id, payment_intent_id: i.payment_intent_id } });

  it('a payment finished after its use went to someone else: no job, the card released, the session failed', async () => {
    const slot = await morningSlot(target, co.key);
    const slow = (await api.post('/junk/intents', { key: co.key, body: junkBody(slot, { promo_code: 'ONCE' }) })).body
      .data as Intent;
    // The customer walked away: the hold runs out, and the use is free for another (a dumpster order).
    await lapseHold(target, slow.session_id);
    const quick = (
      await api.post('/intents', { key: co.key, body: intentBody(target, { size_id: co.size, promo_code: 'ONCE' }) })
    ).body.data as Intent;
    await payWithCard(target, quick);
    expect((await confirm('/confirm', quick)).body.data.state).toBe('confirmed');

    // The first customer comes back and pays: the promo ran out, so nothing is made and the card is released.
    expect((await payWithCard(target, slow)).body.status).toBe('requires_capture');
    const late = await confirm('/junk/confirm', slow);
    expectError(late, 409, 'promo_invalid', 'session_id');
    expect(late.body.error.details).toMatchObject({ reason: 'usage_limit_reached', payment: 'released' });
    expect(await sandboxStatuses(target, [slow.payment_intent_id])).toEqual({ [slow.payment_intent_id]: 'canceled' });
    expect((await api.get(`/sessions/${slow.session_id}`, { key: co.key })).body.data).toMatchObject({
      state: 'failed',
      job_number: null,
    });
    expect(await timesUsed(target, co.slug)).toBe(1);
  });
});

// The same race across two platform instances on one PostgreSQL database: the limit is the database's.
const postgres = targets.filter((t) => t.driver === 'postgres');
describe.runIf(postgres.length)('a one-use promo across two instances on PostgreSQL', () => {
  const target = postgres[0] as Target;
  let second: Awaited<ReturnType<typeof spawnServer>>;
  let co: Awaited<ReturnType<typeof oneUsePromoCompany>>;
  beforeAll(async () => {
    co = await oneUsePromoCompany(target);
    second = await spawnServer('standalone', target.env, {
      SVC_RATE_LIMIT_PER_MINUTE: '1000000',
      SVC_INTENT_LIMIT_FACTOR: '1000',
    });
  }, 120_000);
  afterAll(async () => {
    await second?.stop();
  });
  const instances = () => [apiClient(target.baseUrl), apiClient(second.baseUrl)];
  const body = () => intentBody(target, { size_id: co.size, promo_code: 'ONCE' });

  it('20 intents split over two instances: one holds the use; two paid sessions confirmed at once: one order', async () => {
    const [a, b] = instances() as [ReturnType<typeof apiClient>, ReturnType<typeof apiClient>];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).post('/intents', { key: co.key, body: body() })),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    const first = answers.find((r) => r.status === 200)?.body.data as Intent;

    // Its hold lapses; another customer takes the use on the other instance; both pay; both confirm at once.
    await lapseHold(target, first.session_id);
    const other = (await b.post('/intents', { key: co.key, body: body() })).body.data as Intent;
    await payWithCard(target, first);
    await payWithCard(target, other);
    const pair = (i: Intent) => ({ session_id: i.session_id, payment_intent_id: i.payment_intent_id });
    const [one, two] = await Promise.all([
      a.post('/confirm', { key: co.key, body: pair(first) }),
      b.post('/confirm', { key: co.key, body: pair(other) }),
    ]);
    const statuses = [one.status, two.status].sort();
    expect(statuses).toEqual([200, 409]);
    const refused = [one, two].find((r) => r.status === 409);
    expectError(refused as NonNullable<typeof refused>, 409, 'promo_invalid', 'session_id');
    expect(await ordersOf(target, [first.session_id, other.session_id])).toHaveLength(1);
    expect(await timesUsed(target, co.slug)).toBe(1);
    const captured = Object.values(await sandboxStatuses(target, [first.payment_intent_id, other.payment_intent_id]));
    expect(captured.sort()).toEqual(['canceled', 'succeeded']);
  });
});
