import { SvcApiError } from '@svc/sdk';
import { describe, expect, it } from 'vitest';
import { answersFromParams, answersToParams, EMPTY_ANSWERS, validateAnswers } from './answers';
import { startingAnswers } from './catalog';
import { explainError } from './messages';
import {
  asksPlacement,
  earliestNote,
  leadReason,
  type PermitTerms,
  permitSentence,
  streetKey,
  streetQuery,
  tooSoonForPermit,
} from './placement';
import { intentBody } from './requests';

const erie: PermitTerms = {
  rule: 'Erie, CO',
  required: true,
  applies: 'company',
  lead_days: 14,
  earliest_delivery_date: '2026-12-14',
  city_fee: 10,
  handling_fee: 5,
  covers_days: 7,
  extension_fee: 25,
  extensions: 0,
  taxable: false,
  instructions: 'The City of Erie issues a right-of-way permit.',
};
const who = { companyName: 'Front Range Roll-offs', phone: null };
const street = { ...EMPTY_ANSWERS, placement: 'street' as const, zip: ' 80516 ', city: ' Erie ' };

describe('where it sits: asked only of a company with permit rules', () => {
  it('reads booking.placement.ask from GET /company', () => {
    const company = (booking: object) => ({ booking }) as never;
    expect(asksPlacement(company({ materials: {}, placement: { ask: true } }))).toBe(true);
    expect(asksPlacement(company({ materials: {} }))).toBe(false);
    expect(asksPlacement(undefined)).toBe(false);
  });

  it('a placement left in a link is dropped for a company that does not ask', () => {
    const data = (placement?: object) =>
      ({
        profile: { booking: { materials: {}, ...(placement ? { placement } : {}) } },
        sizes: [{ yards: 20, is_default: true }],
        materials: { enabled: false, materials: [] },
      }) as never;
    expect(startingAnswers(data(), { placement: 'street' }).placement).toBe('');
    expect(startingAnswers(data({ ask: true }), { placement: 'street' }).placement).toBe('street');
  });

  it('is read from and written to the page address', () => {
    expect(answersFromParams((n) => (n === 'placement' ? 'street' : null)).placement).toBe('street');
    expect(answersFromParams((n) => (n === 'placement' ? 'roof' : null)).placement).toBeUndefined();
    expect(answersToParams(street)).toContainEqual(['placement', 'street']);
    expect(answersToParams(EMPTY_ANSWERS).some(([k]) => k === 'placement')).toBe(false);
  });

  it('must be answered when asked, and only then', () => {
    const needs = { material: false, ack: false };
    expect(validateAnswers(EMPTY_ANSWERS, { ...needs, placement: true }).placement).toMatch(/where the dumpster/);
    expect(validateAnswers(EMPTY_ANSWERS, needs).placement).toBeUndefined();
    expect(validateAnswers(street, { ...needs, placement: true }).placement).toBeUndefined();
  });

  it('goes in the intent when answered; absent otherwise (every other company unchanged)', () => {
    const size = { id: 'size-1' } as never;
    expect(intentBody(street, size, false)).toMatchObject({ placement: 'street', delivery_zip: '80516' });
    expect(intentBody(EMPTY_ANSWERS, size, false)).not.toHaveProperty('placement');
  });
});

describe('the street request', () => {
  it('carries the trimmed ZIP and city only for the street with a ZIP', () => {
    expect(streetQuery(street)).toEqual({ placement: 'street', delivery_zip: '80516', delivery_city: 'Erie' });
    expect(streetQuery({ ...street, city: '' })).toEqual({ placement: 'street', delivery_zip: '80516' });
    expect(streetQuery({ ...street, zip: '805' })).toBeNull();
    expect(streetQuery({ ...street, placement: 'private' })).toBeNull();
  });

  it('keys the quote and the calendar by ZIP and city', () => {
    expect(streetKey(streetQuery(street))).toBe('street:80516:Erie');
    expect(streetKey(null)).toBe('');
  });
});

describe('what the customer is told', () => {
  it('names the city and its lead days on every greyed day', () => {
    expect(leadReason(erie)).toBe('A street permit in Erie, CO needs 14 days');
    expect(leadReason({ ...erie, lead_days: 1 })).toBe('A street permit in Erie, CO needs 1 day');
    // The permit's earliest day (a Sunday the company is closed) is not the first day offered: the Monday is.
    expect(earliestNote(erie, '2026-12-15')).toBe(
      'Greyed days: a street permit in Erie, CO needs 14 days. The first delivery day on the street is Tuesday, December 15, 2026.',
    );
    expect(earliestNote(erie, null)).toBe('Greyed days: a street permit in Erie, CO needs 14 days.');
    expect(earliestNote({ ...erie, lead_days: 0 }, '2026-12-15')).toBeNull();
  });

  it('says who applies and what it costs', () => {
    const company = permitSentence(erie, 15, 'USD', 'Front Range');
    expect(company).toMatch(/Erie, CO needs a street permit, applied for 14 days ahead\. Front Range applies for it/);
    expect(company).toMatch(/permit fee of \$15\.00 is on your quote/);
    expect(company).toMatch(/covers 7 days; each further 7 days cost \$25\.00/);
    const customer = permitSentence({ ...erie, applies: 'customer' }, 5, 'USD', 'Front Range');
    expect(customer).toMatch(/You apply for it yourself and pay the city its fee/);
    expect(customer).toMatch(/handling fee of \$5\.00/);
    expect(permitSentence(null, 0, 'USD', 'Front Range')).toMatch(/No permit is needed/);
  });

  it('refuses a street delivery before the earliest permitted day', () => {
    expect(tooSoonForPermit('2026-12-13', erie)).toMatch(/needs 14 days: choose Monday, December 14, 2026 or later/);
    expect(tooSoonForPermit('2026-12-14', erie)).toBeNull();
    expect(tooSoonForPermit('2026-12-01', null)).toBeNull();
  });

  it('explains the API refusals at the question and at the date', () => {
    const refused = (code: string, field: string, details: object) =>
      new SvcApiError(409, { error: { code, message: 'developer text', field, details } } as never);
    const notAllowed = explainError(refused('street_not_allowed', 'placement', { rule: 'Erie, CO' }), who);
    expect(notAllowed).toEqual({ field: 'placement', message: expect.stringMatching(/on the street in Erie, CO/) });
    const early = explainError(
      refused('date_closed', 'delivery_date', { reason: 'permit_lead_days', earliest_delivery_date: '2026-12-14' }),
      who,
    );
    expect(early).toEqual({ field: 'date', message: expect.stringMatching(/December 14, 2026/) });
  });
});
