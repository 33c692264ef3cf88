import { describe, expect, it } from 'vitest';
import {
  type Answers,
  answersFromParams,
  answersToParams,
  EMPTY_ANSWERS,
  pickupClosed,
  pickupDate,
  resolveDebris,
  validateAnswers,
} from './answers';

const from = (query: string) => {
  const params = new URLSearchParams(query);
  return answersFromParams((n) => params.get(n));
};

describe('the spec query parameters of /book (and the widget data attributes)', () => {
  it.each([
    ['size=20', { sizeYards: 20 }],
    ['size=abc', {}],
    ['size=-5', {}],
    ['zip=78701', { zip: '78701' }],
    ['debris=concrete', { debris: 'concrete' }],
    ['promo=WELCOME10', { promo: 'WELCOME10' }],
    ['address=5%20Main%20St', { address: '5 Main St' }],
    ['type=contractor', { type: 'contractor' }],
    ['type=landlord', {}],
    ['days=14', { days: 14 }],
    ['days=0', {}],
    ['days=366', {}],
    ['days=2.5', {}],
    ['date=2026-12-01', { date: '2026-12-01' }],
    ['date=tomorrow', {}],
    ['zip=%20%20', {}],
  ])('%s reads as %o', (query, expected) => {
    expect(from(query)).toEqual(expected);
  });

  it('cuts over-long values instead of trusting them', () => {
    expect(from(`address=${'x'.repeat(500)}`).address).toHaveLength(200);
    expect(from(`zip=${'1'.repeat(50)}`).zip).toHaveLength(10);
  });

  it('writes back what it reads, without anything personal', () => {
    const answers: Answers = {
      ...EMPTY_ANSWERS,
      sizeYards: 30,
      days: 10,
      date: '2026-12-01',
      zip: '78701',
      promo: 'SAVE25',
      address: '5 Main St',
      type: 'contractor',
      name: 'Sam Okafor',
      email: 'sam@example.com',
      phone: '5125550100',
      terms: true,
    };
    const params = new URLSearchParams(answersToParams(answers));
    expect(params.toString()).not.toMatch(/Okafor|sam%40|5125550100/);
    const back = answersFromParams((n) => params.get(n));
    expect(back).toEqual({
      sizeYards: 30,
      days: 10,
      date: '2026-12-01',
      zip: '78701',
      promo: 'SAVE25',
      address: '5 Main St',
      type: 'contractor',
    });
  });
});

describe('debris that names a material', () => {
  const a = { ...EMPTY_ANSWERS, debris: 'Concrete' };
  it('is that material when the company prices by material', () => {
    expect(resolveDebris(a, ['household', 'concrete'], true)).toMatchObject({ material: 'concrete', debris: '' });
  });
  it('stays a debris type otherwise', () => {
    expect(resolveDebris(a, ['household', 'concrete'], false)).toMatchObject({ material: '', debris: 'Concrete' });
    expect(resolveDebris(a, ['household'], true)).toMatchObject({ material: '', debris: 'Concrete' });
  });
});

describe('validateAnswers', () => {
  const complete: Answers = {
    ...EMPTY_ANSWERS,
    sizeYards: 10,
    date: '2026-12-01',
    address: '1 Main St',
    zip: '78701',
    name: 'Pat Doe',
    email: 'pat@example.com',
    phone: '(512) 555-0100',
    terms: true,
  };
  const none = { material: false, ack: false };

  it('refuses, next to the rental length, a pickup on a day the company is closed', () => {
    const closed = { weekdays: ['sunday'], dates: [] };
    const sundayPickup = { ...complete, date: '2026-11-24', days: 5 };
    expect(validateAnswers(sundayPickup, { ...none, closed }).days).toMatch(/one day shorter or longer/);
    expect(validateAnswers({ ...sundayPickup, days: 6 }, { ...none, closed }).days).toBeUndefined();
  });

  it('passes a complete booking', () => {
    expect(validateAnswers(complete, none)).toEqual({});
  });

  it.each([
    ['date', { date: '' }],
    ['address', { address: '   ' }],
    ['zip', { zip: '7870' }],
    ['name', { name: '' }],
    ['email', { email: 'pat@example' }],
    ['phone', { phone: '555-0100' }],
    ['terms', { terms: false }],
    ['size', { sizeYards: null }],
    ['companyName', { type: 'contractor' as const }],
  ])('names %s when it is missing or wrong', (field, patch) => {
    expect(Object.keys(validateAnswers({ ...complete, ...patch }, none))).toEqual([field]);
  });

  it('accepts ZIP+4 and Canadian postal codes', () => {
    expect(validateAnswers({ ...complete, zip: '78701-1234' }, none)).toEqual({});
    expect(validateAnswers({ ...complete, zip: 'K1A 0B1' }, none)).toEqual({});
  });

  it('asks the material and its acknowledgement when the company needs them', () => {
    expect(Object.keys(validateAnswers(complete, { material: true, ack: true }))).toEqual(['material', 'ack']);
  });
});

it('pickupDate adds the rental days across months and years', () => {
  expect(pickupDate('2026-12-28', 7)).toBe('2027-01-04');
  expect(pickupDate('2028-02-27', 2)).toBe('2028-02-29');
  expect(pickupDate('', 7)).toBe('');
});

describe('pickupClosed: the pickup (delivery + days) on a day the company works', () => {
  const closed = { weekdays: ['sunday'], dates: [{ date: '2026-12-25', reason: 'Christmas Day' }] };
  it.each([
    ['a Monday pickup', '2026-11-24', 6, null],
    ['a Sunday pickup', '2026-11-24', 5, 'no pickups on Sundays'],
    ['a holiday pickup', '2026-12-18', 7, 'closed for pickups on that day (Christmas Day)'],
    ['no date yet', '', 5, null],
    ['a delivery on a closed day (told as such, not as a pickup)', '2026-11-29', 7, null],
  ])('%s', (_name, date, days, reason) => {
    expect(pickupClosed(date, days, closed)).toBe(reason);
  });
});
