import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intentBody } from '../support/booking';
import { svc } from '../support/cli';
import { apiClient, expectError } from '../support/client';
import { createLocation, type DatabaseLocation, drivers, open } from '../support/databases';
import { type Fixtures, seedFixtures } from '../support/fixtures';
import { spawnServer, type Target } from '../support/servers';

/**
 * A platform with Stripe keys, talking to a stand-in of Stripe's API that the test can take down: the
 * Stripe path end to end, and 502 upstream when the processor does not answer, with nothing lost.
 */
function stripeStandIn() {
  const intents = new Map<
    string,
    { amount: number; currency: string; status: string; metadata: Record<string, string> }
  >();
  const seen: { method: string; path: string; idempotencyKey?: string }[] = [];
  const byKey = new Map<string, { id: string; body: string }>();
  const customers = new Map<string, string>();
  let down = false;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const url = new URL(req.url as string, 'http://stripe');
      seen.push({
        method: req.method as string,
        path: url.pathname,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      });
      const send = (status: number, json: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      if (down) return send(500, { error: { type: 'api_error', message: 'Stripe is down (stand-in)' } });
      const form = new URLSearchParams(body);
      const view = (id: string) => {
        const pi = intents.get(id);
        return (
          pi && {
            id,
            object: 'payment_intent',
            client_secret: `${id}_secret_x`,
            latest_charge: null,
            last_payment_error: null,
            // As Stripe: what a capture received (0 until captured).
            amount_received: pi.status === 'succeeded' ? pi.amount : 0,
            ...pi,
          }
        );
      };
      // The customer a booking's card is saved to (docs/decisions/my-booking.md): one per idempotency key.
      if (url.pathname === '/v1/customers' && req.method === 'POST') {
        const key = req.headers['idempotency-key'] as string | undefined;
        const id = (key && customers.get(key)) || `cus_test_${customers.size + 1}`;
        if (key) customers.set(key, id);
        return send(200, { id, object: 'customer', email: form.get('email'), name: form.get('name') });
      }
      const match = /^\/v1\/payment_intents(?:\/([^/]+))?(?:\/(capture|cancel))?$/.exec(url.pathname);
      if (!match) return send(404, { error: { type: 'invalid_request_error', message: 'no such route' } });
      const [, id, action] = match;
      if (!id && req.method === 'POST') {
        // As Stripe: metadata[key]=value is kept; an idempotency key replays its first request only.
        const metadata = Object.fromEntries(
          [...form].filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v]),
        );
        const key = req.headers['idempotency-key'] as string | undefined;
        const known = key ? byKey.get(key) : undefined;
        if (known) {
          if (known.body !== body) {
            return send(400, {
              error: {
                type: 'idempotency_error',
                message: 'Keys for idempotent requests can only be used with the same parameters',
              },
            });
          }
          return send(200, view(known.id));
        }
        const newId = `pi_test_${intents.size + 1}`;
        intents.set(newId, {
          amount: Number(form.get('amount')),
          currency: form.get('currency') as string,
          status: 'requires_payment_method',
          metadata,
        });
        if (key) byKey.set(key, { id: newId, body });
        return send(200, view(newId));
      }
      const pi = id && intents.get(id);
      if (!pi)
        return send(404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' },
        });
      if (action === 'capture') pi.status = 'succeeded';
      if (action === 'cancel') pi.status = 'canceled';
      return send(200, view(id as string));
    });
  });
  return {
    seen,
    authorize: (id: string) => {
      (intents.get(id) as { status: string }).status = 'requires_capture';
    },
    setDown: (value: boolean) => {
      down = value;
    },
    start: () =>
      new Promise<string>((r) =>
        server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe.each(drivers())('Stripe and a processor that does not answer, on %s', (driver) => {
  const stripe = stripeStandIn();
  let location: DatabaseLocation;
  let fixtures: Fixtures;
  let server: Awaited<ReturnType<typeof spawnServer>>;
  let target: Target;

  beforeAll(async () => {
    const base = await stripe.start();
    location = await createLocation(driver, 'upstream');
    const db = await open(location);
    fixtures = await seedFixtures(db);
    await db.close();
    server = await spawnServer('standalone', location.env, {
      SVC_RATE_LIMIT_PER_MINUTE: '100000',
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
      STRIPE_API_BASE: base,
    });
    target = { name: 'upstream', kind: 'standalone', driver, baseUrl: server.baseUrl, env: location.env, fixtures };
  });
  afterAll(async () => {
    await server?.stop();
    await stripe.stop();
    await location?.dispose();
  });

  const api = () => apiClient(server.baseUrl);
  const stripecoBody = async (extra: Record<string, unknown> = {}) => {
    const sizes = await api().get('/sizes', { key: fixtures.stripeco.server });
    return intentBody(target, { size_id: sizes.body.data[0].id, ...extra });
  };

  it('502 upstream on /intents while Stripe is down: the session waits without a payment, and a retry opens it', async () => {
    stripe.setDown(true);
    const sessionId = `up_down_${Date.now()}`;
    const body = await stripecoBody({ session_id: sessionId });
    const res = await api().post('/intents', { key: fixtures.stripeco.server, body });
    stripe.setDown(false);
    expectError(res, 502, 'upstream');
    // The session row is written before Stripe is called (so a retry finds it): it has no payment yet.
    const waiting = await api().get(`/sessions/${sessionId}`, { key: fixtures.stripeco.server });
    expect(waiting.body.data).toMatchObject({ state: 'intent_created', payment_intent_id: null, order_id: null });
    const retry = await api().post('/intents', { key: fixtures.stripeco.server, body });
    expect(retry.status).toBe(200);
    const created = stripe.seen.filter((s) => s.path === '/v1/payment_intents' && s.method === 'POST');
    // Every attempt carried the same key, which covers the session and what it buys.
    expect(new Set(created.slice(-2).map((s) => s.idempotencyKey)).size).toBe(1);
    expect(created.at(-1)?.idempotencyKey).toContain(sessionId);
  });

  it('books through Stripe; 502 upstream on /confirm keeps the authorization, and a retry makes the order', async () => {
    const intent = (await api().post('/intents', { key: fixtures.stripeco.server, body: await stripecoBody() })).body
      .data;
    expect(intent.processor).toEqual({ kind: 'stripe', publishable_key: 'pk_test_standin', account: null });
    expect(stripe.seen.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      idempotencyKey: expect.stringContaining(intent.session_id),
    });
    stripe.authorize(intent.payment_intent_id); // what the Payment Element does in the browser

    stripe.setDown(true);
    const body = { session_id: intent.session_id, payment_intent_id: intent.payment_intent_id };
    expectError(await api().post('/confirm', { key: fixtures.stripeco.server, body }), 502, 'upstream');
    stripe.setDown(false);
    const session = (await api().get(`/sessions/${intent.session_id}`, { key: fixtures.stripeco.server })).body.data;
    expect(session).toMatchObject({ state: 'intent_created', order_id: null, last_error: 'processor unavailable' });
    expect(stripe.seen.some((s) => s.path.endsWith('/capture'))).toBe(false);

    const again = await api().post('/confirm', { key: fixtures.stripeco.server, body });
    expect(again.body.data.state).toBe('confirmed');
    expect(
      stripe.seen.filter((s) => s.path === `/v1/payment_intents/${intent.payment_intent_id}/capture`),
    ).toHaveLength(1);
    const orders = ((await svc(target, 'orders', 'list', 'stripeco')) as any[]).filter(
      (o) => o.session_id === intent.session_id,
    );
    expect(orders).toMatchObject([{ payment_status: 'paid' }]);
  });
});
