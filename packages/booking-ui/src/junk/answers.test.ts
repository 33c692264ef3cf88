import { SvcApiError } from '@svc/sdk';
import { describe, expect, it } from 'vitest';
import {
  clock,
  EMPTY_JUNK,
  type JunkAnswers,
  junkFromParams,
  junkToParams,
  validateJunk,
  windowEnds,
  windowLabel,
  zipServed,
} from './answers';
import { type JunkLoaded, startingJunk } from './catalog';
import { fillOf } from './loads';
import { explainJunkError, explainPhotoError } from './messages';

const who = { companyName: 'Demo Dumpsters', phone: '(512) 555-0100' };
const area = { zips: ['78701', '78702', 'M5V 2T6'], any_zip: false };
const filled: JunkAnswers = {
  ...EMPTY_JUNK,
  load: '1/4',
  date: '2026-12-01',
  window: '08:00-10:00',
  address: '100 Congress Ave',
  zip: '78701',
  name: 'Pat Lee',
  email: 'pat@example.com',
  phone: '512 555 0199',
  terms: true,
};

describe('the junk page parameters', () => {
  it('reads load, date, window, zip, promo, address and city; drops malformed values', () => {
    const params = new URLSearchParams('load=1/4&date=2026-12-01&window=08:00-10:00&zip=78701&promo=SAVE&city=Austin');
    expect(junkFromParams((n) => params.get(n))).toEqual({
      load: '1/4',
      date: '2026-12-01',
      window: '08:00-10:00',
      zip: '78701',
      promo: 'SAVE',
      city: 'Austin',
    });
    const bad = new URLSearchParams('date=tomorrow&window=8-10&load=');
    expect(junkFromParams((n) => bad.get(n))).toEqual({});
  });

  it('writes back only what is not personal', () => {
    expect(junkToParams(filled)).toEqual([
      ['load', '1/4'],
      ['date', '2026-12-01'],
      ['window', '08:00-10:00'],
      ['address', '100 Congress Ave'],
      ['zip', '78701'],
    ]);
  });
});

describe('checks before any request', () => {
  it('a complete form has no error', () => {
    expect(validateJunk(filled, area, who.companyName)).toEqual({});
  });

  it.each([
    ['load', { load: '' }, 'Choose how much of the truck'],
    ['date', { date: '' }, 'Choose a pickup date'],
    ['window', { window: '' }, 'Choose an arrival window'],
    ['address', { address: '  ' }, 'street address'],
    ['zip', { zip: '787' }, 'ZIP code of the pickup address'],
    ['zip', { zip: '90210' }, 'does not pick up in this ZIP code'],
    ['name', { name: '' }, 'full name'],
    ['email', { email: 'pat@' }, 'e-mail address'],
    ['phone', { phone: '555 01' }, 'phone number'],
    ['terms', { terms: false }, 'accept the terms'],
  ] as const)('%s', (field, patch, words) => {
    const errors = validateJunk({ ...filled, ...patch }, area, who.companyName);
    expect(Object.keys(errors)).toEqual([field]);
    expect(errors[field]).toContain(words);
  });

  it('ZIP+4 and Canadian codes are matched against the area; any_zip takes all', () => {
    expect(zipServed('78701-1234', area)).toBe(true);
    expect(zipServed('m5v 2t6', area)).toBe(true);
    expect(zipServed('78703', area)).toBe(false);
    expect(zipServed('99999', { zips: [], any_zip: true })).toBe(true);
  });
});

describe('windows and clocks', () => {
  it.each([
    ['00:00', '12:00 AM'],
    ['08:00', '8:00 AM'],
    ['12:30', '12:30 PM'],
    ['15:00', '3:00 PM'],
  ])('%s is %s', (time, shown) => expect(clock(time)).toBe(shown));

  it('a window value splits into its ends, and reads as a range', () => {
    expect(windowEnds('13:00-15:00')).toEqual({ start: '13:00', end: '15:00' });
    expect(windowEnds('1-3')).toBeNull();
    expect(windowLabel('13:00', '15:00')).toBe('1:00 PM – 3:00 PM');
  });

  it('the truck is drawn filled to the load', () => {
    expect([fillOf('min'), fillOf('1/8'), fillOf('1/4'), fillOf('1/2'), fillOf('3/4'), fillOf('full')]).toEqual([
      0.06, 0.125, 0.25, 0.5, 0.75, 1,
    ]);
  });
});

describe('the answers to start from', () => {
  const data = {
    config: { loads: [{ load_fraction: 'min' }, { load_fraction: '1/4' }, { load_fraction: 'full' }] },
    availability: {
      days: [
        {
          date: '2026-12-01',
          open: true,
          windows: [
            { start: '08:00', end: '10:00', remaining: 0 },
            { start: '10:00', end: '12:00', remaining: 2 },
          ],
        },
        { date: '2026-12-02', open: false, windows: [] },
      ],
    },
  } as unknown as JunkLoaded;

  it('suggests the quarter truck, keeps an open day and a window with seats', () => {
    const a = startingJunk(data, { date: '2026-12-01', window: '10:00-12:00' });
    expect([a.load, a.date, a.window]).toEqual(['1/4', '2026-12-01', '10:00-12:00']);
  });

  it('drops a load no longer offered, a full window and a closed day', () => {
    expect(startingJunk(data, { load: '1/3' }).load).toBe('1/4');
    expect(startingJunk(data, { date: '2026-12-01', window: '08:00-10:00' }).window).toBe('');
    expect(startingJunk(data, { date: '2026-12-02', window: '08:00-10:00' })).toMatchObject({ date: '', window: '' });
  });
});

describe('refusals as sentences', () => {
  const refused = (status: number, code: string, field?: string) =>
    new SvcApiError(status, { error: { code, message: 'developer text', ...(field ? { field } : {}) } } as never);

  it.each([
    ['slot_bad_window', 'window', 'just taken'],
    ['slot_same_day_closed', 'date', 'Same-day pickups are closed'],
    ['slot_blackout', 'date', 'off on that day'],
    ['out_of_service_area', 'zip', 'does not pick up in this ZIP'],
    ['booking_offline', 'form', 'call Demo Dumpsters at (512) 555-0100'],
  ])('%s → %s', (code, field, words) => {
    const { field: f, message } = explainJunkError(refused(409, code), who);
    expect(f).toBe(field);
    expect(message).toContain(words);
  });

  it('a load no longer offered is said at the load; anything else unknown, and a business e-mail, as before', () => {
    expect(explainJunkError(refused(404, 'not_found', 'load_fraction'), who)).toEqual({
      field: 'load',
      message: 'That load size is no longer offered. Please choose another one.',
    });
    expect(explainJunkError(refused(404, 'not_found', 'session_id'), who)).toEqual({
      field: 'form',
      message: 'That size is no longer offered. Please choose another one.',
    });
    expect(explainJunkError(refused(409, 'account_customer'), who).field).toBe('email');
    expect(explainJunkError(refused(409, 'promo_invalid'), who)).toEqual({
      field: 'promo',
      message: 'developer text. Remove it or try another code.',
    });
  });

  it('a bad field is named in the form’s words; a 429 says how long to wait', () => {
    expect(explainJunkError(refused(400, 'invalid_body', 'customer.email'), who)).toEqual({
      field: 'email',
      message: expect.stringContaining('e-mail address'),
    });
    const limited = new SvcApiError(
      429,
      { error: { code: 'rate_limited', message: 'x' } } as never,
      new Headers({ 'retry-after': '42' }),
    );
    expect(explainJunkError(limited, who).message).toBe(
      'Too many tries in a short time. Please wait 42 seconds and try again.',
    );
  });

  it.each([
    ['photo_too_large', undefined, 'larger than 8 MB'],
    ['photo_type', undefined, 'JPEG, PNG or WebP'],
    ['photo_rejected', 'animated', 'Animated pictures'],
    ['photo_rejected', 'too_small', 'too small'],
    ['photo_rejected', 'undecodable', 'could not be read'],
    ['photos_expired', undefined, 'time to add photos has passed'],
    ['photos_limit_reached', undefined, 'most photos'],
    ['network', undefined, 'interrupted'],
  ])('photo refusal %s (%s)', (code, reason, words) => {
    expect(explainPhotoError(code, reason)).toContain(words);
  });
});
