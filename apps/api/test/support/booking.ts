import { expect } from 'vitest';
import { addDays, weekday } from '../../src/domain/dates';
import { TEST_CARDS } from '../../src/payments/sandbox-cards';
import { type ApiResponse, type apiClient, expectError } from './client';
import type { Target } from './servers';
import { sandboxStatuses } from './target-db';

type Api = ReturnType<typeof apiClient>;

/**
 * The first delivery day acme takes whose pickup (after `rentalDays`) it takes too: not inside the notice,
 * not a Sunday, not its closed days (today + 5 and + 6).
 */
export function openDay(today: string, after = 1, rentalDays = 9): string {
  const open = (i: number) => i !== 5 && i !== 6 && weekday(addDays(today, i)) !== 7;
  for (let i = after; ; i++) if (open(i) && open(i + rentalDays)) return addDays(today, i);
}

let counter = 0;
export function intentBody(target: Target, overrides: Record<string, unknown> = {}) {
  const { acme, today } = target.fixtures;
  counter++;
  return {
    size_id: acme.sizes['10yd'],
    rental_days: 9,
    delivery_date: openDay(today, 1, Number(overrides.rental_days ?? 9)),
    delivery_address: '12 Main St',
    delivery_city: 'New York',
    delivery_state: 'NY',
    delivery_zip: '10001',
    customer: { name: 'Pat Doe', email: `pat${counter}.${Date.now()}@example.com`, phone: '+1 212 555 0199' },
    terms_accepted: true,
    ...overrides,
  };
}

/** What a browser does with the client secret: confirm the card at the processor (here, the sandbox). */
export async function payWithCard(
  target: Target,
  intent: { payment_intent_id: string; client_secret: string },
  number: string = TEST_CARDS.success,
) {
  const res = await fetch(`${target.baseUrl}/sandbox/v1/payment_intents/${intent.payment_intent_id}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'https://acme.example' },
    body: JSON.stringify({
      client_secret: intent.client_secret,
      card: { number, exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' },
      return_url: 'https://acme.example/booking/done',
    }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** intents -> card -> confirm, as the order flow rules say. */
export async function book(
  api: Api,
  target: Target,
  card: string = TEST_CARDS.success,
  overrides: Record<string, unknown> = {},
) {
  const key = target.fixtures.acme.server;
  const intent: ApiResponse = await api.post('/intents', { key, body: intentBody(target, overrides) });
  if (intent.status !== 200) throw new Error(`intents: ${JSON.stringify(intent.body)}`);
  const paid = await payWithCard(target, intent.body.data, card);
  const confirmed = await api.post('/confirm', {
    key,
    body: { session_id: intent.body.data.session_id, payment_intent_id: intent.body.data.payment_intent_id },
  });
  return { intent: intent.body.data, paid, confirmed };
}

type Paid = { session_id: string; payment_intent_id: string; client_secret: string };

/**
 * The race for the last unit (a can, a seat, a promo use): every intent is paid with the sandbox card, then
 * all are confirmed at once. Exactly one makes its booking and is captured; every other confirm is 409 with
 * the unit's code, its reason and `payment: released`, and its card is released (canceled). The winner back.
 */
export async function raceToConfirm<I extends Paid>(
  target: Target,
  intents: I[],
  confirm: (intent: I, index: number) => Promise<ApiResponse>,
  refusal: { code: string; reason: string },
): Promise<I> {
  for (const intent of intents) await payWithCard(target, intent);
  const confirms = await Promise.all(intents.map(confirm));
  expect(confirms.filter((r) => r.status === 200)).toHaveLength(1);
  for (const lost of confirms.filter((r) => r.status !== 200)) {
    expectError(lost, 409, refusal.code, 'session_id');
    expect(lost.body.error.details).toMatchObject({ reason: refusal.reason, payment: 'released' });
  }
  const statuses = await sandboxStatuses(
    target,
    intents.map((i) => i.payment_intent_id),
  );
  expect(Object.values(statuses).filter((s) => s === 'succeeded')).toHaveLength(1);
  expect(Object.values(statuses).filter((s) => s === 'canceled')).toHaveLength(intents.length - 1);
  return intents[confirms.findIndex((r) => r.status === 200)] as I;
}
