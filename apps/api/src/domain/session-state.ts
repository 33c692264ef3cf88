/**
 * The booking session's state machine (spec section 3): a session is written with its price frozen
 * (intent_created), becomes an order (confirmed, or held for fraud review), or waits as unconfirmed
 * while its card is authorized without an order, and fails when its payment is released. Orders and
 * failures are final. Pure functions: the use cases do the I/O and ask these what comes next.
 */
export const SESSION_STATES = ['intent_created', 'confirmed', 'held', 'unconfirmed', 'failed'] as const;
export type SessionState = (typeof SESSION_STATES)[number];

export type SessionEvent =
  /** The order was made and the card will be captured. */
  | 'order_confirmed'
  /** The order was made and held for fraud review: the card stays authorized. */
  | 'order_held'
  /** The payment was released (not this booking's, canceled, or given up on): never an order. */
  | 'payment_released'
  /** The recovery worker found an authorized card without an order. */
  | 'order_overdue';

const OPEN: Partial<Record<SessionEvent, SessionState>> = {
  order_confirmed: 'confirmed',
  order_held: 'held',
  payment_released: 'failed',
  order_overdue: 'unconfirmed',
};

const TRANSITIONS: Record<SessionState, Partial<Record<SessionEvent, SessionState>>> = {
  intent_created: OPEN,
  unconfirmed: OPEN,
  confirmed: {},
  held: {},
  failed: {},
};

/** The state after an event, or null when the event cannot happen in that state. */
export function nextSessionState(state: SessionState, event: SessionEvent): SessionState | null {
  return TRANSITIONS[state][event] ?? null;
}

/** The same as nextSessionState, for the paths where any other answer is a bug. */
export function transition(state: SessionState, event: SessionEvent): SessionState {
  const next = nextSessionState(state, event);
  if (!next) throw new Error(`a ${state} session cannot take ${event}`);
  return next;
}

/** What POST /intents does with a session_id it has seen before. */
export type Replay =
  | 'session_failed'
  | 'has_order'
  | 'already_authorized'
  | 'different_request'
  | 'open_payment'
  | 'same_intent';

export function replayOf(session: {
  state: SessionState;
  hasIntent: boolean;
  /** Whether the processor holds an authorization for the session's intent (false when not asked). */
  authorized: boolean;
  sameRequest: boolean;
}): Replay {
  if (session.state === 'failed') return 'session_failed';
  if (session.state !== 'intent_created') return 'has_order';
  if (session.authorized) return 'already_authorized';
  if (!session.sameRequest) return 'different_request';
  // A session written before the processor failed to answer gets its intent now.
  return session.hasIntent ? 'same_intent' : 'open_payment';
}

/** What a confirm does once the processor has told it where the session's payment stands. */
export type Settlement =
  | { kind: 'mismatch' }
  | { kind: 'not_authorized'; final: boolean }
  | { kind: 'order'; event: 'order_confirmed' | 'order_held' };

export function settlementOf(payment: {
  mismatch: boolean;
  status: string;
  riskLevel: string | null;
  country: 'US' | 'CA';
}): Settlement {
  // The payment must be this session's, for its frozen amount: otherwise no order, and it is released.
  if (payment.mismatch) return { kind: 'mismatch' };
  if (payment.status !== 'requires_capture' && payment.status !== 'succeeded') {
    // A canceled payment (released, or too many declined cards) can never become an order.
    return { kind: 'not_authorized', final: payment.status === 'canceled' };
  }
  // Fraud screening: an elevated risk holds the order of a United States company for manual review.
  const held = payment.riskLevel === 'elevated' && payment.country === 'US';
  return { kind: 'order', event: held ? 'order_held' : 'order_confirmed' };
}

export const UNCONFIRMED_NOTICE_MINUTES = 15;
export const GIVE_UP_HOURS = 24;

/** The recovery worker's step for a session whose card may be authorized without an order. */
export type RecoveryStep = 'give_up' | 'settle';

export function recoveryStepOf(ageMs: number): RecoveryStep {
  return ageMs > GIVE_UP_HOURS * 3_600_000 ? 'give_up' : 'settle';
}

/** After 15 minutes without an order, the customer and the company are told, once. */
export function shouldNotify(ageMs: number, alreadyNotified: boolean): boolean {
  return !alreadyNotified && ageMs >= UNCONFIRMED_NOTICE_MINUTES * 60_000;
}
