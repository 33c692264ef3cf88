import { describe, expect, it } from 'vitest';
import { isValidDate, todayIn } from './dates';
import { evaluatePromo } from './promo';
import { checkServiceArea, normalizePostalCode } from './service-area';
import { promo } from './test-catalog';

describe('dates', () => {
  it('accepts only real calendar dates', () => {
    expect(isValidDate('2028-02-29')).toBe(true);
    expect(isValidDate('2027-02-29')).toBe(false);
    expect(isValidDate('2026-13-01')).toBe(false);
    expect(isValidDate('2026-1-01')).toBe(false);
    expect(isValidDate('tomorrow')).toBe(false);
  });

  it("evaluates 'today' in the company's timezone", () => {
    const instant = new Date('2026-11-21T03:30:00Z');
    expect(todayIn('America/Chicago', instant)).toBe('2026-11-20');
    expect(todayIn('Europe/Paris', instant)).toBe('2026-11-21');
  });
});

describe('service area', () => {
  it.each([
    ['78701', '78701'],
    [' 78701-1234 ', '78701'],
    ['787011234', '78701'],
    ['m5v 3l9', 'M5V3L9'],
    ['M5V3L9', 'M5V3L9'],
    ['7870', null],
    ['hello', null],
  ])('normalizes %s', (raw, expected) => {
    expect(normalizePostalCode(raw)).toBe(expected);
  });

  it('matches ZIPs exactly and Canadian sortation areas by prefix', () => {
    expect(checkServiceArea(['78701', 'M5V'], '78701-0001')).toEqual({ ok: true });
    expect(checkServiceArea(['78701', 'M5V'], 'M5V 3L9')).toEqual({ ok: true });
    expect(checkServiceArea(['78701', 'M5V'], '78702')).toMatchObject({ ok: false, code: 'out_of_service_area' });
    expect(checkServiceArea(['78701'], 'abc')).toMatchObject({ ok: false, code: 'zip_invalid' });
    expect(checkServiceArea([], '10001')).toEqual({ ok: true, unverified: true });
  });
});

describe('promo codes', () => {
  const promos = new Map([
    ['SAVE', promo({})],
    ['LATER', promo({ code: 'LATER', validFrom: '2026-12-01' })],
    ['OLD', promo({ code: 'OLD', validTo: '2026-11-19' })],
    ['USED', promo({ code: 'USED', maxUses: 3, timesUsed: 3 })],
    ['EDGE', promo({ code: 'EDGE', validFrom: '2026-11-20', validTo: '2026-11-20' })],
  ]);
  it.each([
    [' save ', { ok: true, code: 'SAVE', type: 'percent' }],
    ['EDGE', { ok: true }],
    ['LATER', { ok: false, reason: 'not_started' }],
    ['OLD', { ok: false, reason: 'expired' }],
    ['USED', { ok: false, reason: 'usage_limit_reached' }],
    ['NOPE', { ok: false, reason: 'not_found' }],
  ])('%s', (code, expected) => {
    expect(evaluatePromo(promos, code, '2026-11-20')).toMatchObject(expected);
  });
});

describe('todayIn across midnight', () => {
  it('turns the date at local midnight, not before, whatever was asked first', () => {
    const tz = 'America/Denver';
    expect(todayIn(tz, new Date('2026-11-21T06:59:59.999Z'))).toBe('2026-11-20'); // 23:59:59.999 local
    expect(todayIn(tz, new Date('2026-11-21T07:00:00.000Z'))).toBe('2026-11-21'); // 00:00 local
    expect(todayIn(tz, new Date('2026-11-21T06:00:00.000Z'))).toBe('2026-11-20'); // back in time
    expect(todayIn(tz, new Date('2026-03-08T06:59:00Z'))).toBe('2026-03-07'); // the DST change day
    expect(todayIn(tz, new Date('2026-03-09T05:59:00Z'))).toBe('2026-03-08');
    expect(todayIn(tz, new Date('2026-03-09T06:00:00Z'))).toBe('2026-03-09');
  });
});
