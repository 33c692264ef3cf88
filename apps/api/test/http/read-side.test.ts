import { describe, expect, inject, it } from 'vitest';
import { addDays, weekday } from '../../src/domain/dates';
import { apiClient } from '../support/client';

const targets = inject('targets');

describe.each(targets)('Booking API read side on $name', (target) => {
  const api = apiClient(target.baseUrl);
  const { acme, offline, today } = target.fixtures;
  const key = acme.server;
  const tenYard = acme.sizes['10yd'];
  const twentyYard = acme.sizes['20yd'];

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
          overage_per_ton: 150,
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
});
