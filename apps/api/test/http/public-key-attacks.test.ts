import { request } from 'node:http';
import { eq } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { scopeOf } from '../../src/cli/common';
import { sandboxPaymentIntents } from '../../src/db/schema';
import { addDays } from '../../src/domain/dates';
import { TEST_CARDS } from '../../src/payments/sandbox-cards';
import { createConsoleUser } from '../../src/use-cases/accounts/users';
import { intentBody, payWithCard } from '../support/booking';
import { svc } from '../support/cli';
import { type ApiResponse, apiClient, expectError } from '../support/client';
import { acmeTwin } from '../support/companies';
import { signIn } from '../support/console';
import { CONSOLE_PASSWORD } from '../support/fixtures';
import { junkBody } from '../support/junk';
import type { Target } from '../support/servers';
import { withTargetDb } from '../support/target-db';

// What a stranger can do with what every visitor of a company's website has: the publishable key, its allowed
// Origin and many addresses (docs/security.md). Each test plays the attacker's sequence and then checks that the
// customer it aimed at still books: another customer's booking cannot be ended, an unpaid intent takes no can,
// seat or promo use, the payment caps stop card testing without stopping the company's sales, and a bad key is
// refused at its headers.
const targets = inject('targets');
const strictTargets = inject('strictTargets');

type Intent = { session_id: string; payment_intent_id: string; client_secret: string; reference: string };
const pair = (i: Intent) => ({ session_id: i.session_id, payment_intent_id: i.payment_intent_id });

describe.each(targets)('replacing a booking that is not yours on $name', (target) => {
  const api = apiClient(target.baseUrl);
  const { acme } = target.fixtures;
  const page = { key: acme.publishable, origin: 'https://acme.example' };
  const open = async (body: Record<string, unknown>) => {
    const res = await api.post('/intents', { ...page, body: intentBody(target, body) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Intent;
  };
  const replace = (victim: { session_id: string }, secret: string, path = '/intents', body?: object) =>
    api.post(path, {
      ...page,
      body: { ...(body ?? intentBody(target)), replaces_session_id: victim.session_id, replaces_client_secret: secret },
    });
  const paymentOf = (i: Intent) =>
    withTargetDb(target, async ({ db }) => {
      const [row] = await db
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.id, i.payment_intent_id));
      return row?.status;
    });

  it("another customer's open and authorized sessions, cross-kind, a server key's chosen id, an unknown id: all 404, and every victim still confirms", async () => {
    const openVictim = await open({});
    const paidVictim = await open({});
    await payWithCard(target, paidVictim);
    // The backend's session under an id it chose (easy to guess), and the page's own session's secret.
    const chosen = `order-${Date.now()}`;
    const backend = await api.post('/intents', { key: acme.server, body: intentBody(target, { session_id: chosen }) });
    expect(backend.body.data.session_id).toBe(chosen);
    const mine = await open({});

    // The attack as it was: the victim's id alone. Refused now: the secret goes with it.
    const bare = await api.post('/intents', {
      ...page,
      body: intentBody(target, { replaces_session_id: paidVictim.session_id }),
    });
    expectError(bare, 400, 'invalid_body', 'replaces_client_secret');
    const attempts: [string, ApiResponse][] = [
      ['open, no secret', await replace(openVictim, 'x')],
      ['open, the secret of another session', await replace(openVictim, mine.client_secret)],
      ['authorized, a guessed secret', await replace(paidVictim, `${paidVictim.payment_intent_id}_secret_x`)],
      ['server-key session, chosen id', await replace({ session_id: chosen }, mine.client_secret)],
      ['unknown id', await replace({ session_id: 'ses_nobody_here_0001' }, mine.client_secret)],
      // Cross-kind and cross-key-kind, even with the real secret: a page's junk booking cannot end a dumpster
      // one, and a page cannot end what the backend opened (nor the backend a page's).
      [
        'junk naming a dumpster session',
        await replace(mine, mine.client_secret, '/junk/intents', junkBody(await slotOf(api, page))),
      ],
      [
        'server key naming a page session',
        await api.post('/intents', {
          key: acme.server,
          body: intentBody(target, {
            replaces_session_id: mine.session_id,
            replaces_client_secret: mine.client_secret,
          }),
        }),
      ],
    ];
    for (const [what, res] of attempts) {
      expect(res.status, what).toBe(404);
      expectError(res, 404, 'not_found', 'replaces_session_id');
    }
    // Nothing ended: each victim's payment is as it was, and each confirms.
    expect(await paymentOf(openVictim)).toBe('requires_payment_method');
    expect(await paymentOf(paidVictim)).toBe('requires_capture');
    expect((await api.post('/confirm', { ...page, body: pair(paidVictim) })).body.data.state).toBe('confirmed');
    await payWithCard(target, openVictim);
    expect((await api.post('/confirm', { ...page, body: pair(openVictim) })).body.data.state).toBe('confirmed');
    await payWithCard(target, backend.body.data);
    expect((await api.post('/confirm', { key: acme.server, body: pair(backend.body.data) })).status).toBe(200);
  });

  it("a page's chosen session_id lives apart from the backend's: claiming one first costs the backend nothing", async () => {
    const chosen = `order-${Date.now()}-claim`;
    const body = intentBody(target, { session_id: chosen });
    const claimed = await api.post('/intents', { ...page, body });
    expect(claimed.status).toBe(200);
    expect(claimed.body.data.session_id).toBe(`pk_${chosen}`);
    // The page's retry with the same id, or with the id it was answered, is the same intent.
    for (const session_id of [chosen, `pk_${chosen}`]) {
      const again = await api.post('/intents', { ...page, body: { ...body, session_id } });
      expect(again.body.data.payment_intent_id).toBe(claimed.body.data.payment_intent_id);
    }
    // The backend opens its own session under the id, and cannot choose one in the pages' namespace.
    const backend = await api.post('/intents', { key: acme.server, body: intentBody(target, { session_id: chosen }) });
    expect(backend.status).toBe(200);
    expect(backend.body.data.session_id).toBe(chosen);
    expectError(
      await api.post('/intents', { key: acme.server, body: intentBody(target, { session_id: `pk_${chosen}x` }) }),
      400,
      'invalid_body',
      'session_id',
    );
    // Generated ids of a page start pk_ too, and a session answers with a reference that is not its id.
    const generated = (await api.post('/intents', { ...page, body: intentBody(target) })).body.data as Intent;
    expect(generated.session_id).toMatch(/^pk_ses_[0-9a-f]{24}$/);
    expect(generated.reference).toMatch(/^BK-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    const session = (await api.get(`/sessions/${generated.session_id}`, page)).body.data;
    expect(session.reference).toBe(generated.reference);
  });
});

/** A junk window of the company's with seats, as a page reads it. */
async function slotOf(api: ReturnType<typeof apiClient>, page: { key: string; origin: string }) {
  const days = (await api.get('/junk/availability', page)).body.data.days as any[];
  for (const day of days) {
    const window = day.open && day.windows.find((w: any) => w.remaining > 0);
    if (window) return { date: day.date as string, start: window.start as string, end: window.end as string };
  }
  throw new Error('no junk window with seats');
}

/** A company of the test's own with a publishable key for `domain` (and its server key), on a strict server. */
async function pageCompany(target: Target, name: string, extra: Parameters<typeof acmeTwin>[2]) {
  const co = await acmeTwin(target, name, extra);
  const domain = `${co.slug}.example`;
  const publishable = (await svc(target, 'keys', 'create', co.slug, '--kind', 'publishable', '--domain', domain))
    .key as string;
  return { ...co, publishable, origin: `https://${domain}` };
}

/**
 * The company's backend on a strict server: from an address of its own (the strict servers' loopback minute
 * belongs to rate-limit.test.ts).
 */
const fromBackend = (target: Target, key: string, body: object) =>
  apiClient(target.baseUrl).post('/intents', { key, body, headers: { 'x-forwarded-for': '10.80.0.1' } });

/** A visitor's browser: every call from its own address, through the one proxy hop the strict servers trust. */
function visitor(target: Target, co: { publishable: string; origin: string }, ip: string) {
  const api = apiClient(target.baseUrl);
  const from = { key: co.publishable, origin: co.origin, headers: { 'x-forwarded-for': ip } };
  return {
    get: (path: string, query?: Record<string, string>) => api.get(path, { ...from, query }),
    post: (path: string, body: object) => api.post(path, { ...from, body }),
    /** The card form: the sandbox's confirm, from this visitor's address. */
    async pay(intent: Intent, card: string = TEST_CARDS.success) {
      const res = await fetch(`${target.baseUrl}/sandbox/v1/payment_intents/${intent.payment_intent_id}/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: co.origin, 'x-forwarded-for': ip },
        body: JSON.stringify({
          client_secret: intent.client_secret,
          card: { number: card, exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' },
          return_url: `${co.origin}/booking/done`,
        }),
      });
      return res.status;
    },
  };
}

describe.each(strictTargets)('unpaid intents take nothing on $name', (target) => {
  it('20 addresses opening intents without a card for 3 cans, a 7-seat junk day and a 3-use promo: the real customer books and pays each time', async () => {
    const { today } = target.fixtures;
    const co = await pageCompany(target, 'Three Cans Hauling', (base) => ({
      booking: { ...base.booking, non_working_weekdays: [] },
      closed_dates: [],
      sizes: [
        ...base.sizes,
        { key: '30yd', label: '30 Yard', yards: 30, included_tons: 4, prices: { d7: 600, extra_day: 20 } },
      ],
      fleet: { turnaround_days: 0, sizes: [{ size: '30yd', cans: 3 }] },
      promo_codes: [{ code: 'THREE', type: 'percent', percent: 10, max_uses: 3 }],
      junk: {
        ...base.junk,
        non_working_weekdays: [],
        blackout_dates: [],
        windows: [
          { start: '08:00', end: '10:00', capacity: 4 },
          { start: '10:00', end: '12:00', capacity: 3 },
        ],
      },
    }));
    const customer = visitor(target, co, '10.77.200.1');
    const sizes = (await customer.get('/sizes')).body.data as any[];
    const big = sizes.find((s) => s.yards === 30);
    const delivery = addDays(today, 3);
    const junkDay = addDays(today, 3);
    const dumpster = (email: string) =>
      intentBody(target, {
        size_id: big.id,
        rental_days: 30,
        delivery_date: delivery,
        promo_code: 'THREE',
        customer: { name: 'Casey Real', email, phone: '+1 212 555 0123' },
      });
    const junk = (start: string) => junkBody({ date: junkDay, start, end: start === '08:00' ? '10:00' : '12:00' });

    for (let round = 1; round <= 3; round++) {
      // Twenty addresses open a can's rental with the promo and a junk window each, and never pay.
      const attacks = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const stranger = visitor(target, co, `10.77.${round}.${i + 1}`);
          return [
            await stranger.post('/intents', dumpster(`stranger${round}.${i}@example.com`)),
            await stranger.post('/junk/intents', junk(i % 2 ? '08:00' : '10:00')),
          ];
        }),
      );
      // The customer still sees the can and the window, and books both, paying each.
      const sizesNow = (await customer.get('/sizes')).body.data as any[];
      expect(sizesNow.find((s) => s.yards === 30).fleet.next_delivery_date).not.toBeNull();
      const order = (await customer.post('/intents', dumpster(`casey${round}@example.com`))).body.data as Intent;
      expect(order?.session_id, `round ${round}: the dumpster intent opens`).toBeTruthy();
      expect(await customer.pay(order)).toBe(200);
      const made = await customer.post('/confirm', pair(order));
      expect(made.body.data?.state, `round ${round}: ${JSON.stringify(made.body)}`).toBe('confirmed');
      const job = (await customer.post('/junk/intents', junk('08:00'))).body.data as Intent;
      expect(job?.session_id, `round ${round}: the junk intent opens`).toBeTruthy();
      expect(await customer.pay(job)).toBe(200);
      expect((await customer.post('/junk/confirm', pair(job))).body.data?.state).toBe('confirmed');
      // The strangers' intents were all opened: they took nothing, so nothing of theirs was refused either.
      expect(attacks.flat().map((a) => a.status)).toEqual(Array(40).fill(200));
    }
    // The three cans and the three promo uses went to the customer who paid.
    const promo = (await customer.post('/check', { promo_code: 'THREE' })).body.data.promo;
    expect(promo).toMatchObject({ ok: false, reason: 'usage_limit_reached' });
  });
});

describe.each(strictTargets)('the payment caps on $name', (target) => {
  it('200 intents from 20 addresses: the server key and a fresh visitor still open intents; the visitor over its cap is refused', async () => {
    const co = await pageCompany(target, 'Busy Hauling', () => ({}));
    const body = () => intentBody(target, { size_id: co.size });
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, a) => {
        const stranger = visitor(target, co, `10.78.1.${a + 1}`);
        const out: number[] = [];
        for (let i = 0; i < 10; i++) out.push((await stranger.post('/intents', body())).status);
        return out;
      }),
    );
    expect(answers.flat()).toEqual(Array(200).fill(200));
    const capped = await visitor(target, co, '10.78.1.1').post('/intents', body());
    expectError(capped, 429, 'rate_limited');
    expect(capped.body.error.details).toMatchObject({ limit: 'intents_per_ip', per_hour: 10 });
    // Page traffic spends nothing of the company's: its backend and a new visitor book as usual.
    const backend = await fromBackend(target, co.key, body());
    expect(backend.status).toBe(200);
    expect((await visitor(target, co, '10.78.2.1').post('/intents', body())).status).toBe(200);
  });

  it('declined cards stop the visitor that tries them, and under card testing any visitor with one; the owner sees it', async () => {
    const co = await pageCompany(target, 'Tested Hauling', (base) => ({
      booking: {
        ...base.booking,
        payment_limits: {
          intents_per_ip_per_hour: 10,
          intents_per_hour: 100,
          failed_payments_per_session: 5,
          declines_per_ip_per_hour: 5,
          declines_per_hour: 8,
        },
      },
    }));
    const body = () => intentBody(target, { size_id: co.size });
    // One visitor walks cards through its payment: five declines, then no new payment.
    const tester = visitor(target, co, '10.79.1.1');
    const first = (await tester.post('/intents', body())).body.data as Intent;
    for (let i = 0; i < 5; i++) expect(await tester.pay(first, TEST_CARDS.genericDecline)).toBe(402);
    const stopped = await tester.post('/intents', body());
    expectError(stopped, 429, 'rate_limited');
    expect(stopped.body.error.details).toMatchObject({ limit: 'declines_per_ip', per_hour: 5 });
    // Three more addresses with a declined card each: eight an hour at the company is card testing.
    for (let a = 2; a <= 4; a++) {
      const other = visitor(target, co, `10.79.1.${a}`);
      const opened = (await other.post('/intents', body())).body.data as Intent;
      expect(await other.pay(opened, TEST_CARDS.genericDecline)).toBe(402);
    }
    // A visitor with a declined card opens no new payment now; a visitor without one still does.
    const declinedOnce = await visitor(target, co, '10.79.1.4').post('/intents', body());
    expectError(declinedOnce, 429, 'rate_limited');
    expect(declinedOnce.body.error.details).toMatchObject({ limit: 'card_testing' });
    const fresh = visitor(target, co, '10.79.2.1');
    const customer = (await fresh.post('/intents', body())).body.data as Intent;
    expect(await fresh.pay(customer)).toBe(200);
    expect((await fresh.post('/confirm', pair(customer))).body.data.state).toBe('confirmed');
    expect((await fromBackend(target, co.key, body())).status).toBe(200);

    // The owner sees why on the console: card testing, and the visitors refused.
    const owner = { email: `owner@${co.slug}.example`, password: CONSOLE_PASSWORD, name: 'Tess Tested' };
    await withTargetDb(target, async (db) =>
      createConsoleUser(db.db, await scopeOf(db, co.slug), { ...owner, role: 'owner' }),
    );
    const { client } = await signIn(target, owner.email, owner.password);
    const caps = (await client.get('/payment-caps')).body.data;
    expect(caps).toMatchObject({ declined_cards: 8, card_testing: true, server_key_intents: 1 });
    expect(caps.visitors_refused).toBeGreaterThanOrEqual(2);
  });
});

/** A request whose headers promise a JSON body that never comes; resolves with its status and how long it took. */
function bodyNeverSent(target: Target, key: string): Promise<{ status: number; ms: number }> {
  const url = new URL('/booking/v1/quote', target.baseUrl);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': '200' },
      },
      (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, ms: Date.now() - started });
        req.destroy();
      },
    );
    req.on('error', (err) => (Date.now() - started < 5_000 ? reject(err) : undefined));
    req.setTimeout(5_000, () => {
      req.destroy();
      resolve({ status: 0, ms: Date.now() - started });
    });
    req.flushHeaders();
  });
}

describe.each(targets)('a bad key is refused at its headers on $name', (target) => {
  it('a body-less request with a made-up key or no key is answered 401 within a second', async () => {
    for (const key of ['svc_sk_booking_madeup000000000000000000000000', '']) {
      const { status, ms } = await bodyNeverSent(target, key);
      expect(status).toBe(401);
      expect(ms).toBeLessThan(1_000);
    }
  });
});
