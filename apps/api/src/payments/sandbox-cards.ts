/**
 * The sandbox's test cards, after Stripe's: what happens when a card number is confirmed. Pure.
 */
/** What an off-session charge of the card, once saved, does. */
export type Later = 'succeeds' | 'authentication_required' | 'declined';

export type CardOutcome =
  | { kind: 'authorized'; riskLevel: 'normal' | 'elevated'; later: Later }
  | { kind: 'requires_action'; later: Later }
  | { kind: 'declined'; declineCode: 'generic_decline' | 'insufficient_funds'; message: string }
  | { kind: 'invalid'; code: 'incorrect_number'; message: string };

export const TEST_CARDS = {
  success: '4242424242424242',
  genericDecline: '4000000000000002',
  insufficientFunds: '4000000000009995',
  authenticationRequired: '4000002760003184',
  elevatedRisk: '4000000000009235',
  /**
   * Authorizes now; saved, its later off-session charges are declined. (Stripe's 4000 0000 0000 0341 declines
   * every charge, the first one too: the sandbox lets the booking through so a later decline can be tried.)
   */
  declinedLater: '4000000000000341',
} as const;

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

export function cardOutcome(rawNumber: string): CardOutcome {
  const number = rawNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) {
    return { kind: 'invalid', code: 'incorrect_number', message: 'Your card number is incorrect.' };
  }
  switch (number) {
    case TEST_CARDS.success:
      return { kind: 'authorized', riskLevel: 'normal', later: 'succeeds' };
    case TEST_CARDS.elevatedRisk:
      return { kind: 'authorized', riskLevel: 'elevated', later: 'succeeds' };
    case TEST_CARDS.declinedLater:
      return { kind: 'authorized', riskLevel: 'normal', later: 'declined' };
    // Asks for authentication every time, off-session too (as Stripe's 4000 0027 6000 3184).
    case TEST_CARDS.authenticationRequired:
      return { kind: 'requires_action', later: 'authentication_required' };
    case TEST_CARDS.insufficientFunds:
      return { kind: 'declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' };
    case TEST_CARDS.genericDecline:
      return { kind: 'declined', declineCode: 'generic_decline', message: 'Your card was declined.' };
    default:
      return {
        kind: 'declined',
        declineCode: 'generic_decline',
        message: 'Your card was declined. The sandbox accepts only its test cards (4242 4242 4242 4242).',
      };
  }
}
