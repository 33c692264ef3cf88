import { describe, expect, inject, it } from 'vitest';
import { addDays } from '../../src/domain/dates';
import { intentBody } from '../support/booking';
import { svc } from '../support/cli';
import { apiClient, expectError } from '../support/client';

const targets = inject('targets');

// Every booking rule of POST /intents, through real HTTP: the code and the field of each refusal.
describe.each(targets)('POST /intents booking rules on $name', (target) => {
  const api = apiClient(target.baseUrl);
  const { acme, offline, today } = target.fixtures;
  const key = acme.server;
  const intents = (body: Record<string, unknown>, k = key) => api.post('/intents', { key: k, body });

  describe('POST /intents booking rules', () => {
    it.each([
      ['date_past', () => ({ delivery_date: addDays(today, -1) }), 'delivery_date'],
      ['date_past', () => ({ delivery_date: today }), 'delivery_date'], // inside the notice
      ['date_closed', () => ({ delivery_date: addDays(today, 5) }), 'delivery_date'],
      ['out_of_service_area', () => ({ delivery_zip: '90210' }), 'delivery_zip'],
      ['promo_invalid', () => ({ promo_code: 'PAST' }), 'promo_code'],
      [
        'account_customer',
        () => ({ customer: { name: 'AP', email: 'AP@BigBuilder.example', phone: '+1 212 555 0100' } }),
        'customer.email',
      ],
      [
        'material_not_allowed',
        () => ({ size_id: acme.sizes['20yd'], material: 'concrete', material_acknowledged: true }),
        'material',
      ],
    ])('409 %s', async (code, overrides, field) => {
      expectError(await intents(intentBody(target, overrides())), 409, code, field);
    });

    it.each([
      ['a material needing acknowledgement', { material: 'concrete' }, 'material_acknowledged'],
      ['terms not accepted', { terms_accepted: false }, 'terms_accepted'],
      ['an invalid ZIP', { delivery_zip: 'abc' }, 'delivery_zip'],
      ['a pickup before delivery', { pickup_date: '2000-01-01' }, 'pickup_date'],
      ['an unknown material', { material: 'uranium' }, 'material'],
      ['a bad e-mail', { customer: { name: 'x', email: 'nope', phone: '+1 212 555 0100' } }, 'customer.email'],
      ['a missing customer', { customer: undefined }, 'customer'],
    ])('400 invalid_body: %s', async (_name, overrides, field) => {
      expectError(await intents(intentBody(target, overrides)), 400, 'invalid_body', field);
    });

    it('prices a debris_type that names a material as that material, with its acknowledgement kept', async () => {
      const res = await intents(
        intentBody(target, { debris_type: 'concrete', material_acknowledged: true, rental_days: 7 }),
      );
      expect(res.body.data.amount.total_cents).toBe(Math.round((500 + 30) * 1.08875 * 100));
      const session = await api.get(`/sessions/${res.body.data.session_id}`, { key });
      expect(session.body.data.material).toMatchObject({
        slug: 'concrete',
        label: 'Clean concrete',
        acknowledged_at: expect.any(String),
      });
    });

    it('payments_not_ready for a company set to Stripe on a platform without Stripe keys', async () => {
      const sizes = await api.get('/sizes', { key: target.fixtures.stripeco.server });
      const res = await intents(
        intentBody(target, { size_id: sizes.body.data[0].id }),
        target.fixtures.stripeco.server,
      );
      expectError(res, 409, 'payments_not_ready');
    });

    it('404 for a size of another company', async () => {
      expectError(await intents(intentBody(target), offline.server), 404, 'not_found', 'size_id');
    });

    it('booking_offline and payments_not_ready follow the company switches', async () => {
      await svc(target, 'payments', 'not-ready', 'acme');
      try {
        await expect
          .poll(async () => (await intents(intentBody(target))).body.error?.code, { timeout: 5000 })
          .toBe('payments_not_ready');
        await svc(target, 'booking', 'off', 'acme');
        await expect
          .poll(async () => (await intents(intentBody(target))).body.error?.code, { timeout: 5000 })
          .toBe('booking_offline');
      } finally {
        await svc(target, 'booking', 'on', 'acme');
        await svc(target, 'payments', 'ready', 'acme');
      }
      await expect.poll(async () => (await intents(intentBody(target))).status, { timeout: 5000 }).toBe(200);
    });
  });
});
