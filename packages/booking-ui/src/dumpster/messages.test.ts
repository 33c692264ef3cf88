import { SvcApiError, SvcConnectionError } from '@svc/sdk';
import { describe, expect, it } from 'vitest';
import { explainCheck, explainError } from './messages';

const who = { companyName: 'Demo Dumpsters', phone: '+1 512 555 0100' };
const apiError = (code: string, field?: string, status = 409, headers?: Headers) =>
  new SvcApiError(status, { error: { code, message: `developer text for ${code}`, field } } as never, headers);

describe('every refusal is one human sentence next to its field', () => {
  it.each([
    ['date_past', undefined, 'date', /already passed/],
    ['date_closed', undefined, 'date', /do not deliver on that day/],
    ['date_closed', 'pickup_date', 'days', /do not pick up on the day this rental ends/],
    ['out_of_service_area', undefined, 'zip', /Demo Dumpsters does not deliver to this ZIP/],
    ['account_customer', undefined, 'email', /business account .* call Demo Dumpsters at \+1 512 555 0100/],
    ['material_not_allowed', undefined, 'size', /does not take the material/],
    ['booking_offline', undefined, 'form', /paused/],
    ['payments_not_ready', undefined, 'form', /not set up/],
    ['upstream', undefined, 'form', /not been charged/],
    ['invalid_body', 'customer.email', 'email', /name@example.com/],
    ['invalid_body', 'delivery_zip', 'zip', /ZIP code/],
    ['invalid_body', 'material_acknowledged', 'ack', /confirm the load/],
    ['invalid_body', 'something_new', 'form', /could not be read/],
    ['origin_not_allowed', undefined, 'form', /not available here/],
    ['internal', undefined, 'form', /try again/],
  ])('%s (field %s) goes to %s', (code, field, expectedField, message) => {
    const explained = explainError(apiError(code, field), who);
    expect(explained.field).toBe(expectedField);
    expect(explained.message).toMatch(message);
    expect(explained.message).not.toMatch(/developer text/);
  });

  it('says how long to wait on a rate limit', () => {
    const err = apiError('rate_limited', undefined, 429, new Headers({ 'retry-after': '17' }));
    expect(explainError(err, who).message).toMatch(/wait 17 seconds/);
    // The hourly payment caps: in minutes, with the company's phone.
    const capped = apiError('rate_limited', undefined, 429, new Headers({ 'retry-after': '3400' }));
    expect(explainError(capped, who).message).toMatch(/about 57 minutes, or call Demo Dumpsters at \+1 512 555 0100/);
  });

  it('tells a lost connection from a refusal', () => {
    expect(explainError(new SvcConnectionError('fetch failed'), who)).toEqual({
      field: 'form',
      message: 'We could not reach the booking service. Check your connection and try again.',
    });
  });

  it("places /check's answers on the date, ZIP and promo fields", () => {
    expect(
      explainCheck(
        {
          date: { ok: false, code: 'date_closed' },
          service_area: { ok: false, code: 'out_of_service_area' },
          promo: { ok: false, message: 'This promo code has expired.' },
          booking_online: true,
          payments_ready: true,
        },
        who,
      ),
    ).toEqual({
      date: 'We do not deliver on that day. Choose another delivery date.',
      zip: 'Sorry, Demo Dumpsters does not deliver to this ZIP code.',
      promo: 'This promo code has expired. Remove it or try another code.',
    });
    expect(
      explainCheck({ date: null, service_area: null, promo: null, booking_online: false, payments_ready: true }, who)
        .form,
    ).toMatch(/paused/);
  });
});
