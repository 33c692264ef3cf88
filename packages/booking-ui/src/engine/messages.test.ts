import { SvcApiError, SvcConnectionError } from '@svc/sdk';
import { describe, expect, it } from 'vitest';
import {
  explainApiCode,
  explainApiError,
  explainPromoRefusal,
  type FormWords,
  promoErrors,
  promoMessage,
} from './messages';

const who = { companyName: 'Demo Co', phone: '+1 512 555 0100' };
const noPhone = { companyName: 'Demo Co', phone: null };
const refused = (
  code: string,
  extra: { field?: string; message?: string; details?: unknown } = {},
  headers?: Headers,
) =>
  new SvcApiError(
    code === 'rate_limited' ? 429 : 409,
    { error: { code, message: 'developer text', ...extra } } as never,
    headers,
  );

/** A form of two fields, with one refusal of its own. */
type TestField = 'name' | 'promo' | 'email' | 'form' | 'card';
const words: FormWords<TestField> = {
  fields: { 'customer.name': 'name', promo_code: 'promo', 'customer.email': 'email', card: 'card' },
  messages: { name: 'Enter your name.', promo: 'Bad promo.', email: 'Enter an e-mail.' },
  explain: (err) => (err.code === 'slot_blackout' ? { field: 'name', message: 'The form says so.' } : undefined),
};

describe("the engine's explanations, for any form", () => {
  it("names the form's field in the form's words when the API refused its value", () => {
    expect(explainApiError(refused('invalid_body', { field: 'customer.name' }), who, words)).toEqual({
      field: 'name',
      message: 'Enter your name.',
    });
    expect(explainApiError(refused('invalid_parameter', { field: 'promo_code' }), who, words)).toEqual({
      field: 'promo',
      message: 'Bad promo.',
    });
  });

  it('says the details could not be read for a field the form does not know, or one of its own areas', () => {
    for (const field of [undefined, 'something_new', 'card']) {
      expect(explainApiError(refused('invalid_body', { field }), who, words)).toEqual({
        field: 'form',
        message: 'Some of the details could not be read. Please check the form and try again.',
      });
    }
  });

  it('asks the form first, then says what any call can answer', () => {
    expect(explainApiError(refused('slot_blackout'), who, words)).toEqual({
      field: 'name',
      message: 'The form says so.',
    });
    expect(explainApiError(refused('payments_not_ready'), who, words).message).toBe(
      'Card payments are not set up yet. To book, call Demo Co at +1 512 555 0100.',
    );
    expect(explainApiError(refused('never_heard_of'), who, words).message).toMatch(/went wrong on our side/);
  });

  it('tells a lost connection and a failure of ours from a refusal', () => {
    expect(explainApiError(new SvcConnectionError('fetch failed'), who, words)).toEqual({
      field: 'form',
      message: 'We could not reach the booking service. Check your connection and try again.',
    });
    expect(explainApiError(new Error('boom'), who, words).message).toMatch(/went wrong on our side/);
  });

  it('says how long to wait on a rate limit: seconds, or minutes with the company to call', () => {
    const short = refused('rate_limited', {}, new Headers({ 'retry-after': '17' }));
    expect(explainApiError(short, who, words).message).toBe(
      'Too many tries in a short time. Please wait 17 seconds and try again.',
    );
    const capped = refused('rate_limited', {}, new Headers({ 'retry-after': '3400' }));
    expect(explainApiError(capped, noPhone, words).message).toBe(
      'Too many payment attempts. Please try again in about 57 minutes, or contact Demo Co.',
    );
  });

  it.each([
    ['account_customer', 'email', /business account with Demo Co\. To order on your account, call Demo Co/],
    ['booking_offline', 'form', /paused/],
    ['upstream', 'form', /not been charged/],
    ['origin_not_allowed', 'form', /not available here/],
    ['company_inactive', 'form', /not available here/],
    ['internal', 'form', /went wrong on our side/],
  ])('%s goes to %s', (code, field, message) => {
    const explained = explainApiCode(code, who);
    expect(explained.field).toBe(field);
    expect(explained.message).toMatch(message);
  });
});

describe('promo refusals', () => {
  it("adds what to do to the API's reason, or says the code is not valid", () => {
    expect(promoMessage('This promo code has expired.')).toBe(
      'This promo code has expired. Remove it or try another code.',
    );
    expect(promoMessage(undefined)).toBe('This promo code is not valid.');
  });

  it("puts a quote's refused promo on the promo field, and nothing for an accepted one", () => {
    expect(promoErrors({ ok: false, message: 'Used up.' })).toEqual({
      promo: 'Used up. Remove it or try another code.',
    });
    expect(promoErrors({ ok: true })).toEqual({});
    expect(promoErrors(null)).toEqual({});
  });

  it('a promo that ran out while the card was pending: nothing booked, said above the button', () => {
    expect(explainPromoRefusal(refused('promo_invalid', { message: 'Expired.' }))).toEqual({
      field: 'promo',
      message: 'Expired. Remove it or try another code.',
    });
    const released = refused('promo_invalid', { details: { payment: 'released' } });
    expect(explainPromoRefusal(released).field).toBe('form');
    expect(explainPromoRefusal(released).message).toMatch(/your card was not charged/);
  });
});
