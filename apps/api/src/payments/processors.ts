import type { Db } from '../db/client';
import type { Company } from '../domain/catalog';
import type { Processor } from './processor';
import { createSandboxProcessor } from './sandbox';
import { createStripeProcessor } from './stripe';

/**
 * The processor of each company: its configured kind, when the platform has it. The sandbox is always
 * there; Stripe when STRIPE_SECRET_KEY (and its publishable key) are set.
 */
export function processorsFor(
  db: Db,
  env: { stripeSecretKey?: string; stripePublishableKey?: string; stripeApiBase?: string },
): (company: Company) => Processor | null {
  const sandbox = createSandboxProcessor(db);
  const stripe =
    env.stripeSecretKey && env.stripePublishableKey
      ? createStripeProcessor({
          secretKey: env.stripeSecretKey,
          publishableKey: env.stripePublishableKey,
          apiBase: env.stripeApiBase,
        })
      : null;
  return (company) => (company.processor.kind === 'stripe' ? stripe : sandbox);
}
