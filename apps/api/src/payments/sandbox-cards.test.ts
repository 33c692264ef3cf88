import { describe, expect, it } from 'vitest';
import { cardOutcome, luhnValid, TEST_CARDS } from './sandbox-cards';

describe('sandbox test cards', () => {
  it.each([
    [TEST_CARDS.success, { kind: 'authorized', riskLevel: 'normal', later: 'succeeds' }],
    [TEST_CARDS.declinedLater, { kind: 'authorized', riskLevel: 'normal', later: 'declined' }],
    ['4242 4242 4242 4242', { kind: 'authorized', riskLevel: 'normal' }],
    [TEST_CARDS.elevatedRisk, { kind: 'authorized', riskLevel: 'elevated' }],
    [TEST_CARDS.authenticationRequired, { kind: 'requires_action', later: 'authentication_required' }],
    [TEST_CARDS.insufficientFunds, { kind: 'declined', declineCode: 'insufficient_funds' }],
    [TEST_CARDS.genericDecline, { kind: 'declined', declineCode: 'generic_decline' }],
    ['5555555555554444', { kind: 'declined', declineCode: 'generic_decline' }],
    ['4242424242424241', { kind: 'invalid', code: 'incorrect_number' }],
    ['abc', { kind: 'invalid' }],
  ])('%s', (number, expected) => {
    expect(cardOutcome(number)).toMatchObject(expected);
  });

  it('checks the Luhn digit', () => {
    expect(luhnValid('79927398713')).toBe(false); // too short for a card
    expect(luhnValid('4000056655665556')).toBe(true);
    expect(luhnValid('4000056655665557')).toBe(false);
  });
});
