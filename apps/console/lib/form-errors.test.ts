import { describe, expect, it } from 'vitest';
import { mapApiError } from './form-errors';

const fields = ['email', 'password', 'min_days', 'price'];

describe('mapApiError: an API error goes next to its field or to the whole form', () => {
  it.each([
    [{ code: 'invalid_body', message: 'Enter an e-mail.', field: 'email' }, { fields: { email: 'Enter an e-mail.' } }],
    [
      { code: 'invalid_body', message: 'At least 1.', field: 'booking.min_days' },
      { fields: { min_days: 'At least 1.' } },
    ],
    [{ code: 'invalid_body', message: 'Too low.', field: 'sizes[2].price' }, { fields: { price: 'Too low.' } }],
    [
      { code: 'unauthorized', message: 'The e-mail or password is not right.' },
      { fields: {}, form: 'The e-mail or password is not right.' },
    ],
    [
      { code: 'not_found', message: 'This link is not valid any more.', field: 'token' },
      { fields: {}, form: 'This link is not valid any more.' },
    ],
  ])('%j', (error, expected) => {
    expect(mapApiError(error, fields)).toEqual(expected);
  });
});
