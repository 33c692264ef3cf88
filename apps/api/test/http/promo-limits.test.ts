import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { orders, promoCodes } from '../../src/db/schema';
import { intentBody, payWithCard, raceToConfirm } from '../support/booking';
import { apiClient, expectError } from '../support/client';
import { acmeTwin } from '../support/companies';
import { junkBody } from '../support/junk';
import { spawnServer, type Target } from '../support/servers';
import { sandboxStatuses, withTargetDb } from '../support/target-db';

// A promo with a use limit is money: of any number of customers racing for its last use, on any instance,
// exactly one gets it; an unpaid intent holds no use, and a customer whose use went to someone else while
// they paid gets no booking and their authorization back (docs/decisions/promo-limits.md,
// docs/decisions/unpaid-intents-hold-nothing.md). Dumpster orders and junk jobs share the code.
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

  it('20 concurrent intents all open (none holds the use); 20 paid confirms at once: exactly one order uses it', async () => {
    const quoted = await api.post('/quote', {
      key: co.key,
      body: { size_id: co.size, rental_days: 7, promo_code: 'ONCE' },
    });
    expect(quoted.body.data.promo).toMatchObject({ ok: true, code: 'ONCE' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api.post('/intents', { key: co.key, body: dumpster() })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const intents = answers.map((a) => a.body.data as Intent);
    // An open intent takes nothing: a junk customer may still book with the code.
    const slot = await morningSlot(target, co.key);
    const junk = await api.post('/junk/intents', { key: co.key, body: junkBody(slot, { promo_code: 'ONCE' }) });
    expect(junk.status).toBe(200);

    await raceToConfirm(target, intents, (i) => confirm('/confirm', i), {
      code: 'promo_invalid',
      reason: 'usage_limit_reached',
    });
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
    // The junk session opened before the use went: paid now, it makes nothing and its card is released.
    const late = junk.body.data as Intent;
    await payWithCard(target, late);
    expectError(await confirm('/junk/confirm', late), 409, 'promo_invalid', 'session_id');
  });
});

describe.each(targets)('a one-use promo taken while a customer paid on $name', (target) => {
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
    // The customer is slow with the card: the open intent holds nothing, another customer takes the use.
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

  it('20 paid sessions confirmed at once over two instances: one order uses it, the others are released', async () => {
    const [a, b] = instances() as [ReturnType<typeof apiClient>, ReturnType<typeof apiClient>];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).post('/intents', { key: co.key, body: body() })),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(20);
    const intents = answers.map((r) => r.body.data as Intent);
    const pair = (i: Intent) => ({ session_id: i.session_id, payment_intent_id: i.payment_intent_id });
    await raceToConfirm(
      target,
      intents,
      (intent, i) => (i % 2 ? b : a).post('/confirm', { key: co.key, body: pair(intent) }),
      { code: 'promo_invalid', reason: 'usage_limit_reached' },
    );
    expect(
      await ordersOf(
        target,
        intents.map((i) => i.session_id),
      ),
    ).toHaveLength(1);
    expect(await timesUsed(target, co.slug)).toBe(1);
  });
});
