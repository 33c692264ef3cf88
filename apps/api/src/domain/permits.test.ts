import { describe, expect, it } from 'vitest';
import { DomainError } from './errors';
import {
  applyBy,
  checkMovedStreetDelivery,
  checkPermitLead,
  coveredThrough,
  extensionPermitFee,
  extensionsFor,
  matchPermitRule,
  type PermitRule,
  type PermitSetup,
  permitAfterMove,
  permitBlocksDelivery,
  permitClosedDays,
  streetTerms,
  withPermitExtension,
  withStreet,
} from './permits';
import type { QuoteCents } from './pricing';

const rule = (over: Partial<PermitRule> = {}): PermitRule => ({
  name: 'Erie, CO',
  zips: ['80516'],
  cities: ['erie'],
  street: 'permit',
  applies: 'company',
  leadDays: 14,
  cityFeeCents: 1_000,
  handlingFeeCents: 500,
  coversDays: 7,
  extensionFeeCents: 2_500,
  taxable: false,
  instructions: '',
  ...over,
});
const setup = (rules: PermitRule[], elsewhere: PermitSetup['elsewhere'] = 'allowed'): PermitSetup => ({
  elsewhere,
  rules,
});
const rental = { today: '2026-12-01', minNoticeDays: 1, rentalDays: 7 };
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    return err instanceof DomainError ? { code: err.code, field: err.field, details: err.details } : err;
  }
  return null;
};

describe('matchPermitRule', () => {
  const canadian = rule({ name: 'Toronto', zips: ['M5V'], cities: [] });
  it.each([
    [{ zip: '80516' }, 'Erie, CO'],
    [{ zip: '80516-1234' }, 'Erie, CO'],
    [{ zip: '10001', city: '  ERIE ' }, 'Erie, CO'],
    [{ zip: 'm5v 2t6' }, 'Toronto'],
    [{ zip: '10001', city: 'New York' }, null],
    [{ city: 'Boulder' }, null],
    [{}, null],
  ])('%j matches %s', (address, name) => {
    expect(matchPermitRule(setup([rule(), canadian]), address)?.name ?? null).toBe(name);
  });
  it('takes the first rule that matches', () => {
    const first = rule({ name: 'first', zips: ['80516'] });
    expect(matchPermitRule(setup([first, rule()]), { zip: '80516' })?.name).toBe('first');
  });
});

describe('streetTerms', () => {
  it('without rules the street is free and immediate', () => {
    expect(streetTerms(null, { zip: '80516' }, rental)).toEqual({ placement: 'street', permit: null });
  });
  it.each([
    ['allowed rule', setup([rule({ street: 'allowed' })]), { zip: '80516' }],
    ['no rule, allowed elsewhere', setup([rule()]), { zip: '10001' }],
  ])('%s: no permit', (_, s, address) => {
    expect(streetTerms(s, address, rental).permit).toBeNull();
  });
  it.each([
    ['a not_allowed rule', setup([rule({ street: 'not_allowed' })]), { zip: '80516' }, 'Erie, CO'],
    ['no rule where elsewhere is not allowed', setup([rule()], 'not_allowed'), { zip: '10001' }, null],
  ])('%s refuses the street', (_, s, address, name) => {
    expect(refusal(() => streetTerms(s, address, rental))).toEqual({
      code: 'street_not_allowed',
      field: 'placement',
      details: { rule: name },
    });
  });
  it.each([
    // applies, rental days, lead days, min notice: fee, extensions, earliest
    ['company', 7, 14, 1, 1_500, 0, '2026-12-15'],
    ['company', 8, 14, 1, 4_000, 1, '2026-12-15'],
    ['company', 15, 14, 1, 6_500, 2, '2026-12-15'],
    ['customer', 15, 3, 1, 500, 2, '2026-12-04'],
    ['company', 7, 0, 2, 1_500, 0, '2026-12-03'],
  ] as const)(
    '%s applies, %i days, lead %i, notice %i: fee %i, %i extensions, earliest %s',
    (applies, days, lead, notice, fee, ext, earliest) => {
      const terms = streetTerms(
        setup([rule({ applies, leadDays: lead })]),
        { zip: '80516' },
        {
          today: rental.today,
          minNoticeDays: notice,
          rentalDays: days,
        },
      );
      expect(terms.permit).toMatchObject({ feeCents: fee, extensions: ext, earliest, applies });
    },
  );
});

describe('extensionsFor', () => {
  it.each([
    [null, 30, 0],
    [7, 1, 0],
    [7, 7, 0],
    [7, 8, 1],
    [7, 14, 1],
    [7, 15, 2],
  ])('covers %s, %i days: %i', (covers, days, n) => expect(extensionsFor(covers, days)).toBe(n));
});

const quote: QuoteCents = {
  pricing: 'general',
  base: 35_000,
  extraDays: 0,
  fuelFee: 3_000,
  promoDiscount: 0,
  subtotal: 38_000,
  taxPercentMilli: 8_875,
  tax: 3_373,
  total: 41_373,
  processingFee: 1_271,
  grossTotal: 42_644,
};
const cardFee = { handling: 'customer_pays' as const, percentMilli: 3_000, fixedCents: 30 };

describe('withStreet', () => {
  const terms = (taxable: boolean) => streetTerms(setup([rule({ taxable })]), { zip: '80516' }, rental);
  it('adds an untaxed fee after the tax', () => {
    expect(withStreet(quote, terms(false), cardFee)).toMatchObject({
      subtotal: 39_500,
      tax: 3_373,
      total: 42_873,
      processingFee: 1_316, // 3% of 428.73 = 12.8619 -> 12.86 + 0.30
      grossTotal: 44_189,
      permitFee: 1_500,
      placement: 'street',
    });
  });
  it('taxes a taxable fee at the quote rate', () => {
    expect(withStreet(quote, terms(true), cardFee)).toMatchObject({ subtotal: 39_500, tax: 3_506, total: 43_006 });
  });
  it('no permit: the same totals, the street said', () => {
    expect(withStreet(quote, { placement: 'street', permit: null }, cardFee)).toEqual({
      ...quote,
      placement: 'street',
      permitFee: 0,
      permit: null,
    });
  });
});

describe('the calendar and the office', () => {
  const permit = streetTerms(setup([rule({ leadDays: 4 })]), { zip: '80516' }, rental).permit;
  it('closes the open days before the earliest', () => {
    const range = { from: '2026-12-01', to: '2026-12-10' };
    expect(permitClosedDays(permit, range, new Set(['2026-12-03']))).toEqual([
      '2026-12-01',
      '2026-12-02',
      '2026-12-04',
    ]);
    expect(permitClosedDays(null, range, new Set())).toEqual([]);
  });
  it('refuses a delivery before the earliest with date_closed', () => {
    expect(refusal(() => checkPermitLead(permit, '2026-12-04'))).toEqual({
      code: 'date_closed',
      field: 'delivery_date',
      details: { reason: 'permit_lead_days', earliest_delivery_date: '2026-12-05' },
    });
    expect(refusal(() => checkPermitLead(permit, '2026-12-05'))).toBeNull();
  });
  it('apply by and covered through', () => {
    if (!permit) throw new Error('a permit');
    expect(applyBy(permit, '2026-12-20')).toBe('2026-12-16');
    expect(coveredThrough(permit, '2026-12-20')).toBe('2026-12-27');
    expect(coveredThrough({ ...permit, coversDays: null }, '2026-12-20')).toBeNull();
  });
  it.each([
    ['company', null, null, true],
    ['company', 'ROW-1', null, false],
    ['company', null, '2026-12-01T00:00:00Z', false],
    ['customer', null, null, false],
  ] as const)('%s applies, number %s, override %s: blocks %s', (applies, number, overrideAt, blocks) => {
    expect(permitBlocksDelivery({ applies, number, overrideAt })).toBe(blocks);
  });
  it('a missing row never blocks', () => expect(permitBlocksDelivery(null)).toBe(false));
});

describe('a street delivery moved', () => {
  const permit = streetTerms(setup([rule({ leadDays: 4 })]), { zip: '80516' }, rental).permit;
  if (!permit) throw new Error('a permit');
  const days = (delivery_date: string, pickup_date: string) => ({ delivery_date, pickup_date });
  it("no permit recorded yet: the new day keeps the lead days from today, not from the booking's day", () => {
    expect(
      refusal(() => checkMovedStreetDelivery(permit, null, '2026-12-10', days('2026-12-13', '2026-12-20'))),
    ).toEqual({
      code: 'date_closed',
      field: 'delivery_date',
      details: { reason: 'permit_lead_days', earliest_delivery_date: '2026-12-14' },
    });
    expect(
      refusal(() => checkMovedStreetDelivery(permit, null, '2026-12-10', days('2026-12-14', '2026-12-21'))),
    ).toBeNull();
  });
  it('a recorded permit: the new days stay inside its dates', () => {
    const recorded = { startsOn: '2026-12-10', endsOn: '2026-12-24' };
    const at = (delivery: string, pickup: string) =>
      refusal(() => checkMovedStreetDelivery(permit, recorded, '2026-12-01', days(delivery, pickup)));
    expect(at('2026-12-10', '2026-12-24')).toBeNull();
    // Inside the permit, the lead days no longer matter: it is in hand.
    expect(at('2026-12-10', '2026-12-17')).toBeNull();
    const outside = {
      code: 'change_not_allowed',
      field: 'delivery_date',
      details: { permit_starts_on: '2026-12-10', permit_ends_on: '2026-12-24' },
    };
    expect(at('2026-12-09', '2026-12-16')).toEqual(outside);
    expect(at('2026-12-18', '2026-12-25')).toEqual(outside);
  });
  it('a permit not yet recorded follows the delivery: apply by, and the coverage by as many days', () => {
    expect(permitAfterMove(permit, '2026-12-27', { from: '2026-12-20', to: '2026-12-23' })).toEqual({
      applyBy: '2026-12-19',
      coveredThrough: '2026-12-30',
    });
    expect(permitAfterMove(permit, '2026-12-27', { from: '2026-12-20', to: '2026-12-18' })).toEqual({
      applyBy: '2026-12-14',
      coveredThrough: '2026-12-25',
    });
    expect(permitAfterMove(permit, null, { from: '2026-12-20', to: '2026-12-23' }).coveredThrough).toBeNull();
  });
});

describe('extensions past the permit', () => {
  const p = { coversDays: 7, extensionFeeCents: 2_500, applies: 'company' as const };
  it.each([
    ['2026-12-10', '2026-12-08', 0, 0, '2026-12-10'],
    ['2026-12-10', '2026-12-11', 1, 2_500, '2026-12-17'],
    ['2026-12-10', '2026-12-25', 3, 7_500, '2026-12-31'],
  ])('covered %s, pickup %s: %i periods, %i cents', (covered, pickup, periods, fee, through) => {
    expect(extensionPermitFee(p, covered, pickup)).toEqual({ periods, feeCents: fee, coveredThrough: through });
  });
  it('the customer pays the city: the coverage moves, no fee', () => {
    expect(extensionPermitFee({ ...p, applies: 'customer' }, '2026-12-10', '2026-12-11')).toEqual({
      periods: 1,
      feeCents: 0,
      coveredThrough: '2026-12-17',
    });
  });
  it('no expiry: nothing', () => {
    expect(extensionPermitFee({ ...p, coversDays: null }, null, '2027-01-30').periods).toBe(0);
  });
  const amounts = {
    days: 3,
    extraDays: 6_000,
    fee: 0,
    taxPercentMilli: 8_875,
    tax: 533,
    total: 6_533,
    processingFee: 226,
    grossTotal: 6_759,
  };
  it('adds the fee to the change, untaxed unless the rule says', () => {
    const ext = { feeCents: 2_500, periods: 1, coveredThrough: '2026-12-17' };
    expect(withPermitExtension(amounts, { ...ext, taxable: false }, cardFee)).toMatchObject({
      tax: 533,
      total: 9_033,
      processingFee: 301, // 3% of 90.33 = 2.7099 -> 2.71 + 0.30
      grossTotal: 9_334,
      permitExtensionFee: 2_500,
      permitCoveredThrough: '2026-12-17',
    });
    expect(withPermitExtension(amounts, { ...ext, taxable: true }, cardFee).tax).toBe(754); // 8.875% of 85.00 = 7.54375
    expect(withPermitExtension(amounts, { ...ext, periods: 0, taxable: false }, cardFee)).toBe(amounts);
  });
});
