import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { TEST_CARDS } from '../../src/payments/sandbox-cards';
import { intentBody, payWithCard } from '../support/booking';
import { svc } from '../support/cli';
import { type ApiResponse, apiClient, expectError } from '../support/client';
import { acmeConfig } from '../support/fixtures';

// Card testing (docs/decisions/payment-caps.md): payment intents are capped per page visitor and, for the
// company's server keys, per company (per hour), and failed card attempts per session, so a card-testing bot
// cannot walk stolen cards through a company's forms. The caps are the company's (booking.payment_limits);
// the strict server runs them as configured. public-key-attacks.test.ts plays the declines and card testing.
const [standalone] = inject('strictTargets');
const target = standalone!;

function expectCapped(res: ApiResponse, limit: string) {
  expectError(res, 429, 'rate_limited');
  expect(res.body.error.details).toMatchObject({ limit });
  const wait = Number(res.headers.get('retry-after'));
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(wait).toBeLessThanOrEqual(3600);
}

describe('payment intent caps (standalone, as configured)', () => {
  it('per IP, per company and per session, each with its own refusal', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'svc-capped-'));
    const config = acmeConfig(target.fixtures.today);
    const file = path.join(dir, 'capped.json');
    writeFileSync(
      file,
      JSON.stringify({
        ...config,
        slug: 'capped',
        name: 'Capped Co',
        booking: {
          ...config.booking,
          payment_limits: { intents_per_ip_per_hour: 2, intents_per_hour: 6, failed_payments_per_session: 2 },
        },
      }),
    );
    await svc(target, 'company', 'apply', file);
    const server = (await svc(target, 'keys', 'create', 'capped', '--kind', 'server')).key as string;
    const publishable = (
      await svc(target, 'keys', 'create', 'capped', '--kind', 'publishable', '--domain', 'capped.example')
    ).key as string;
    const sizes = (await apiClient(target.baseUrl).get('/sizes', { key: server })).body.data as {
      id: string;
      label: string;
    }[];
    const sizeId = sizes.find((s) => s.label === '10 Yard')?.id as string;
    const api = apiClient(target.baseUrl);
    const body = (overrides: Record<string, unknown> = {}) => intentBody(target, { size_id: sizeId, ...overrides });
    const fromPage = (ip: string, b: Record<string, unknown>) =>
      api.post('/intents', {
        key: publishable,
        origin: 'https://capped.example',
        headers: { 'x-forwarded-for': ip },
        body: b,
      });
    const fromServer = (b: Record<string, unknown>) => api.post('/intents', { key: server, body: b });

    // Per session: the third failed card attempt on one payment is refused and the payment canceled.
    const first = (await fromServer(body())).body.data;
    for (let i = 0; i < 2; i++) expect((await payWithCard(target, first, TEST_CARDS.genericDecline)).status).toBe(402);
    expect((await payWithCard(target, first, TEST_CARDS.genericDecline)).body.error.code).toBe(
      'payment_intent_unexpected_state',
    );

    // Per IP, for pages (publishable keys): two new payments an hour from one address.
    const a1 = body({ session_id: `ses_cap_a1_${Date.now()}` });
    expect((await fromPage('10.50.0.1', a1)).status).toBe(200);
    expect((await fromPage('10.50.0.1', body())).status).toBe(200);
    expectCapped(await fromPage('10.50.0.1', body()), 'intents_per_ip');
    // A repeat of an open session is not a new payment: it is answered at the cap.
    expect((await fromPage('10.50.0.1', a1)).status).toBe(200);
    expect((await fromPage('10.50.0.2', body())).status).toBe(200);

    // Per company, for its server keys: six new payments an hour (one so far). Pages never count there, and
    // the server keys' cap never stops a page (docs/decisions/payment-caps.md).
    for (let i = 0; i < 5; i++) expect((await fromServer(body())).status).toBe(200);
    expectCapped(await fromServer(body()), 'intents_per_company');
    expect((await fromPage('10.50.0.9', body())).status).toBe(200);
  });
});
