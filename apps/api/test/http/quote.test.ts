import { describe, expect, inject, it } from 'vitest';
import { apiClient, expectError } from '../support/client';

const targets = inject('targets');

// POST /quote through real HTTP: every line of the price, materials, promos and refusals.
describe.each(targets)('POST /quote on $name', (target) => {
  const api = apiClient(target.baseUrl);
  const { acme, offline } = target.fixtures;
  const key = acme.server;
  const tenYard = acme.sizes['10yd'];
  const twentyYard = acme.sizes['20yd'];
  const quote = (body: Record<string, unknown>, k = key) => api.post('/quote', { key: k, body });

  describe('POST /quote', () => {
    it('prices a 10-yard, 9-day rental: 7-day tier plus 2 extra days, fee, tax, card fee', async () => {
      const res = await quote({ size_id: tenYard, rental_days: 9 });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        size: { id: tenYard, label: '10 Yard', yards: 10 },
        rental_days: 9,
        material: null,
        lines: {
          base: 350,
          extra_days: 40,
          fuel_environmental_fee: 30,
          promo_discount: 0,
          subtotal: 420,
          tax_percent: 8.875,
          tax: 37.28, // 37.275 rounded half up
        },
        promo: null,
        total: 457.28,
        total_cents: 45_728,
        processing_fee: 14.02, // 3% of 457.28 = 13.7184 -> 13.72, + 0.30
        processing_fee_cents: 1_402,
        card_fee_handling: 'customer_pays',
        gross_total: 471.3,
        gross_total_cents: 47_130,
        currency: 'USD',
        pricing: 'general',
      });
    });

    it.each([
      [1, 300, 0],
      [3, 300, 0],
      [7, 350, 0],
      [13, 400, 60],
      [30, 600, 0],
      [365, 600, 335 * 20],
    ])('%i days: base %i, extra days %i', async (rental_days, base, extra) => {
      const res = await quote({ size_id: tenYard, rental_days });
      expect(res.body.data.lines).toMatchObject({ base, extra_days: extra });
    });

    it('takes a percent promo off base and extra days', async () => {
      const res = await quote({ size_id: tenYard, rental_days: 9, promo_code: 'tenoff' });
      expect(res.body.data.lines).toMatchObject({ promo_discount: 39, subtotal: 381, tax: 33.81 });
      expect(res.body.data).toMatchObject({
        total_cents: 41_481,
        processing_fee_cents: 1_274,
        gross_total_cents: 42_755,
      });
      expect(res.body.data.promo).toMatchObject({ ok: true, code: 'TENOFF', discount_percent: 10 });
    });

    it('takes an amount promo, and reports a refused one without discount', async () => {
      const amount = await quote({ size_id: tenYard, rental_days: 9, promo_code: 'FIFTY' });
      expect(amount.body.data.lines).toMatchObject({ promo_discount: 50, subtotal: 370, tax: 32.84 });
      expect(amount.body.data.gross_total_cents).toBe(41_523);
      const refused = await quote({ size_id: tenYard, rental_days: 9, promo_code: 'PAST' });
      expect(refused.body.data.lines.promo_discount).toBe(0);
      expect(refused.body.data.promo).toMatchObject({ ok: false, reason: 'expired' });
    });

    it('prices by material: the material price is the base for 7 days', async () => {
      const res = await quote({ size_id: tenYard, rental_days: 10, material: 'concrete' });
      expect(res.body.data).toMatchObject({
        pricing: 'material',
        material: 'concrete',
        lines: { base: 500, extra_days: 60, fuel_environmental_fee: 30, subtotal: 590, tax: 52.36 },
        total_cents: 64_236,
        processing_fee_cents: 1_957,
        gross_total_cents: 66_193,
      });
    });

    it("falls back to the size's price when the material's price is null", async () => {
      const res = await quote({ size_id: twentyYard, rental_days: 7, material: 'shingles' });
      expect(res.body.data).toMatchObject({ pricing: 'general', lines: { base: 450 } });
    });

    it('refuses a material the size does not accept, with the sizes that do', async () => {
      const res = await quote({ size_id: twentyYard, rental_days: 7, material: 'concrete' });
      expectError(res, 409, 'material_not_allowed', 'material');
      expect(res.body.error.details).toEqual({
        material: 'concrete',
        allowed_sizes: [{ id: tenYard, label: '10 Yard', yards: 10, price: 500 }],
      });
    });

    it('refuses an unknown material with the allowed slugs', async () => {
      const res = await quote({ size_id: tenYard, rental_days: 7, material: 'uranium' });
      expectError(res, 400, 'invalid_body', 'material');
      expect(res.body.error.details).toEqual({ allowed: ['household', 'concrete', 'shingles'] });
    });

    it('answers 404 for a size of no company or of another company', async () => {
      expectError(
        await quote({ size_id: '7d444840-9dc0-41d4-9d8a-8f3e0e5b0c11', rental_days: 7 }),
        404,
        'not_found',
        'size_id',
      );
      expectError(await quote({ size_id: tenYard, rental_days: 7 }, offline.server), 404, 'not_found', 'size_id');
    });

    it('charges no card fee when the company absorbs it, in its currency', async () => {
      const sizes = await api.get('/sizes', { key: offline.server });
      const res = await quote({ size_id: sizes.body.data[0].id, rental_days: 7 }, offline.server);
      expect(res.body.data).toMatchObject({
        total_cents: 40_000,
        processing_fee: 0,
        processing_fee_cents: 0,
        card_fee_handling: 'company_absorbs',
        gross_total_cents: 40_000,
        currency: 'CAD',
      });
    });
  });
});
