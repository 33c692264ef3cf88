import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { createSandboxProcessor } from '../../src/payments/sandbox';
import { createLocation, type DatabaseLocation, drivers, open } from '../support/databases';

// The sandbox processor behaves as Stripe does where money is concerned: an idempotency key replays the
// same request only; reused with other parameters it is refused (Stripe: idempotency_error).
describe.each(drivers())('the sandbox processor on %s', (driver) => {
  let location: DatabaseLocation;
  let database: Database;
  beforeAll(async () => {
    location = await createLocation(driver, 'sandbox');
    database = await open(location);
  });
  afterAll(async () => {
    await database?.close();
    await location?.dispose();
  });

  const input = (over: Partial<Parameters<ReturnType<typeof createSandboxProcessor>['createIntent']>[0]> = {}) => ({
    amountCents: 10_000,
    currency: 'USD',
    idempotencyKey: `key-${driver}`,
    account: null,
    metadata: { company: 'acme', session_id: 'ses_1' },
    ...over,
  });

  it('replays the same intent for the same key and parameters, with its metadata', async () => {
    const sandbox = createSandboxProcessor(database.db);
    const a = await sandbox.createIntent(input());
    const b = await sandbox.createIntent(input());
    expect(b.id).toBe(a.id);
    expect(a).toMatchObject({
      amountCents: 10_000,
      currency: 'usd',
      metadata: { company: 'acme', session_id: 'ses_1' },
    });
  });

  it.each([
    ['another amount', { amountCents: 1 }],
    ['another currency', { currency: 'CAD' }],
    ['other metadata', { metadata: { company: 'acme', session_id: 'ses_2' } }],
    ['another account', { account: 'acct_1' }],
  ])('refuses the key reused with %s', async (_name, over) => {
    const sandbox = createSandboxProcessor(database.db);
    await sandbox.createIntent(input());
    await expect(sandbox.createIntent(input(over))).rejects.toMatchObject({ code: 'idempotency_error' });
  });
});
