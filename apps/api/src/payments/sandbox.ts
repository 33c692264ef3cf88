import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/client';
import {
  findSandboxIntent,
  findSandboxPaymentMethod,
  insertOrGetSandboxIntent,
  type SandboxIntentRow,
  transitionSandboxIntent,
} from '../db/repositories/sandbox-intents';
import type { sandboxPaymentIntents } from '../db/schema';
import type { ChargeSavedInput, CreateIntentInput, Processor, ProcessorIntent } from './processor';

/**
 * The built-in processor of the embedded default: PaymentIntents with manual capture, kept in our own
 * database, and confirmed by the sandbox's card endpoint (payments/sandbox-api.ts) the way Stripe.js
 * confirms with Stripe: card numbers never reach the Booking API.
 */
export const SANDBOX_PUBLISHABLE_KEY = 'pk_sandbox_svc';

const toIntent = (row: SandboxIntentRow): ProcessorIntent => ({
  id: row.id,
  clientSecret: row.clientSecret,
  amountCents: row.amountCents,
  currency: row.currency,
  status: row.status,
  riskLevel: row.riskLevel,
  declineCode: row.declineCode,
  metadata: row.metadata as Record<string, string>,
  paymentMethod: row.paymentMethod,
});

export class SandboxIntentError extends Error {
  constructor(
    readonly code: 'resource_missing' | 'payment_intent_unexpected_state' | 'idempotency_error',
    message: string,
  ) {
    super(message);
  }
}

function sameRequest(
  row: SandboxIntentRow,
  input: Pick<CreateIntentInput, 'amountCents' | 'currency' | 'account' | 'metadata' | 'customer'>,
): boolean {
  const sorted = (m: unknown) => JSON.stringify(Object.entries(m as Record<string, string>).sort());
  return (
    row.amountCents === input.amountCents &&
    row.currency === input.currency.toLowerCase() &&
    row.account === input.account &&
    row.customer === (input.customer ?? null) &&
    sorted(row.metadata) === sorted(input.metadata)
  );
}

export function createSandboxProcessor(db: Queryable): Processor {
  /**
   * A new intent for an idempotency key, or the one the key made first: as Stripe, a key replays its first
   * request only, and other parameters are an idempotency_error.
   */
  async function open(
    input: Pick<CreateIntentInput, 'idempotencyKey' | 'amountCents' | 'currency' | 'account' | 'metadata' | 'customer'>,
    state: Partial<typeof sandboxPaymentIntents.$inferInsert> & { status: SandboxIntentRow['status'] },
  ) {
    const id = `pi_sbx_${randomBytes(12).toString('hex')}`;
    const row = await insertOrGetSandboxIntent(db, {
      id,
      clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      idempotencyKey: input.idempotencyKey,
      amountCents: input.amountCents,
      currency: input.currency.toLowerCase(),
      account: input.account,
      customer: input.customer ?? null,
      metadata: input.metadata,
      ...state,
    });
    if (!sameRequest(row, input)) {
      throw new SandboxIntentError(
        'idempotency_error',
        'Keys for idempotent requests can only be used with the same parameters they were first used with.',
      );
    }
    return toIntent(row);
  }
  async function load(id: string) {
    const row = await findSandboxIntent(db, id);
    if (!row) throw new SandboxIntentError('resource_missing', `No such payment intent: ${id}`);
    return row;
  }
  return {
    kind: 'sandbox',
    publishableKey: SANDBOX_PUBLISHABLE_KEY,
    createIntent: (input: CreateIntentInput) =>
      open(input, {
        status: 'requires_payment_method',
        maxFailedAttempts: input.maxFailedAttempts ?? null,
        setupFutureUsage: input.saveCard && input.customer ? 'off_session' : null,
      }),
    async createCustomer({ idempotencyKey }) {
      // The sandbox keeps no customers of its own: one id per idempotency key, the cards saved to it.
      return `cus_sbx_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`;
    },
    async chargeSaved(input: ChargeSavedInput) {
      const method = await findSandboxPaymentMethod(db, input.paymentMethod);
      if (!method || method.customer !== input.customer) {
        throw new SandboxIntentError('resource_missing', `No such payment method: ${input.paymentMethod}`);
      }
      // As Stripe off-session: authorized, or waiting for the customer with the reason.
      return open(
        input,
        method.later === 'succeeds'
          ? { status: 'requires_capture', riskLevel: 'normal', paymentMethod: method.id, cardLast4: method.cardLast4 }
          : {
              status: 'requires_payment_method',
              declineCode: method.later === 'declined' ? 'generic_decline' : 'authentication_required',
              cardLast4: method.cardLast4,
            },
      );
    },
    async retrieveIntent(id) {
      return toIntent(await load(id));
    },
    async capture(id) {
      const row = await transitionSandboxIntent(db, id, ['requires_capture'], { status: 'succeeded' });
      if (row) return toIntent(row);
      const current = await load(id);
      if (current.status === 'succeeded') return toIntent(current); // capturing twice is harmless
      throw new SandboxIntentError('payment_intent_unexpected_state', `Cannot capture a ${current.status} intent`);
    },
    async cancel(id) {
      const row = await transitionSandboxIntent(
        db,
        id,
        ['requires_payment_method', 'requires_action', 'requires_capture'],
        {
          status: 'canceled',
        },
      );
      return toIntent(row ?? (await load(id)));
    },
  };
}
