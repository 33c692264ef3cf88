import { describe, expect, it } from 'vitest';
import { captureProblem, paymentMetadata, paymentMismatch } from './payment-match';

const expected = { amountCents: 47_130, currency: 'USD', companyId: 'c1', sessionId: 'ses_1' };
const payment = {
  amountCents: 47_130,
  currency: 'usd',
  metadata: paymentMetadata({ id: 'c1', slug: 'acme' }, 'ses_1'),
};

describe('paymentMismatch', () => {
  it.each([
    ['the same payment', {}, null],
    ['one cent less', { amountCents: 47_129 }, 'amount'],
    ['another currency', { currency: 'cad' }, 'currency'],
    ['another session', { metadata: paymentMetadata({ id: 'c1', slug: 'acme' }, 'ses_2') }, 'metadata'],
    ['another company', { metadata: paymentMetadata({ id: 'c2', slug: 'acme' }, 'ses_1') }, 'metadata'],
    ['no metadata', { metadata: {} }, 'metadata'],
  ] as const)('%s: %s', (_name, over, result) => {
    expect(paymentMismatch({ ...payment, ...over }, expected)).toBe(result);
  });

  it('an intent made before metadata named the company id is recognized by the slug, when the slug is given', () => {
    const older = { ...payment, metadata: { company: 'acme', session_id: 'ses_1' } };
    expect(paymentMismatch(older, { ...expected, companySlug: 'acme' })).toBeNull();
    expect(paymentMismatch(older, { ...expected, companySlug: 'other' })).toBe('metadata');
    expect(paymentMismatch(older, expected)).toBe('metadata');
  });
});

describe('captureProblem: only a capture we can vouch for is money received', () => {
  const recorded = { amountCents: 47_130, currency: 'USD' };
  it.each([
    ['succeeded, the recorded amount', { status: 'succeeded', amountCents: 47_130, currency: 'usd' }, null],
    ['still requires capture', { status: 'requires_capture', amountCents: 47_130, currency: 'usd' }, /not succeeded/],
    ['canceled', { status: 'canceled', amountCents: 47_130, currency: 'usd' }, /canceled, not succeeded/],
    ['one cent less', { status: 'succeeded', amountCents: 47_129, currency: 'usd' }, /amount/],
    ['another currency', { status: 'succeeded', amountCents: 47_130, currency: 'cad' }, /currency/],
  ] as const)('%s', (_name, captured, problem) => {
    const found = captureProblem(captured, recorded);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toMatch(problem);
  });
});
