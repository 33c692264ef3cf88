import { describe, expect, inject, it } from 'vitest';
import { addDays, weekday } from '../../src/domain/dates';
import { apiClient, expectError } from '../support/client';

const targets = inject('targets');

describe.each(targets)('Booking API read side on $name', (target) => {
  const api = apiClient(target.baseUrl);
  const { acme, offline, today } = target.fixtures;
  const key = acme.server;
  const tenYard = acme.sizes['10yd'];
  const twentyYard = acme.sizes['20yd'];
  const quote = (body: Record<string, unknown>, k = key) => api.post('/quote', { key: k, body });

  it('GET /company returns the profile', async () => {
    const res = await api.get('/company', { key });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      slug: 'acme',
      name: 'Acme Roll-Off',
      currency: 'USD',
      country: 'US',
      timezone: 'America/New_York',
      is_online: true,
      payments_ready: true,
      branding: { logo_url: 'https://acme.example/logo.png', primary_color: '#aa3300' },
      card_fee: { handling: 'customer_pays', percent: 3, fixed: 0.3, fixed_cents: 30 },
      non_working_days: {
        weekdays: ['sunday'],
        dates: [
          { date: addDays(today, 5), kind: 'holiday', reason: 'Test Holiday' },
          { date: addDays(today, 6), kind: 'blackout', reason: 'Yard inventory' },
        ],
      },
      booking_window: { min_notice_days: 1, max_advance_days: 60 },
      service_area: { restricted: true, zips: ['10001', '10002'] },
      booking: { materials: { enabled: true, required: false } },
    });
    expect(res.body.data.hosted_page_url).toMatch(/\/book\?company=acme$/);
  });

  it('GET /sizes lists active sizes with live prices, in order', async () => {
    const res = await api.get('/sizes', { key });
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: { label: string }) => s.label)).toEqual(['10 Yard', '20 Yard']);
    expect(res.body.data[0]).toEqual({
      id: tenYard,
      label: '10 Yard',
      yards: 10,
      description: '',
      image_url: null,
      price_from: 300,
      included_tons: 2,
      overage_per_ton: 70,
      prices: { d3: 300, d7: 350, d10: 400, d14: 450, d30: 600, extra_day: 20 },
      tax: { enabled: true, percent: 8.875 },
      fuel_environmental_fee: { enabled: true, amount: 30 },
      is_default: true,
      is_popular: false,
    });
    expect(res.body.data[1]).toMatchObject({
      id: twentyYard,
      price_from: 450,
      prices: { d3: null, d7: 450, d10: null, d14: 550, d30: null, extra_day: 25 },
      fuel_environmental_fee: { enabled: false, amount: 0 },
      is_popular: true,
    });
  });

  it('GET /materials returns the envelope with sizes and material prices', async () => {
    const res = await api.get('/materials', { key });
    expect(res.status).toBe(200);
    const { data } = res.body;
    expect(data).toMatchObject({ enabled: true, required: false, note: 'Heavy debris is priced by material.' });
    expect(data.materials.map((m: { slug: string }) => m.slug)).toEqual(['household', 'concrete', 'shingles']);
    expect(data.materials[1]).toEqual({
      slug: 'concrete',
      label: 'Clean concrete',
      explanation: null,
      requires_ack: true,
      is_catch_all: false,
      is_heavy: true,
      sort_order: 1,
      size_policy: 'listed',
      sizes: [
        {
          id: tenYard,
          label: '10 Yard',
          yards: 10,
          price: 500,
          max_weight_tons: 10,
          overage_mode: 'flat',
          overage_per_ton: null,
        },
      ],
    });
    expect(data.materials[0]).toMatchObject({ size_policy: 'all', sizes: [], is_catch_all: true });
  });

  it('GET /availability lists closed days with their reasons', async () => {
    const res = await api.get('/availability', { key });
    expect(res.status).toBe(200);
    const { data } = res.body;
    expect(data).toMatchObject({
      today,
      from: today,
      to: addDays(today, 59),
      min_date: addDays(today, 1),
      max_days: 60,
    });
    expect(data.max_date).toBe(addDays(today, 60));
    const reasons = new Map(data.closed.map((c: { date: string; reason: string }) => [c.date, c.reason]));
    expect(reasons.get(today)).toBe('past');
    expect(reasons.get(addDays(today, 5))).toBe('holiday_or_blackout');
    expect(reasons.get(addDays(today, 6))).toBe('holiday_or_blackout');
    for (let i = 1; i <= 59; i++) {
      const date = addDays(today, i);
      if (i === 5 || i === 6) continue;
      expect(reasons.get(date) ?? null, date).toBe(weekday(date) === 7 ? 'non_working_day' : null);
    }

    const range = await api.get('/availability', { key, query: { from: addDays(today, -3), to: addDays(today, 2) } });
    expect(
      range.body.data.closed
        .filter((c: { reason: string }) => c.reason === 'past')
        .map((c: { date: string }) => c.date),
    ).toEqual([addDays(today, -3), addDays(today, -2), addDays(today, -1), today]);
  });

  describe('POST /check', () => {
    const openDay = () => {
      for (let i = 1; ; i++) {
        const d = addDays(today, i);
        if (i !== 5 && i !== 6 && weekday(d) !== 7) return d;
      }
    };

    it('evaluates only the fields sent', async () => {
      const res = await api.post('/check', { key, body: {} });
      expect(res.body.data).toEqual({
        date: null,
        service_area: null,
        promo: null,
        booking_online: true,
        payments_ready: true,
      });
    });

    it.each([
      ['an open day', () => openDay(), { ok: true }],
      ['yesterday', () => addDays(today, -1), { ok: false, code: 'date_past' }],
      ['today, inside the notice', () => today, { ok: false, code: 'date_past' }],
      ['a holiday', () => addDays(today, 5), { ok: false, code: 'date_closed' }],
      ['a blackout', () => addDays(today, 6), { ok: false, code: 'date_closed' }],
      ['past the booking window', () => addDays(today, 61), { ok: false, code: 'date_closed' }],
    ])('delivery date: %s', async (_name, date, expected) => {
      const res = await api.post('/check', { key, body: { delivery_date: date() } });
      expect(res.status).toBe(200);
      expect(res.body.data.date).toMatchObject(expected);
      if (!expected.ok) expect(res.body.data.date.message).toEqual(expect.any(String));
    });

    it.each([
      ['10001', { ok: true }],
      ['10002-1234', { ok: true }],
      ['90210', { ok: false, code: 'out_of_service_area' }],
      ['12', { ok: false, code: 'zip_invalid' }],
    ])('service area: %s', async (zip, expected) => {
      const res = await api.post('/check', { key, body: { zip } });
      expect(res.body.data.service_area).toMatchObject(expected);
    });

    it.each([
      ['tenoff', { ok: true, code: 'TENOFF', discount_type: 'percent', discount_percent: 10 }],
      ['FIFTY', { ok: true, code: 'FIFTY', discount_type: 'amount', discount_amount: 50 }],
      ['FUTURE', { ok: false, reason: 'not_started' }],
      ['PAST', { ok: false, reason: 'expired' }],
      ['NOPE', { ok: false, reason: 'not_found' }],
    ])('promo: %s', async (promo_code, expected) => {
      const res = await api.post('/check', { key, body: { promo_code } });
      expect(res.body.data.promo).toMatchObject(expected);
    });

    it("reports the company's switches and an unrestricted service area", async () => {
      const res = await api.post('/check', { key: offline.server, body: { zip: 'M5V 3L9' } });
      expect(res.body.data).toMatchObject({
        booking_online: false,
        payments_ready: false,
        service_area: { ok: true, unverified: true },
      });
    });
  });

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
