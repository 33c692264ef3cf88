import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProcessorUnavailable } from './processor';
import { createStripeProcessor } from './stripe';

/**
 * A local stand-in for Stripe's HTTP API (Stripe's servers are unreachable here). It records what the
 * adapter sends, so the tests check method, path, form body and headers, and answers in Stripe's shapes.
 */
type Seen = {
  method: string;
  path: string;
  form: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
};

const intent = (over: Record<string, unknown> = {}) => ({
  id: 'pi_123',
  object: 'payment_intent',
  amount: 47_130,
  currency: 'usd',
  status: 'requires_payment_method',
  client_secret: 'pi_123_secret_abc',
  capture_method: 'manual',
  latest_charge: null,
  last_payment_error: null,
  ...over,
});

describe('the Stripe adapter against a stand-in of Stripe', () => {
  const seen: Seen[] = [];
  let answer: (s: Seen) => [number, unknown] = () => [200, intent()];
  let server: Server;
  let base = '';

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const url = new URL(req.url as string, 'http://stand-in');
        const form = new URLSearchParams(req.method === 'GET' ? url.search : body);
        const s = { method: req.method as string, path: url.pathname, form, headers: req.headers };
        seen.push(s);
        const [status, json] = answer(s);
        res
          .writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' })
          .end(JSON.stringify(json));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  beforeEach(() => {
    seen.length = 0;
    answer = () => [200, intent()];
  });

  const stripe = () =>
    createStripeProcessor({ secretKey: 'sk_test_123', publishableKey: 'pk_test_123', apiBase: base, timeoutMs: 2000 });

  it('creates a manual-capture PaymentIntent for the gross total, idempotent per session', async () => {
    const created = await stripe().createIntent({
      amountCents: 47_130,
      currency: 'USD',
      idempotencyKey: 'company-1:ses_abc',
      account: null,
      metadata: { company: 'acme', session_id: 'ses_abc' },
    });
    expect(created).toMatchObject({
      id: 'pi_123',
      clientSecret: 'pi_123_secret_abc',
      status: 'requires_payment_method',
      amountCents: 47_130,
    });
    const [req] = seen;
    expect(req?.method).toBe('POST');
    expect(req?.path).toBe('/v1/payment_intents');
    expect(Object.fromEntries(req?.form ?? [])).toEqual({
      amount: '47130',
      currency: 'usd',
      capture_method: 'manual',
      'automatic_payment_methods[enabled]': 'true',
      'metadata[company]': 'acme',
      'metadata[session_id]': 'ses_abc',
    });
    expect(req?.headers.authorization).toBe('Bearer sk_test_123');
    expect(req?.headers['idempotency-key']).toBe('company-1:ses_abc');
    expect(req?.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(req?.headers['stripe-account']).toBeUndefined();
  });

  it('saves the card to the customer for off-session charges when asked, and only with a customer', async () => {
    const base = { amountCents: 47_130, currency: 'USD', account: null, metadata: { company: 'acme' } };
    await stripe().createIntent({ ...base, idempotencyKey: 'k1', customer: 'cus_1', saveCard: true });
    await stripe().createIntent({ ...base, idempotencyKey: 'k2', customer: 'cus_1' });
    await stripe().createIntent({ ...base, idempotencyKey: 'k3', customer: null, saveCard: true });
    const sent = seen.map((s) => [s.form.get('customer'), s.form.get('setup_future_usage')]);
    expect(sent).toEqual([
      ['cus_1', 'off_session'],
      ['cus_1', null],
      [null, null],
    ]);
    expect(seen[0]?.form.get('capture_method')).toBe('manual');
  });

  it('creates a customer with an idempotency key, on the connected account', async () => {
    answer = () => [200, { id: 'cus_9', object: 'customer', email: 'pat@example.com', name: 'Pat Doe' }];
    const id = await stripe().createCustomer({
      idempotencyKey: 'customer:company-1:ses_abc',
      email: 'pat@example.com',
      name: 'Pat Doe',
      account: 'acct_ca_1',
    });
    expect(id).toBe('cus_9');
    expect(seen).toHaveLength(1);
    const [req] = seen;
    expect(req).toMatchObject({ method: 'POST', path: '/v1/customers' });
    expect(Object.fromEntries(req?.form ?? [])).toEqual({ email: 'pat@example.com', name: 'Pat Doe' });
    expect(req?.headers['idempotency-key']).toBe('customer:company-1:ses_abc');
    expect(req?.headers['stripe-account']).toBe('acct_ca_1');
    expect(req?.headers.authorization).toBe('Bearer sk_test_123');
  });

  const saved = {
    amountCents: 4_713,
    currency: 'USD',
    idempotencyKey: 'change:7f1c',
    account: null,
    metadata: { company: 'acme', change_id: '7f1c' },
    customer: 'cus_9',
    paymentMethod: 'pm_9',
  };

  it('charges the saved card off-session: a confirmed manual-capture intent on the customer and card', async () => {
    answer = () => [
      200,
      intent({ id: 'pi_9', amount: 4_713, status: 'requires_capture', customer: 'cus_9', payment_method: 'pm_9' }),
    ];
    expect(await stripe().chargeSaved(saved)).toMatchObject({
      id: 'pi_9',
      status: 'requires_capture',
      amountCents: 4_713,
      paymentMethod: 'pm_9',
      declineCode: null,
    });
    expect(seen).toHaveLength(1);
    const [req] = seen;
    expect(req).toMatchObject({ method: 'POST', path: '/v1/payment_intents' });
    expect(Object.fromEntries(req?.form ?? [])).toEqual({
      amount: '4713',
      currency: 'usd',
      capture_method: 'manual',
      customer: 'cus_9',
      payment_method: 'pm_9',
      off_session: 'true',
      confirm: 'true',
      'automatic_payment_methods[enabled]': 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
      'metadata[company]': 'acme',
      'metadata[change_id]': '7f1c',
    });
    expect(req?.headers['idempotency-key']).toBe('change:7f1c');
    expect(req?.headers['stripe-account']).toBeUndefined();
  });

  it("answers Stripe's 402 for a saved card with the intent it carries, waiting for the customer", async () => {
    for (const [code, declineCode] of [
      ['authentication_required', 'authentication_required'],
      ['card_declined', 'generic_decline'],
    ] as const) {
      seen.length = 0;
      const lastError = {
        type: 'card_error',
        code,
        decline_code: declineCode,
        message: 'Your card was declined.',
        payment_method: { id: 'pm_9', object: 'payment_method' },
      };
      answer = () => [
        402,
        {
          error: {
            ...lastError,
            charge: 'ch_9',
            payment_intent: intent({
              id: 'pi_9',
              amount: 4_713,
              status: 'requires_payment_method',
              client_secret: 'pi_9_secret_x',
              payment_method: null,
              last_payment_error: lastError,
            }),
          },
        },
      ];
      expect(await stripe().chargeSaved(saved)).toMatchObject({
        id: 'pi_9',
        clientSecret: 'pi_9_secret_x',
        status: 'requires_payment_method',
        amountCents: 4_713,
        declineCode,
        paymentMethod: null,
      });
      expect(seen).toHaveLength(1); // a card error is an answer, not retried
    }
  });

  it('passes a card error without an intent, and a refusal, through as they are', async () => {
    answer = () => [402, { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } }];
    const declined = await stripe()
      .chargeSaved(saved)
      .catch((e) => e);
    expect(declined).not.toBeInstanceOf(ProcessorUnavailable);
    expect(declined.code).toBe('card_declined');
    answer = () => [
      400,
      {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'payment_method',
          message: "No such PaymentMethod: 'pm_9'",
        },
      },
    ];
    const missing = await stripe()
      .chargeSaved(saved)
      .catch((e) => e);
    expect(missing.code).toBe('resource_missing');
  });

  it("uses a Canadian company's connected account", async () => {
    await stripe().createIntent({
      amountCents: 100,
      currency: 'CAD',
      idempotencyKey: 'k',
      account: 'acct_ca_1',
      metadata: {},
    });
    await stripe().capture('pi_123', 'acct_ca_1');
    expect(seen.map((s) => s.headers['stripe-account'])).toEqual(['acct_ca_1', 'acct_ca_1']);
    expect(seen[0]?.form.get('currency')).toBe('cad');
  });

  it("reads the authorization and Radar's risk level from the latest charge", async () => {
    answer = () => [
      200,
      intent({
        status: 'requires_capture',
        latest_charge: { id: 'ch_1', object: 'charge', outcome: { risk_level: 'elevated' } },
      }),
    ];
    expect(await stripe().retrieveIntent('pi_123', null)).toMatchObject({
      status: 'requires_capture',
      riskLevel: 'elevated',
    });
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/v1/payment_intents/pi_123' });
    expect(seen[0]?.form.get('expand[0]')).toBe('latest_charge');
    answer = () => [
      200,
      intent({
        status: 'requires_capture',
        latest_charge: { id: 'ch_1', object: 'charge', outcome: { risk_level: 'normal' } },
      }),
    ];
    expect((await stripe().retrieveIntent('pi_123', null)).riskLevel).toBe('normal');
    answer = () => [200, intent({ status: 'processing' })];
    expect((await stripe().retrieveIntent('pi_123', null)).status).toBe('requires_payment_method');
    answer = () => [
      200,
      intent({ last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' } }),
    ];
    expect((await stripe().retrieveIntent('pi_123', null)).declineCode).toBe('insufficient_funds');
  });

  it('captures once per intent and cancels', async () => {
    answer = (s) => [
      200,
      intent({ status: s.path.endsWith('/capture') ? 'succeeded' : 'canceled', amount_received: 47_130 }),
    ];
    expect(await stripe().capture('pi_123', null)).toMatchObject({ status: 'succeeded', amountCents: 47_130 });
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/v1/payment_intents/pi_123/capture' });
    expect(seen[0]?.headers['idempotency-key']).toBe('capture-pi_123');
    expect((await stripe().cancel('pi_123', null)).status).toBe('canceled');
    expect(seen[1]).toMatchObject({ method: 'POST', path: '/v1/payment_intents/pi_123/cancel' });
  });

  it('reports what a capture received, not what was authorized: a short capture shows', async () => {
    answer = () => [200, intent({ status: 'succeeded', amount: 47_130, amount_received: 47_129 })];
    expect((await stripe().capture('pi_123', null)).amountCents).toBe(47_129);
  });

  it('reports Stripe being down as ProcessorUnavailable, after its retries', async () => {
    answer = () => [500, { error: { type: 'api_error', message: 'Something went wrong' } }];
    await expect(stripe().retrieveIntent('pi_123', null)).rejects.toBeInstanceOf(ProcessorUnavailable);
    expect(seen.length).toBe(3); // the first try and two retries
    const unreachable = createStripeProcessor({
      secretKey: 'sk_test_123',
      publishableKey: 'pk',
      apiBase: 'http://127.0.0.1:9',
      timeoutMs: 500,
    });
    await expect(unreachable.retrieveIntent('pi_123', null)).rejects.toBeInstanceOf(ProcessorUnavailable);
  });

  it('passes a refusal by Stripe through as it is', async () => {
    answer = () => [
      400,
      { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'cannot capture' } },
    ];
    const err = await stripe()
      .capture('pi_123', null)
      .catch((e) => e);
    expect(err).not.toBeInstanceOf(ProcessorUnavailable);
    expect(err.code).toBe('payment_intent_unexpected_state');
  });
});
