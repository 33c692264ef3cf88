import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';
import { orders, sandboxPaymentIntents } from '../../src/db/schema';
import { addDays } from '../../src/domain/dates';
import { intentBody, openDay, payWithCard } from '../support/booking';
import { type ApiResponse, apiClient } from '../support/client';
import { withTargetDb } from '../support/target-db';

// The money path (docs/decisions/money-path.md): any sequence of POST /intents calls with one session_id (valid, invalid, hostile text, some of
// them concurrent), then the card and POST /confirm, ends with no order, or with an order whose charged
// amount equals the amount the processor authorized and captured, equals the quote of the order's own
// recorded size, days, material and promo.
const targets = inject('targets');

const hostileText = fc.constantFrom('\u0000', '\ud800', '\udfff', '\u0007', 'é', '😀');
const textFields = ['delivery_address', 'delivery_city', 'debris_type', 'promo_code'] as const;

const step = fc.record({
  kind: fc.constantFrom('valid', 'valid', 'hostile', 'invalid'),
  size: fc.constantFrom('10yd', '20yd') as fc.Arbitrary<'10yd' | '20yd'>,
  days: fc.integer({ min: 1, max: 30 }),
  promo: fc.constantFrom(undefined, 'TENOFF', 'FIFTY'),
  material: fc.constantFrom(undefined, 'household', 'concrete', 'shingles'),
  acknowledged: fc.boolean(),
  hostile: fc.record({ field: fc.constantFrom(...textFields), text: hostileText }),
  pickupShift: fc.constantFrom(0, 0, 1, -1, 365),
  concurrent: fc.boolean(),
});

type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

describe.each(targets)('the money path as a property on $name', (target) => {
  const api = apiClient(target.baseUrl);
  const { acme, today } = target.fixtures;
  const key = acme.server;

  function bodyOf(s: Step, session_id: string) {
    const delivery = openDay(today, 1, s.days);
    const body: Record<string, any> = intentBody(target, {
      session_id,
      size_id: acme.sizes[s.size],
      rental_days: s.days,
      delivery_date: delivery,
      ...(s.promo ? { promo_code: s.promo } : {}),
      ...(s.material ? { material: s.material, material_acknowledged: s.acknowledged } : {}),
    });
    if (s.kind === 'hostile') body[s.hostile.field] = `${body[s.hostile.field] ?? 'x'}${s.hostile.text}`;
    if (s.kind === 'invalid') body.pickup_date = addDays(delivery, s.days + s.pickupShift);
    return body;
  }

  it('ends with no order, or an order charged exactly what was authorized and what its booking costs', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 4 }), async (steps) => {
        const session_id = `ses_prop_${Date.now()}_${run++}`;
        let last: ApiResponse | undefined;
        for (const s of steps) {
          const send = () => api.post('/intents', { key, body: bodyOf(s, session_id) });
          const answers = s.concurrent ? await Promise.all([send(), send()]) : [await send()];
          for (const a of answers) {
            expect(a.status).toBeLessThan(500);
            if (a.status === 200) last = a;
          }
        }
        const session = await api.get(`/sessions/${session_id}`, { key });
        if (!last) {
          expect(session.status).toBe(404);
          return;
        }
        const intent = last.body.data;
        const paid = await payWithCard(target, intent);
        const confirmed = await api.post('/confirm', {
          key,
          body: { session_id, payment_intent_id: intent.payment_intent_id },
        });
        const [order] = await withTargetDb(target, ({ db }) =>
          db.select().from(orders).where(eq(orders.sessionId, session_id)),
        );
        if (confirmed.status !== 200) {
          expect(order).toBeUndefined();
          return;
        }
        expect(paid.status).toBe(200);
        const [charged] = await withTargetDb(target, ({ db }) =>
          db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, intent.payment_intent_id)),
        );
        const quote = await api.post('/quote', {
          key,
          body: {
            size_id: order?.sizeId,
            rental_days: order?.rentalDays,
            ...(order?.material ? { material: order.material } : {}),
            ...(order?.promoCode ? { promo_code: order.promoCode } : {}),
          },
        });
        expect(charged).toMatchObject({ status: 'succeeded', amountCents: order?.grossTotalCents });
        expect(quote.body.data.gross_total_cents).toBe(order?.grossTotalCents);
        expect(intent.amount.gross_total_cents).toBe(order?.grossTotalCents);
      }),
      { numRuns: 12 },
    );
  });
});
