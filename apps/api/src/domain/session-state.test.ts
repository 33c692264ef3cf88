import { describe, expect, it } from 'vitest';
import {
  nextSessionState,
  recoveryStepOf,
  replayOf,
  type SessionEvent,
  type SessionState,
  settlementOf,
  shouldNotify,
  transition,
} from './session-state';

const EVENTS: SessionEvent[] = ['order_confirmed', 'order_held', 'payment_released', 'order_overdue'];

/** Every state × event: where it leads, or null when it cannot happen. */
const TABLE: Record<SessionState, (SessionState | null)[]> = {
  //               confirmed     held    released  overdue
  intent_created: ['confirmed', 'held', 'failed', 'unconfirmed'],
  unconfirmed: ['confirmed', 'held', 'failed', 'unconfirmed'],
  confirmed: [null, null, null, null],
  held: [null, null, null, null],
  failed: [null, null, null, null],
};

describe('the session state machine', () => {
  for (const [state, row] of Object.entries(TABLE) as [SessionState, (SessionState | null)[]][]) {
    it.each(EVENTS.map((event, i) => [event, row[i]] as const))(`${state} + %s → %s`, (event, expected) => {
      expect(nextSessionState(state, event)).toBe(expected);
      if (expected) expect(transition(state, event)).toBe(expected);
      else expect(() => transition(state, event)).toThrow(`a ${state} session cannot take ${event}`);
    });
  }
});

describe('a replayed POST /intents', () => {
  const open = { state: 'intent_created' as const, hasIntent: true, authorized: false, sameRequest: true };
  it.each([
    [{ ...open, state: 'failed' as const }, 'session_failed'],
    [{ ...open, state: 'confirmed' as const }, 'has_order'],
    [{ ...open, state: 'held' as const }, 'has_order'],
    [{ ...open, state: 'unconfirmed' as const }, 'has_order'],
    [{ ...open, authorized: true }, 'already_authorized'],
    [{ ...open, authorized: true, sameRequest: false }, 'already_authorized'],
    [{ ...open, sameRequest: false }, 'different_request'],
    [{ ...open, hasIntent: false }, 'open_payment'],
    [open, 'same_intent'],
  ])('%o → %s', (session, expected) => {
    expect(replayOf(session)).toBe(expected);
  });
});

describe('a confirm once the processor has answered', () => {
  const paid = { mismatch: false, status: 'requires_capture', riskLevel: 'normal', country: 'US' as const };
  it.each([
    [{ ...paid, mismatch: true }, { kind: 'mismatch' }],
    [{ ...paid, mismatch: true, status: 'canceled' }, { kind: 'mismatch' }],
    [
      { ...paid, status: 'requires_payment_method' },
      { kind: 'not_authorized', final: false },
    ],
    [
      { ...paid, status: 'requires_action' },
      { kind: 'not_authorized', final: false },
    ],
    [
      { ...paid, status: 'canceled' },
      { kind: 'not_authorized', final: true },
    ],
    [paid, { kind: 'order', event: 'order_confirmed' }],
    [
      { ...paid, status: 'succeeded' },
      { kind: 'order', event: 'order_confirmed' },
    ],
    [
      { ...paid, riskLevel: 'elevated' },
      { kind: 'order', event: 'order_held' },
    ],
    [
      { ...paid, riskLevel: 'elevated', country: 'CA' as const },
      { kind: 'order', event: 'order_confirmed' },
    ],
    [
      { ...paid, riskLevel: null },
      { kind: 'order', event: 'order_confirmed' },
    ],
  ])('%o → %o', (payment, expected) => {
    expect(settlementOf(payment)).toEqual(expected);
  });
});

describe('the recovery worker', () => {
  const minutes = (n: number) => n * 60_000;
  it.each([
    [minutes(1), 'settle'],
    [minutes(24 * 60), 'settle'],
    [minutes(24 * 60) + 1, 'give_up'],
  ])('a session %i ms old: %s', (age, step) => {
    expect(recoveryStepOf(age)).toBe(step);
  });

  it.each([
    [minutes(14), false, false],
    [minutes(15), false, true],
    [minutes(60), false, true],
    [minutes(60), true, false],
  ])('%i ms without an order, told before: %s → tell now: %s', (age, told, expected) => {
    expect(shouldNotify(age, told)).toBe(expected);
  });
});
