import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';

/**
 * A local stand-in of Stripe, for the browser suite: api.stripe.com, js.stripe.com and hooks.stripe.com
 * cannot be reached from here (nor from CI). One node:http server on 127.0.0.1 plays all three:
 *
 * - Stripe's API, as our adapter (apps/api/src/payments/stripe.ts, through STRIPE_API_BASE) and Stripe.js
 *   call it: PaymentIntents created, retrieved, updated, confirmed, captured and canceled, with form-encoded
 *   bodies, `Authorization: Bearer sk_…` (or Stripe.js's publishable key and client secret in the
 *   parameters), Stripe-Account, idempotency keys replayed, and Stripe's error shape
 *   `{ error: { type, code, decline_code, message, … } }`. Customers (created, retrieved) and the cards
 *   saved to them: an intent made with `customer` and `setup_future_usage` attaches its card (a PaymentMethod
 *   `pm_…`, the intent's `payment_method`) to its customer once authorized, as Stripe does after the
 *   confirmation and any authentication; without a customer the card is only set up, attachable later
 *   (`POST /v1/payment_methods/pm_…/attach`). A saved card is charged with `customer`, `payment_method`,
 *   `off_session: true` and `confirm: true` at creation: an authorization, or Stripe's 402 `card_error`
 *   whose `payment_intent` (requires_payment_method) waits for the customer.
 * - js.stripe.com: the Stripe.js stand-in of support/stripe-js (the script, the Payment Element's frame).
 * - hooks.stripe.com: the issuer's 3-D Secure test page, whose buttons complete or fail the authentication.
 *
 * The browser reaches it through Playwright (`route(context)`): requests to the three hosts are answered by
 * this server, from their own https URLs, so the pages' Content-Security-Policy applies as it will in
 * production. Everything it is sent is recorded (`requests`), with what it authorized and captured, so a
 * test checks amounts against the order.
 *
 * Test cards, after docs.stripe.com/testing: 4242 4242 4242 4242 authorizes; 4000 0000 0000 0002 is
 * declined (card_declined, generic_decline); 4000 0025 0000 3155 and 4000 0027 6000 3184 ask for 3-D Secure;
 * 4000 0000 0000 9995 is declined for insufficient funds; 4000 0000 0000 9235 authorizes with an elevated risk.
 * Off-session (a saved card): 4242 and 9235 authorize; 4000 0027 6000 3184 always requires authentication
 * (402, `authentication_required`); 4000 0025 0000 3155 requires it unless it was set up for off-session use
 * (setup_future_usage), then authorizes. 4000 0000 0000 0341 attaches to a customer, but every charge of it
 * fails (card_declined, generic_decline): on-session too, so a booking paid with it is declined, as with
 * Stripe. A declining card other than 0341 cannot be attached (attaching verifies the card).
 */

type CardResult =
  | { kind: 'authorized'; risk: 'normal' | 'elevated' }
  | { kind: 'authenticate' }
  | {
      kind: 'declined';
      code: string;
      declineCode?: string;
      message: string;
      /** 4000 0000 0000 0341: attaching it to a customer succeeds, its charges fail. */
      attaches?: boolean;
    };

const TEST_CARDS: Record<string, CardResult> = {
  '4242424242424242': { kind: 'authorized', risk: 'normal' },
  '4000000000009235': { kind: 'authorized', risk: 'elevated' },
  '4000002500003155': { kind: 'authenticate' },
  '4000002760003184': { kind: 'authenticate' },
  '4000000000000002': {
    kind: 'declined',
    code: 'card_declined',
    declineCode: 'generic_decline',
    message: 'Your card was declined.',
  },
  '4000000000009995': {
    kind: 'declined',
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000000341': {
    kind: 'declined',
    code: 'card_declined',
    declineCode: 'generic_decline',
    message: 'Your card was declined.',
    attaches: true,
  },
};

/** 4000 0025 0000 3155: authentication unless set up for future payments (then off-session charges pass). */
const AUTHENTICATE_UNLESS_SET_UP = '4000002500003155';

const AUTHENTICATION_REQUIRED: CardResult = {
  kind: 'declined',
  code: 'authentication_required',
  declineCode: 'authentication_required',
  message: 'Your card was declined. This transaction requires authentication.',
};

/** Stripe's test PaymentMethods, for a confirm with the secret key (docs.stripe.com/testing). */
const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_authenticationRequired: '4000002760003184',
  pm_card_chargeCustomerFail: '4000000000000341',
};

const AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

type StripeError = {
  type: 'card_error' | 'invalid_request_error' | 'idempotency_error' | 'api_error';
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
  [more: string]: unknown;
};

/** A refusal, answered as Stripe answers one: the status and `{ error }`. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly error: StripeError,
  ) {
    super(error.message);
  }
}

type Status =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

export type PaymentMethod = {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: { brand: string; last4: string; exp_month: number; exp_year: number; funding: 'credit'; country: 'US' };
  /** The customer it is attached to (saved), as Stripe's PaymentMethod says. */
  customer: string | null;
  created: number;
  livemode: false;
  // Not in Stripe's answers (pmView leaves them out):
  number: string;
  account: string | null;
  /** Set up for future payments by an authorized intent's setup_future_usage. */
  setUp: 'on_session' | 'off_session' | null;
  /** Tried on an intent: without a customer it cannot be used again, as with Stripe. */
  used: boolean;
};

/** A PaymentMethod as the API answers it. */
const pmView = ({ number: _n, account: _a, setUp: _s, used: _u, ...out }: PaymentMethod) => out;

export type StandInCustomer = {
  id: string;
  account: string | null;
  email: string | null;
  name: string | null;
  description: string | null;
  metadata: Record<string, string>;
  created: number;
};

type Charge = {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  captured: boolean;
  currency: string;
  paid: boolean;
  status: 'succeeded' | 'failed';
  payment_intent: string;
  payment_method: string;
  failure_code: string | null;
  failure_message: string | null;
  outcome: { network_status: string; reason: string | null; risk_level: string; seller_message: string; type: string };
};

export type StandInIntent = {
  id: string;
  /** The connected account it was made on (Stripe-Account), or null for the platform's own. */
  account: string | null;
  clientSecret: string;
  amount: number;
  currency: string;
  captureMethod: 'manual' | 'automatic';
  status: Status;
  metadata: Record<string, string>;
  description: string | null;
  created: number;
  amountCapturable: number;
  amountReceived: number;
  /** The customer it was made for (`customer`), and whether its card is saved to it (`setup_future_usage`). */
  customer: string | null;
  setupFutureUsage: 'on_session' | 'off_session' | null;
  /** Its last confirmation was off-session (a saved card charged without the customer). */
  offSession: boolean;
  paymentMethod: PaymentMethod | null;
  charge: Charge | null;
  lastPaymentError: StripeError | null;
  canceledAt: number | null;
  cancellationReason: string | null;
  /** A 3-D Secure step under way: the source the issuer's page completes, and its own secret. */
  challenge: { source: string; secret: string; risk: 'normal' | 'elevated' } | null;
};

/** One request the stand-in answered, as it saw it. */
export type SeenRequest = {
  /** api.stripe.com (our server, or a browser), js.stripe.com or hooks.stripe.com. */
  host: string;
  method: string;
  path: string;
  /** The body or query, decoded into Stripe's nested parameters (`metadata[a]` is `{ metadata: { a } }`). */
  params: Record<string, any>;
  /** Which key was used: our server's secret key, Stripe.js's publishable key, or none. */
  auth: 'secret' | 'publishable' | null;
  account: string | null;
  idempotencyKey: string | null;
  origin: string | null;
  status: number;
  replayed: boolean;
};

/** An amount the stand-in authorized on a card, or captured. */
export type Movement = { intent: string; amount: number; currency: string };

export type StripeStandIn = {
  /** http://127.0.0.1:<port>: STRIPE_API_BASE for the platform. */
  url: string;
  secretKey: string;
  publishableKey: string;
  /** The platform's environment for Stripe: keys and STRIPE_API_BASE pointing here. */
  env: Record<string, string>;
  requests: SeenRequest[];
  authorizations: Movement[];
  captures: Movement[];
  intents(): StandInIntent[];
  customers(): StandInCustomer[];
  /** Every card the stand-in was given (a confirm's card, a test PaymentMethod), attached or not. */
  paymentMethods(): PaymentMethod[];
  /** The PaymentIntents made for one booking session (our adapter's metadata names it). */
  intentsOfSession(sessionId: string): StandInIntent[];
  /** Answers the browser's requests to js.stripe.com, api.stripe.com and hooks.stripe.com from this server. */
  route(context: BrowserContext): Promise<void>;
  stop(): Promise<void>;
};

const ASSETS = path.join(import.meta.dirname, 'stripe-js');
const asset = (name: string) => readFileSync(path.join(ASSETS, name), 'utf8');
const id = (prefix: string, length = 24) => `${prefix}_${randomBytes(length).toString('base64url').slice(0, length)}`;
const now = () => Math.floor(Date.now() / 1000);
const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`;

/** Stripe's form encoding: `a[b][c]=v` and `a[]=v` (or `a[0]=v`) into nested objects. */
export function parseStripeForm(raw: string): Record<string, any> {
  const out: Record<string, any> = {};
  for (const [name, value] of new URLSearchParams(raw)) {
    const keys = name.replace(/\]/g, '').split('[');
    if (keys.some((k) => k === '__proto__' || k === 'constructor')) continue;
    let node = out;
    keys.forEach((key, i) => {
      const k = key === '' ? String(Object.keys(node).length) : key;
      if (i === keys.length - 1) node[k] = value;
      else node = node[k] ??= {};
    });
  }
  return out;
}

const listOf = (value: unknown): string[] =>
  value === undefined ? [] : typeof value === 'object' && value ? Object.values(value).map(String) : [String(value)];

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

function cardResult(number: string): CardResult {
  if (!/^\d{12,19}$/.test(number) || !luhn(number)) {
    return { kind: 'declined', code: 'incorrect_number', message: 'Your card number is incorrect.' };
  }
  return (
    TEST_CARDS[number] ?? {
      kind: 'declined',
      code: 'card_declined',
      declineCode: 'test_mode_live_card',
      message:
        'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
    }
  );
}

const unexpectedState = (message: string, intent?: Record<string, unknown>): Refusal =>
  new Refusal(400, {
    type: 'invalid_request_error',
    code: 'payment_intent_unexpected_state',
    message,
    doc_url: docUrl('payment_intent_unexpected_state'),
    ...(intent ? { payment_intent: intent } : {}),
  });

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const secretKey = `sk_test_standin_${randomBytes(12).toString('hex')}`;
  const publishableKey = `pk_test_standin_${randomBytes(12).toString('hex')}`;
  const intents = new Map<string, StandInIntent>();
  const customers = new Map<string, StandInCustomer>();
  const paymentMethods = new Map<string, PaymentMethod>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const requests: SeenRequest[] = [];
  const authorizations: Movement[] = [];
  const captures: Movement[] = [];
  const assets = {
    stripe: { type: 'text/javascript', body: asset('stripe.js') },
    frame: { type: 'text/html', body: asset('elements-inner-payment.html') },
    frameScript: { type: 'text/javascript', body: asset('elements-inner-payment.js') },
    challenge: { type: 'text/html', body: asset('three-d-secure.html') },
    challengeScript: { type: 'text/javascript', body: asset('three-d-secure.js') },
  };

  type Caller = { auth: 'secret' | 'publishable'; account: string | null };

  /** The PaymentIntent as the API answers it; a publishable key sees no metadata, as with Stripe. */
  function view(intent: StandInIntent, caller: Caller, expand: string[] = []): Record<string, unknown> {
    const secret = caller.auth === 'secret';
    const out: Record<string, unknown> = {
      id: intent.id,
      object: 'payment_intent',
      amount: intent.amount,
      amount_capturable: intent.amountCapturable,
      amount_received: intent.amountReceived,
      automatic_payment_methods: { enabled: true },
      canceled_at: intent.canceledAt,
      cancellation_reason: intent.cancellationReason,
      capture_method: intent.captureMethod,
      client_secret: intent.clientSecret,
      confirmation_method: 'automatic',
      created: intent.created,
      currency: intent.currency,
      customer: intent.customer,
      description: intent.description,
      last_payment_error: intent.lastPaymentError,
      latest_charge:
        intent.charge && secret && expand.includes('latest_charge') ? intent.charge : (intent.charge?.id ?? null),
      livemode: false,
      next_action: intent.challenge
        ? {
            type: 'use_stripe_sdk',
            use_stripe_sdk: {
              type: 'three_d_secure_redirect',
              stripe_js: `https://hooks.stripe.com/redirect/authenticate/${intent.challenge.source}?client_secret=${intent.challenge.secret}`,
              source: intent.challenge.source,
            },
          }
        : null,
      payment_method:
        intent.paymentMethod && expand.includes('payment_method')
          ? pmView(intent.paymentMethod)
          : (intent.paymentMethod?.id ?? null),
      payment_method_types: ['card'],
      setup_future_usage: intent.setupFutureUsage,
      status: intent.status,
    };
    if (secret) out.metadata = intent.metadata;
    return out;
  }

  function find(intentId: string, caller: Caller, params: Record<string, any>): StandInIntent {
    const intent = intents.get(intentId);
    // An intent of another account does not exist for this caller, as with Stripe.
    if (!intent || intent.account !== caller.account) {
      throw new Refusal(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'intent',
        message: `No such payment_intent: '${intentId}'`,
        doc_url: docUrl('resource_missing'),
      });
    }
    if (caller.auth === 'publishable' && params.client_secret !== intent.clientSecret) {
      throw new Refusal(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_invalid_parameter',
        param: 'client_secret',
        message: 'The client_secret provided does not match any associated PaymentIntent on this account.',
      });
    }
    return intent;
  }

  function authorize(intent: StandInIntent, risk: 'normal' | 'elevated') {
    intent.charge = {
      id: id('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: 0,
      captured: false,
      currency: intent.currency,
      paid: true,
      status: 'succeeded',
      payment_intent: intent.id,
      payment_method: intent.paymentMethod?.id ?? '',
      failure_code: null,
      failure_message: null,
      outcome: {
        network_status: 'approved_by_network',
        reason: risk === 'elevated' ? 'elevated_risk_level' : null,
        risk_level: risk,
        seller_message: 'Payment complete.',
        type: 'authorized',
      },
    };
    intent.challenge = null;
    intent.lastPaymentError = null;
    // setup_future_usage: the card is set up once the intent is authorized (after any authentication), and
    // attached to the intent's customer when it has one; without one it can be attached later.
    const card = intent.paymentMethod;
    if (card && intent.setupFutureUsage) {
      if (card.setUp !== 'off_session') card.setUp = intent.setupFutureUsage;
      if (intent.customer && !card.customer) card.customer = intent.customer;
    }
    authorizations.push({ intent: intent.id, amount: intent.amount, currency: intent.currency });
    if (intent.captureMethod === 'manual') {
      intent.status = 'requires_capture';
      intent.amountCapturable = intent.amount;
    } else {
      capture(intent, intent.amount);
    }
  }

  function capture(intent: StandInIntent, amount: number) {
    intent.status = 'succeeded';
    intent.amountCapturable = 0;
    intent.amountReceived = amount;
    if (intent.charge) Object.assign(intent.charge, { captured: true, amount_captured: amount });
    captures.push({ intent: intent.id, amount, currency: intent.currency });
  }

  function decline(intent: StandInIntent, result: Extract<CardResult, { kind: 'declined' }>, caller: Caller): never {
    const charge: Charge = {
      id: id('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: 0,
      captured: false,
      currency: intent.currency,
      paid: false,
      status: 'failed',
      payment_intent: intent.id,
      payment_method: intent.paymentMethod?.id ?? '',
      failure_code: result.code,
      failure_message: result.message,
      outcome: {
        network_status: 'declined_by_network',
        reason: result.declineCode ?? null,
        risk_level: 'normal',
        seller_message: 'The bank did not return any further details with this decline.',
        type: 'issuer_declined',
      },
    };
    intent.charge = charge;
    intent.status = 'requires_payment_method';
    const paymentMethod = pmView(intent.paymentMethod as PaymentMethod);
    intent.paymentMethod = null;
    intent.lastPaymentError = {
      type: 'card_error',
      code: result.code,
      ...(result.declineCode ? { decline_code: result.declineCode } : {}),
      message: result.message,
      charge: charge.id,
      doc_url: docUrl(result.code),
      payment_method: paymentMethod,
    };
    throw new Refusal(402, { ...intent.lastPaymentError, payment_intent: view(intent, caller) });
  }

  /** A new card: Stripe.js's payment_method_data, or one of Stripe's test PaymentMethods (pm_card_visa, …). */
  function newPaymentMethod(number: string, card: Record<string, any> | undefined, caller: Caller): PaymentMethod {
    const expYear = Number(card?.exp_year ?? 2034);
    const paymentMethod: PaymentMethod = {
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      card: {
        brand: number.startsWith('4') ? 'visa' : 'unknown',
        last4: number.slice(-4),
        exp_month: Number(card?.exp_month ?? 12),
        exp_year: expYear < 100 ? 2000 + expYear : expYear,
        funding: 'credit',
        country: 'US',
      },
      customer: null,
      created: now(),
      livemode: false,
      number,
      account: caller.account,
      setUp: null,
      used: false,
    };
    paymentMethods.set(paymentMethod.id, paymentMethod);
    return paymentMethod;
  }

  const noSuch = (kind: 'customer' | 'PaymentMethod', value: string, param: string) =>
    new Refusal(400, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      param,
      message: `No such ${kind}: '${value}'`,
      doc_url: docUrl('resource_missing'),
    });

  /** A customer of the caller's account (another account's does not exist for it, as with Stripe). */
  function customerOf(customerId: string, caller: Caller, param = 'customer'): StandInCustomer {
    const customer = customers.get(customerId);
    if (!customer || customer.account !== caller.account) throw noSuch('customer', customerId, param);
    return customer;
  }

  /** A PaymentMethod named by id (or a test one's name), on the caller's account. */
  function paymentMethodById(ref: string, caller: Caller): PaymentMethod {
    const test = TEST_PAYMENT_METHODS[ref];
    if (test !== undefined) return newPaymentMethod(test, undefined, caller);
    const paymentMethod = paymentMethods.get(ref);
    if (!paymentMethod || paymentMethod.account !== caller.account)
      throw noSuch('PaymentMethod', ref, 'payment_method');
    return paymentMethod;
  }

  /**
   * The card an intent is confirmed with: Stripe.js's payment_method_data, or `payment_method` (an id or a
   * test PaymentMethod), which must be the intent's customer's when attached, and unused when not.
   */
  function paymentMethodOf(params: Record<string, any>, caller: Caller, customer: string | null): PaymentMethod | null {
    const data = params.payment_method_data;
    if (data?.type === 'card') return newPaymentMethod(String(data.card?.number ?? ''), data.card, caller);
    if (params.payment_method === undefined || params.payment_method === '') return null;
    const paymentMethod = paymentMethodById(String(params.payment_method), caller);
    if (paymentMethod.customer && paymentMethod.customer !== customer) {
      throw new Refusal(400, {
        type: 'invalid_request_error',
        param: 'payment_method',
        message: customer
          ? `The provided PaymentMethod ${paymentMethod.id} is attached to another Customer than ${customer}.`
          : `The provided PaymentMethod ${paymentMethod.id} is attached to a Customer: pass that Customer (customer) to use it.`,
      });
    }
    if (!paymentMethod.customer && paymentMethod.used) {
      throw new Refusal(400, {
        type: 'invalid_request_error',
        param: 'payment_method',
        message:
          'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.',
      });
    }
    return paymentMethod;
  }

  /** A boolean parameter: `true` or `false` in the form, or absent. */
  function booleanOf(params: Record<string, any>, name: string): boolean {
    const value = params[name];
    if (value === undefined || value === 'false') return false;
    if (value === 'true') return true;
    throw new Refusal(400, {
      type: 'invalid_request_error',
      code: 'parameter_invalid_boolean',
      param: name,
      message: `Invalid boolean: ${value}`,
    });
  }

  /** What charging a card does: on-session as the test card says; off-session, a saved card's later charge. */
  function chargeResult(paymentMethod: PaymentMethod, offSession: boolean): CardResult {
    const result = cardResult(paymentMethod.number);
    if (!offSession || result.kind !== 'authenticate') return result;
    // Off-session nobody can authenticate: 3184 always needs it, 3155 unless it was set up for off-session use.
    return paymentMethod.number === AUTHENTICATE_UNLESS_SET_UP && paymentMethod.setUp === 'off_session'
      ? { kind: 'authorized', risk: 'normal' }
      : AUTHENTICATION_REQUIRED;
  }

  const CONFIRMABLE: Status[] = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
  const CANCELABLE: Status[] = [
    'requires_payment_method',
    'requires_capture',
    'requires_confirmation',
    'requires_action',
    'processing',
  ];

  function create(params: Record<string, any>, caller: Caller): [number, unknown] {
    const amount = Number(params.amount);
    if (params.amount === undefined) {
      throw new Refusal(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        param: 'amount',
        message: 'Missing required param: amount.',
      });
    }
    if (!Number.isInteger(amount) || amount < 50) {
      throw new Refusal(400, {
        type: 'invalid_request_error',
        code: 'amount_too_small',
        param: 'amount',
        message: `Amount must be at least $0.50 ${params.currency ?? 'usd'}`,
      });
    }
    if (!/^[a-z]{3}$/.test(String(params.currency ?? ''))) {
      throw new Refusal(400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid_string',
        param: 'currency',
        message: 'Invalid currency: a three-letter ISO code in lowercase is expected.',
      });
    }
    const customer = params.customer ? customerOf(String(params.customer), caller).id : null;
    // Without a customer, setup_future_usage is allowed: the card is set up, and can be attached later.
    const setupFutureUsage = params.setup_future_usage || null;
    if (setupFutureUsage !== null && setupFutureUsage !== 'on_session' && setupFutureUsage !== 'off_session') {
      throw new Refusal(400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid_string',
        param: 'setup_future_usage',
        message: `Invalid setup_future_usage: must be one of off_session or on_session.`,
      });
    }
    const confirmNow = booleanOf(params, 'confirm');
    if (booleanOf(params, 'off_session') && !confirmNow) {
      throw new Refusal(400, {
        type: 'invalid_request_error',
        param: 'off_session',
        message: 'off_session can only be passed when confirm is true.',
      });
    }
    const paymentMethod = paymentMethodOf(params, caller, customer);
    if (confirmNow && !paymentMethod) {
      throw new Refusal(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        param: 'payment_method',
        message: "You cannot confirm this PaymentIntent because it's missing a payment method.",
      });
    }
    const intentId = id('pi');
    const intent: StandInIntent = {
      id: intentId,
      account: caller.account,
      clientSecret: `${intentId}_secret_${randomBytes(18).toString('base64url').slice(0, 25)}`,
      amount,
      currency: params.currency,
      captureMethod: params.capture_method === 'manual' ? 'manual' : 'automatic',
      status: paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
      metadata: { ...(params.metadata ?? {}) },
      description: params.description ?? null,
      created: now(),
      amountCapturable: 0,
      amountReceived: 0,
      customer,
      setupFutureUsage,
      offSession: false,
      paymentMethod,
      charge: null,
      lastPaymentError: null,
      canceledAt: null,
      cancellationReason: null,
      challenge: null,
    };
    intents.set(intentId, intent);
    // confirm: true confirms at once (a saved card off-session: an authorization, or Stripe's 402 with this intent).
    if (confirmNow) return confirm(intent, { off_session: params.off_session }, caller);
    return [200, view(intent, caller)];
  }

  function update(intent: StandInIntent, params: Record<string, any>, caller: Caller): [number, unknown] {
    if ((params.amount !== undefined || params.currency !== undefined) && !CONFIRMABLE.includes(intent.status)) {
      throw unexpectedState(
        `This PaymentIntent's amount could not be updated because it has a status of ${intent.status}.`,
        view(intent, caller),
      );
    }
    if (params.amount !== undefined) intent.amount = Number(params.amount);
    if (params.currency !== undefined) intent.currency = params.currency;
    if (params.description !== undefined) intent.description = params.description || null;
    // Stripe merges metadata; an empty value removes its key.
    for (const [key, value] of Object.entries<string>(params.metadata ?? {})) {
      if (value === '') delete intent.metadata[key];
      else intent.metadata[key] = value;
    }
    return [200, view(intent, caller)];
  }

  function confirm(intent: StandInIntent, params: Record<string, any>, caller: Caller): [number, unknown] {
    if (!CONFIRMABLE.includes(intent.status)) {
      throw unexpectedState(
        `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
        view(intent, caller),
      );
    }
    const offSession = booleanOf(params, 'off_session');
    // Its own card named again is no second use of it.
    const own = intent.paymentMethod && params.payment_method === intent.paymentMethod.id;
    const paymentMethod = (own ? null : paymentMethodOf(params, caller, intent.customer)) ?? intent.paymentMethod;
    if (!paymentMethod) {
      throw unexpectedState(
        "You cannot confirm this PaymentIntent because it's missing a payment method.",
        view(intent, caller),
      );
    }
    // A new attempt replaces the last one: its error, and a 3-D Secure step left unfinished.
    intent.paymentMethod = paymentMethod;
    intent.offSession = offSession;
    intent.lastPaymentError = null;
    intent.challenge = null;
    paymentMethod.used = true;
    const { exp_month, exp_year } = paymentMethod.card;
    const today = new Date();
    if (exp_year < today.getFullYear() || (exp_year === today.getFullYear() && exp_month < today.getMonth() + 1)) {
      decline(intent, { kind: 'declined', code: 'expired_card', message: 'Your card has expired.' }, caller);
    }
    const result = chargeResult(paymentMethod, offSession);
    if (result.kind === 'declined') decline(intent, result, caller);
    if (result.kind === 'authenticate') {
      intent.status = 'requires_action';
      intent.challenge = { source: id('src'), secret: id('src_client_secret'), risk: 'normal' };
    } else {
      authorize(intent, result.risk);
    }
    return [200, view(intent, caller)];
  }

  function captureIntent(intent: StandInIntent, params: Record<string, any>, caller: Caller): [number, unknown] {
    if (intent.status !== 'requires_capture') {
      throw unexpectedState(
        `This PaymentIntent could not be captured because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
        view(intent, caller),
      );
    }
    const amount = params.amount_to_capture === undefined ? intent.amountCapturable : Number(params.amount_to_capture);
    if (!Number.isInteger(amount) || amount < 1 || amount > intent.amountCapturable) {
      throw new Refusal(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount_to_capture',
        message: `The amount to capture must be between 1 and the amount capturable (${intent.amountCapturable}).`,
      });
    }
    capture(intent, amount);
    return [200, view(intent, caller)];
  }

  function cancel(intent: StandInIntent, params: Record<string, any>, caller: Caller): [number, unknown] {
    if (!CANCELABLE.includes(intent.status)) {
      throw unexpectedState(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
        view(intent, caller),
      );
    }
    Object.assign(intent, {
      status: 'canceled',
      amountCapturable: 0,
      canceledAt: now(),
      cancellationReason: params.cancellation_reason ?? null,
      challenge: null,
    });
    return [200, view(intent, caller)];
  }

  function customerView(customer: StandInCustomer): Record<string, unknown> {
    return {
      id: customer.id,
      object: 'customer',
      created: customer.created,
      description: customer.description,
      email: customer.email,
      invoice_settings: { default_payment_method: null },
      livemode: false,
      metadata: customer.metadata,
      name: customer.name,
    };
  }

  function createCustomer(params: Record<string, any>, caller: Caller): [number, unknown] {
    const customer: StandInCustomer = {
      id: id('cus', 14),
      account: caller.account,
      email: params.email || null,
      name: params.name || null,
      description: params.description || null,
      metadata: { ...(params.metadata ?? {}) },
      created: now(),
    };
    customers.set(customer.id, customer);
    return [200, customerView(customer)];
  }

  /**
   * POST /v1/payment_methods/pm_…/attach: saves a card to a customer. Attaching verifies the card: a declining
   * card is refused (402), except 4000 0000 0000 0341, which attaches and fails when charged.
   */
  function attach(paymentMethodId: string, params: Record<string, any>, caller: Caller): [number, unknown] {
    if (!params.customer) {
      throw new Refusal(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        param: 'customer',
        message: 'Missing required param: customer.',
      });
    }
    const paymentMethod = paymentMethodById(paymentMethodId, caller);
    const customer = customerOf(String(params.customer), caller);
    if (paymentMethod.customer) {
      throw new Refusal(400, {
        type: 'invalid_request_error',
        code: 'payment_method_unexpected_state',
        message: 'The payment method you provided has already been attached to a customer.',
      });
    }
    if (paymentMethod.used && !paymentMethod.setUp) {
      throw new Refusal(400, {
        type: 'invalid_request_error',
        message:
          'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.',
      });
    }
    const result = cardResult(paymentMethod.number);
    if (result.kind === 'declined' && !result.attaches) {
      throw new Refusal(402, {
        type: 'card_error',
        code: result.code,
        ...(result.declineCode ? { decline_code: result.declineCode } : {}),
        message: result.message,
        doc_url: docUrl(result.code),
      });
    }
    paymentMethod.customer = customer.id;
    return [200, pmView(paymentMethod)];
  }

  /** Who calls: the secret key (Authorization: Bearer), or Stripe.js's publishable key (`key`). */
  function callerOf(req: IncomingMessage, params: Record<string, any>): Caller {
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    const key = bearer ?? (typeof params.key === 'string' ? params.key : undefined);
    const account = (req.headers['stripe-account'] as string | undefined) ?? params._stripe_account ?? null;
    if (!key) {
      throw new Refusal(401, {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      });
    }
    if (key === secretKey) return { auth: 'secret', account };
    if (key === publishableKey) return { auth: 'publishable', account };
    throw new Refusal(401, {
      type: 'invalid_request_error',
      code: 'api_key_invalid',
      message: `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(12)}${key.slice(-4)}`,
    });
  }

  /** Stripe's API: PaymentIntents, Customers and PaymentMethods, with idempotency keys for POSTs. */
  function api(req: IncomingMessage, path: string, params: Record<string, any>, seen: SeenRequest): [number, unknown] {
    const caller = callerOf(req, params);
    Object.assign(seen, { auth: caller.auth, account: caller.account });
    const method = req.method ?? 'GET';
    const match = /^\/v1\/payment_intents(?:\/(pi_[\w-]+))?(?:\/(confirm|capture|cancel))?$/.exec(path);
    const [, intentId, action] = match ?? [];
    const customerRoute = /^\/v1\/customers(?:\/([\w-]+))?$/.exec(path);
    const methodRoute = /^\/v1\/payment_methods\/([\w-]+)(?:\/(attach))?$/.exec(path);
    // Stripe.js may only read and confirm an intent whose client secret it holds.
    const browserMay = method === 'GET' ? Boolean(intentId) && !action : action === 'confirm';
    if (caller.auth === 'publishable' && !browserMay) {
      throw new Refusal(401, {
        type: 'invalid_request_error',
        message:
          'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
      });
    }
    const handle = (): [number, unknown] => {
      if (customerRoute && method === 'POST' && !customerRoute[1]) return createCustomer(params, caller);
      if (customerRoute?.[1] && method === 'GET')
        return [200, customerView(customerOf(customerRoute[1], caller, 'id'))];
      if (methodRoute && method === 'POST' && methodRoute[2] === 'attach') {
        return attach(methodRoute[1] as string, params, caller);
      }
      if (methodRoute && method === 'GET' && !methodRoute[2]) {
        return [200, pmView(paymentMethodById(methodRoute[1] as string, caller))];
      }
      if (match && method === 'POST' && !intentId) return create(params, caller);
      if (match && intentId) {
        const intent = find(intentId, caller, params);
        if (method === 'GET' && !action) return [200, view(intent, caller, listOf(params.expand))];
        if (method === 'POST' && !action) return update(intent, params, caller);
        if (method === 'POST' && action === 'confirm') return confirm(intent, params, caller);
        if (method === 'POST' && action === 'capture') return captureIntent(intent, params, caller);
        if (method === 'POST' && action === 'cancel') return cancel(intent, params, caller);
      }
      throw new Refusal(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      });
    };
    const key = req.headers['idempotency-key'] as string | undefined;
    if (method !== 'POST' || !key) return answer(handle);
    // Keys are scoped to the API key and the account; a key reused for another request is refused.
    const scope = `${caller.auth}:${caller.account ?? ''}:${key}`;
    const fingerprint = `${method} ${path} ${JSON.stringify(params)}`;
    const before = idempotent.get(scope);
    if (before) {
      if (before.fingerprint !== fingerprint) {
        throw new Refusal(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      }
      seen.replayed = true;
      return [before.status, before.body];
    }
    const [status, body] = answer(handle);
    idempotent.set(scope, { fingerprint, status, body });
    return [status, body];
  }

  function answer(handle: () => [number, unknown]): [number, unknown] {
    try {
      return handle();
    } catch (err) {
      if (err instanceof Refusal) return [err.status, { error: err.error }];
      throw err;
    }
  }

  /** hooks.stripe.com: the issuer's test page, and how it ends (completed: authorized; failed: back to a card). */
  function hooks(req: IncomingMessage, path: string, params: Record<string, any>): [number, string, string] {
    if (path === '/three-d-secure.js') return [200, assets.challengeScript.type, assets.challengeScript.body];
    const source = /^\/redirect\/authenticate\/(src_[\w-]+)$/.exec(path)?.[1];
    const intent = [...intents.values()].find((i) => i.challenge && i.challenge.source === source);
    if (!intent?.challenge || params.client_secret !== intent.challenge.secret) {
      return [404, 'text/plain', 'This authentication has ended or does not exist.'];
    }
    if (req.method === 'GET') return [200, assets.challenge.type, assets.challenge.body];
    if (params.outcome === 'complete') {
      authorize(intent, intent.challenge.risk);
    } else {
      intent.challenge = null;
      intent.status = 'requires_payment_method';
      const paymentMethod = pmView(intent.paymentMethod as PaymentMethod);
      intent.paymentMethod = null;
      intent.lastPaymentError = {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message: AUTHENTICATION_FAILED,
        doc_url: docUrl('payment_intent_authentication_failure'),
        payment_method: paymentMethod,
      };
    }
    return [200, 'application/json', JSON.stringify({ status: intent.status })];
  }

  /** js.stripe.com: the script (every URL @stripe/stripe-js may load) and the Payment Element's frame. */
  function js(path: string): [number, string, string] {
    const file =
      path === '/v3' || path === '/v3/' || /^\/(v3|[a-z]+)\/stripe\.js$/.test(path)
        ? assets.stripe
        : path === '/v3/elements-inner-payment.html'
          ? assets.frame
          : path === '/v3/elements-inner-payment.js'
            ? assets.frameScript
            : null;
    return file ? [200, file.type, file.body] : [404, 'text/plain', 'Not found'];
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const host = (req.headers['x-forwarded-host'] as string | undefined) ?? 'api.stripe.com';
      const raw = req.method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8');
      const params = parseStripeForm(raw);
      const seen: SeenRequest = {
        host,
        method: req.method ?? 'GET',
        path: url.pathname,
        params,
        auth: null,
        account: null,
        idempotencyKey: (req.headers['idempotency-key'] as string | undefined) ?? null,
        origin: req.headers.origin ?? null,
        status: 0,
        replayed: false,
      };
      let status: number;
      let type = 'application/json';
      let body: string;
      if (host === 'api.stripe.com') {
        const [s, json] = answer(() => api(req, url.pathname, params, seen));
        [status, body] = [s, JSON.stringify(json)];
      } else {
        [status, type, body] = host === 'hooks.stripe.com' ? hooks(req, url.pathname, params) : js(url.pathname);
      }
      seen.status = status;
      requests.push(seen);
      res.writeHead(status, {
        'content-type': `${type}; charset=utf-8`,
        'request-id': id('req', 14),
        // Stripe's API answers any origin: Stripe.js calls it from the page and from its frames.
        'access-control-allow-origin': '*',
        ...(seen.replayed ? { 'idempotent-replayed': 'true' } : {}),
      });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    secretKey,
    publishableKey,
    env: { STRIPE_SECRET_KEY: secretKey, STRIPE_PUBLISHABLE_KEY: publishableKey, STRIPE_API_BASE: url },
    requests,
    authorizations,
    captures,
    intents: () => [...intents.values()],
    customers: () => [...customers.values()],
    paymentMethods: () => [...paymentMethods.values()],
    intentsOfSession: (sessionId) => [...intents.values()].filter((i) => i.metadata.session_id === sessionId),
    async route(context) {
      await context.route(/^https:\/\/(js|api|hooks)\.stripe\.com\//, async (route) => {
        const request = route.request();
        const target = new URL(request.url());
        const sent = await request.allHeaders();
        const headers: Record<string, string> = { 'x-forwarded-host': target.hostname };
        for (const name of ['authorization', 'content-type', 'origin', 'stripe-account', 'idempotency-key']) {
          if (sent[name]) headers[name] = sent[name];
        }
        const body = request.postDataBuffer();
        const res = await fetch(`${url}${target.pathname}${target.search}`, {
          method: request.method(),
          headers,
          body: body ? new Uint8Array(body) : undefined,
        });
        const answered: Record<string, string> = {};
        for (const name of ['content-type', 'request-id', 'access-control-allow-origin', 'idempotent-replayed']) {
          const value = res.headers.get(name);
          if (value) answered[name] = value;
        }
        await route.fulfill({ status: res.status, headers: answered, body: Buffer.from(await res.arrayBuffer()) });
      });
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // keep-alive sockets of the platform's Stripe client
      }),
  };
}
