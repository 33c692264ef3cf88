import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { sandboxPaymentIntents } from '../../src/db/schema';
import { intentBody } from '../support/booking';
import { eventually } from '../support/cli';
import { type DatabaseLocation, drivers, open } from '../support/databases';
import { seededLocation, spawnServer, type Target } from '../support/servers';

// The money path's log hygiene (docs/decisions/money-path.md): when the database refuses a write, nothing has reached the processor yet,
// and the server's log names the request id, never the key, the client secret or the customer.
describe.each(drivers())('a failing write, on %s', (driver) => {
  const locations: DatabaseLocation[] = [];
  afterAll(async () => {
    for (const l of locations) await l.dispose();
  });

  it('leaves no payment behind and no secret or customer detail in the log', async () => {
    const { location, fixtures } = await seededLocation(driver, 'logs');
    locations.push(location);
    const server = await spawnServer('standalone', location.env, { SVC_RATE_LIMIT_PER_MINUTE: '100000' });
    const target: Target = {
      name: 'logs',
      kind: 'standalone',
      driver,
      baseUrl: server.baseUrl,
      env: location.env,
      fixtures,
    };
    const key = fixtures.acme.server;
    const post = (body: unknown) =>
      fetch(`${server.baseUrl}/booking/v1/intents`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    try {
      const db = await open(location);
      // The database refuses these sessions' rows: the first on insert, the second once it holds a secret.
      await db.db.execute(
        sql.raw(
          `alter table booking_sessions add constraint refuse_boom check (session_id not like 'ses_boom%') not valid`,
        ),
      );
      await db.db.execute(
        sql.raw(
          `alter table booking_sessions add constraint refuse_bang check (client_secret is null or session_id not like 'ses_bang%') not valid`,
        ),
      );

      const customer = { name: 'Secret Person', email: 'secret.person@example.com', phone: '+1 212 555 0142' };
      const boom = intentBody(target, { session_id: 'ses_boom_0001', customer, delivery_address: '77 Hidden Lane' });
      const first = await post(boom);
      expect(first.status).toBe(500);
      const firstBody = (await first.json()) as any;
      expect(firstBody.error.code).toBe('internal');
      // Nothing outside our database happened before the session row existed.
      const made = await db.db
        .select()
        .from(sandboxPaymentIntents)
        .where(sql`${sandboxPaymentIntents.metadata}->>'session_id' = 'ses_boom_0001'`);
      expect(made).toEqual([]);

      const bang = intentBody(target, { session_id: 'ses_bang_0001', customer, delivery_address: '77 Hidden Lane' });
      expect((await post(bang)).status).toBe(500);
      const [secret] = await db.db
        .select({ clientSecret: sandboxPaymentIntents.clientSecret })
        .from(sandboxPaymentIntents)
        .where(sql`${sandboxPaymentIntents.metadata}->>'session_id' = 'ses_bang_0001'`);
      await db.close();

      const nul = await post(intentBody(target, { customer: { ...customer, name: 'Secret\u0000Person' } }));
      expect(nul.status).toBe(400);

      const requestId = firstBody.error.message.match(/Request id: ([\w-]+)/)[1];
      // Lines are written in batches, at the latest a second after they are logged (lib/log.ts).
      await eventually(async () => expect(server.output()).toMatch(/"status":400/));
      const log = server.output();
      expect(first.headers.get('x-request-id')).toBe(requestId);
      expect(log).toContain(requestId);
      // Production logs are JSON lines, one per request: what was asked, how it ended, for which company.
      const lines = log
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const ofFirst = lines.filter((l) => l.request_id === requestId);
      expect(ofFirst.find((l) => l.msg === 'request')).toMatchObject({
        level: 'error',
        surface: 'booking',
        operation: 'createIntent',
        method: 'POST',
        status: 500,
        company_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        duration_ms: expect.any(Number),
      });
      expect(ofFirst.find((l) => l.msg === 'unexpected error')?.err).toContain('database query failed');
      const refused = lines.find((l) => l.msg === 'request' && l.status === 400);
      expect(refused).toMatchObject({ operation: 'createIntent', level: 'info' });
      for (const value of [
        key,
        customer.email,
        customer.phone,
        customer.name,
        '77 Hidden Lane',
        'Secret\u0000Person',
      ]) {
        expect(log, `the log holds ${value}`).not.toContain(value);
      }
      if (secret) expect(log).not.toContain(secret.clientSecret);
      expect(log).not.toMatch(/_secret_/);
    } finally {
      await server.stop();
    }
  });
});
