import { describe, expect, it } from 'vitest';
import { checkBookingRules, type RuleContext, type RuleInput } from './booking-rules';
import type { Catalog } from './catalog';
import { DomainError } from './errors';
import { catalog, company, material, promo, size } from './test-catalog';

// Monday 2026-11-23 in the company's timezone; the company does not work on Sundays.
const NOW = new Date('2026-11-23T15:00:00Z');
const CTX: RuleContext = { today: '2026-11-23', canTakePayments: true, now: NOW };
const SIZE = size();
const OTHER = size({ id: '00000000-0000-4000-8000-000000000020', key: '20yd', label: '20 Yard', yards: 20 });
const CONCRETE = material({
  sizes: [
    { sizeId: SIZE.id, priceCents: 45_000, maxWeightTons: null, overageMode: 'inherit', overagePerTonCents: null },
  ],
});
const DIRT = material({
  id: '00000000-0000-4000-8000-000000000101',
  slug: 'dirt',
  label: 'Dirt',
  requiresAck: false,
  sizePolicy: 'all',
});
const REQUEST: RuleInput = {
  size_id: SIZE.id,
  rental_days: 7,
  delivery_date: '2026-11-24',
  delivery_zip: '78701',
  customer: { email: 'pat@example.com' },
};
const base = (overrides: Partial<Catalog> = {}) =>
  catalog({ sizes: [SIZE, OTHER], materials: [CONCRETE, DIRT], ...overrides });

/** Each broken rule, alone, answers its code and field (spec section 4). */
const refusals: [string, Partial<RuleInput>, Partial<Catalog>, Partial<RuleContext>, string, string | undefined][] = [
  ['an unknown size', { size_id: '00000000-0000-4000-8000-0000000000ff' }, {}, {}, 'not_found', 'size_id'],
  ['an unknown material', { material: 'gold' }, {}, {}, 'invalid_body', 'material'],
  ['two different materials', { material: 'dirt', debris_type: 'CONCRETE' }, {}, {}, 'invalid_body', 'debris_type'],
  ['booking switched off', {}, { company: company({ bookingOnline: false }) }, {}, 'booking_offline', undefined],
  ['payments not set up', {}, { company: company({ paymentsReady: false }) }, {}, 'payments_not_ready', undefined],
  ['no processor on this platform', {}, {}, { canTakePayments: false }, 'payments_not_ready', undefined],
  ['a past day', { delivery_date: '2026-11-20' }, {}, {}, 'date_past', 'delivery_date'],
  ['today, inside the notice', { delivery_date: '2026-11-23' }, {}, {}, 'date_past', 'delivery_date'],
  ['a Sunday', { delivery_date: '2026-11-29' }, {}, {}, 'date_closed', 'delivery_date'],
  ['a pickup that is not delivery + days', { pickup_date: '2026-12-02' }, {}, {}, 'invalid_body', 'pickup_date'],
  ['a pickup on a Sunday', { rental_days: 5 }, {}, {}, 'date_closed', 'pickup_date'],
  [
    'a ZIP outside the area',
    {},
    { company: company({ serviceAreaZips: ['78702'] }) },
    {},
    'out_of_service_area',
    'delivery_zip',
  ],
  [
    'no ZIP at all',
    { delivery_zip: 'hello' },
    { company: company({ serviceAreaZips: ['78702'] }) },
    {},
    'invalid_body',
    'delivery_zip',
  ],
  ['an unknown promo code', { promo_code: 'NOPE' }, {}, {}, 'promo_invalid', 'promo_code'],
  [
    'a commercial account',
    {},
    { commercialEmails: new Set(['pat@example.com']) },
    {},
    'account_customer',
    'customer.email',
  ],
  [
    'a material the size does not take',
    { size_id: OTHER.id, material: 'concrete', material_acknowledged: true },
    {},
    {},
    'material_not_allowed',
    'material',
  ],
  ['a material not acknowledged', { material: 'concrete' }, {}, {}, 'invalid_body', 'material_acknowledged'],
];

describe('checkBookingRules', () => {
  it.each(refusals)('refuses %s', (_name, request, catalogOverrides, ctx, code, field) => {
    const attempt = () => checkBookingRules(base(catalogOverrides), { ...REQUEST, ...request }, { ...CTX, ...ctx });
    expect(attempt).toThrow(DomainError);
    try {
      attempt();
    } catch (err) {
      expect({ code: (err as DomainError).code, field: (err as DomainError).field }).toEqual({ code, field });
    }
  });

  it('answers the first broken rule in the spec order', () => {
    const offline = base({ company: company({ bookingOnline: false }) });
    const attempt = () => checkBookingRules(offline, { ...REQUEST, size_id: 'nope', delivery_date: '2026-11-20' }, CTX);
    expect(attempt).toThrow(expect.objectContaining({ code: 'not_found', field: 'size_id' }));
    expect(() => checkBookingRules(offline, { ...REQUEST, delivery_date: '2026-11-20' }, CTX)).toThrow(
      expect.objectContaining({ code: 'booking_offline' }),
    );
  });

  it('freezes the booking: pickup date, price in cents, the material and when it was acknowledged', () => {
    const frozen = checkBookingRules(base(), { ...REQUEST, debris_type: 'Concrete', material_acknowledged: true }, CTX);
    expect(frozen.request.pickup_date).toBe('2026-12-01');
    expect(frozen.sizeLabel).toBe('10 Yard');
    expect(frozen.material).toEqual({ slug: 'concrete', label: 'Concrete', acknowledged_at: NOW.toISOString() });
    expect(frozen.quote).toMatchObject({ pricing: 'material', base: 45_000 });
    expect(frozen.quote.grossTotal).toBeGreaterThan(frozen.quote.total);
    expect(frozen.promoCode).toBeNull();
  });

  it('keeps a material that needs no acknowledgement without a timestamp, and an accepted promo code', () => {
    const promos = new Map([['FALL10', promo({ code: 'FALL10' })]]);
    const frozen = checkBookingRules(base({ promos }), { ...REQUEST, material: 'dirt', promo_code: 'fall10' }, CTX);
    expect(frozen.material).toEqual({ slug: 'dirt', label: 'Dirt', acknowledged_at: null });
    expect(frozen.promoCode).toBe('FALL10');
    expect(frozen.quote.promoDiscount).toBeGreaterThan(0);
  });
});
