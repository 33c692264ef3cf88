import type Stripe from 'stripe';
import {
  type ChargeSavedInput,
  type CreateIntentInput,
  type Processor,
  type ProcessorIntent,
  ProcessorUnavailable,
} from './processor';

export type StripeSettings = {
  secretKey: string;
  publishableKey: string;
  /** Where Stripe's API is; tests point it at a local stand-in. Default https://api.stripe.com. */
  apiBase?: string;
  timeoutMs?: number;
};

/**
 * Stripe PaymentIntents with manual capture: authorized in the customer's browser by the Payment Element,
 * captured by us once the order exists. Canadian companies take payments on their connected account
 * (the Stripe-Account header). Radar's risk level of the charge is the fraud signal.
 */
export function createStripeProcessor(settings: StripeSettings): Processor {
  const base = new URL(settings.apiBase ?? 'https://api.stripe.com');
  // Stripe's SDK is loaded when a Stripe processor is made (once, at the platform's start, when Stripe is
  // configured), not with the module: about 0.2 s of CPU, which every CLI call and server start paid.
  const loaded = import('stripe').then(({ default: StripeSdk }) => ({
    StripeSdk,
    stripe: new StripeSdk(settings.secretKey, {
      host: base.hostname,
      port: base.port || (base.protocol === 'http:' ? '80' : '443'),
      protocol: base.protocol === 'http:' ? 'http' : 'https',
      maxNetworkRetries: 2,
      timeout: settings.timeoutMs ?? 10_000,
      telemetry: false,
    }),
  }));
  loaded.catch(() => undefined); // its failure is each call's to throw, not an unhandled rejection
  const on = (account: string | null) => (account ? { stripeAccount: account } : {});

  async function call<T>(request: (stripe: Stripe) => Promise<T>): Promise<T> {
    const { StripeSdk, stripe } = await loaded;
    try {
      return await request(stripe);
    } catch (err) {
      if (err instanceof StripeSdk.errors.StripeConnectionError || err instanceof StripeSdk.errors.StripeAPIError) {
        throw new ProcessorUnavailable(`stripe: ${err.message}`, { cause: err });
      }
      throw err;
    }
  }

  return {
    kind: 'stripe',
    publishableKey: settings.publishableKey,
    async createIntent(input: CreateIntentInput) {
      const intent = await call((stripe) =>
        stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency.toLowerCase(),
            capture_method: 'manual',
            automatic_payment_methods: { enabled: true },
            metadata: input.metadata,
            // The card is saved to the customer for the company's later charges (docs/decisions/my-booking.md).
            ...(input.customer ? { customer: input.customer } : {}),
            ...(input.customer && input.saveCard ? { setup_future_usage: 'off_session' as const } : {}),
          },
          { idempotencyKey: input.idempotencyKey, ...on(input.account) },
        ),
      );
      return toIntent(intent);
    },
    async createCustomer({ idempotencyKey, email, name, account }) {
      const customer = await call((stripe) =>
        stripe.customers.create({ email, name }, { idempotencyKey, ...on(account) }),
      );
      return customer.id;
    },
    async chargeSaved(input: ChargeSavedInput) {
      const { StripeSdk } = await loaded;
      try {
        return toIntent(
          await call((stripe) =>
            stripe.paymentIntents.create(
              {
                amount: input.amountCents,
                currency: input.currency.toLowerCase(),
                capture_method: 'manual',
                customer: input.customer,
                payment_method: input.paymentMethod,
                off_session: true,
                confirm: true,
                // No customer at hand to follow a redirect: a bank that asks for one answers authentication_required.
                automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
                metadata: input.metadata,
              },
              { idempotencyKey: input.idempotencyKey, ...on(input.account) },
            ),
          ),
        );
      } catch (err) {
        // Declined or authentication_required: Stripe answers 402 with the intent, which waits for the customer.
        const intent = err instanceof StripeSdk.errors.StripeCardError ? err.payment_intent : undefined;
        if (intent) return toIntent(intent);
        throw err;
      }
    },
    async retrieveIntent(id, account) {
      return toIntent(
        await call((stripe) => stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }, on(account))),
      );
    },
    async capture(id, account) {
      const captured = await call((stripe) =>
        stripe.paymentIntents.capture(id, {}, { idempotencyKey: `capture-${id}`, ...on(account) }),
      );
      // What was captured, not what was authorized: a short capture must not pass for the whole amount
      // (use-cases/shared/capture.ts compares it with the payment record).
      return { ...toIntent(captured), amountCents: captured.amount_received };
    },
    async cancel(id, account) {
      return toIntent(await call((stripe) => stripe.paymentIntents.cancel(id, {}, on(account))));
    },
  };
}

function toIntent(intent: Stripe.PaymentIntent): ProcessorIntent {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const risk = charge?.outcome?.risk_level;
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    amountCents: intent.amount,
    currency: intent.currency,
    status: toStatus(intent.status),
    riskLevel: risk === 'elevated' || risk === 'highest' ? 'elevated' : risk ? 'normal' : null,
    declineCode: intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? null,
    metadata: { ...intent.metadata },
    paymentMethod:
      typeof intent.payment_method === 'string' ? intent.payment_method : (intent.payment_method?.id ?? null),
  };
}

const KNOWN: ProcessorIntent['status'][] = ['requires_capture', 'succeeded', 'canceled', 'requires_action'];

/** requires_payment_method, requires_confirmation and processing all mean: not authorized yet. */
function toStatus(status: string): ProcessorIntent['status'] {
  return KNOWN.find((s) => s === status) ?? 'requires_payment_method';
}
