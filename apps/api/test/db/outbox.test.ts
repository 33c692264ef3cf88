import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { scopeOf } from '../../src/cli/common';
import type { Database } from '../../src/db/client';
import { findCompanyBySlug } from '../../src/db/repositories/catalog';
import { enqueueMessages, enqueueWebhooks, listOutbox } from '../../src/db/repositories/outbox';
import { outbox, webhookEndpoints } from '../../src/db/schema';
import { todayIn } from '../../src/domain/dates';
import { DATA_EVENTS } from '../../src/domain/events';
import type { Scope } from '../../src/domain/scope';
import { DATA_RETRY_SECONDS, endpointBackoff, maxAttempts, RETRY_SECONDS } from '../../src/events/backoff';
import { channelsFromEnv } from '../../src/events/channels';
import { deliverDue } from '../../src/events/deliver';
import { verifySignature } from '../../src/events/signature';
import { checkWebhookTarget } from '../../src/events/ssrf';
import { applyCompanyConfig } from '../../src/use-cases/company/apply-config';
import { decideDataApi, requestDataApi, setDataApiEnabled } from '../../src/use-cases/data/access';
import { addWebhookEndpoint, removeWebhookEndpoint } from '../../src/use-cases/webhooks/endpoints';
import { createLocation, type DatabaseLocation, drivers, open } from '../support/databases';
import { ACME_TZ, acmeConfig } from '../support/fixtures';
import { receiver } from '../support/receiver';

describe('webhook targets (SSRF)', () => {
  const reasonFor = async (url: string, local: boolean) => {
    const check = await checkWebhookTarget(new URL(url), local);
    return check.ok ? null : check.reason;
  };
  it.each([
    ['https://127.0.0.1/x', /loopback/],
    ['https://10.1.2.3/x', /private/],
    ['https://[::1]/x', /loopback/],
    ['https://192.168.0.5/x', /private/],
    ['http://example.com/x', /https/],
  ])('refuses %s', async (url, reason) => {
    expect(await reasonFor(url, false)).toMatch(reason);
  });
  it('refuses IPv4-mapped IPv6 loopback', async () => {
    expect(await reasonFor('https://[::ffff:127.0.0.1]/x', false)).toMatch(/loopback/);
  });
  it('allows a public https address, and loopback in development', async () => {
    expect(await reasonFor('https://93.184.216.34/x', false)).toBeNull();
    expect(await reasonFor('http://127.0.0.1:9/x', true)).toBeNull();
  });
});

describe.each(drivers())('the outbox worker on %s', (driver) => {
  let location: DatabaseLocation;
  let database: Database;
  let companyId: string;
  const acme = (): Scope => ({ companyId, actor: { kind: 'cli' } });
  let endpointId: string;
  let secret: string;
  let hookUrl: string;
  const hook = receiver();
  const noChannels = { email: null, sms: null };
  let clock = Date.now();
  const deliver = (extra: Partial<Parameters<typeof deliverDue>[0]> = {}) =>
    deliverDue({
      db: database.db,
      channels: noChannels,
      now: () => new Date(clock),
      allowLocalWebhooks: true,
      ...extra,
    });
  const rows = async () => (await listOutbox(database.db, companyId)).filter((r) => r.channel === 'webhook');

  beforeAll(async () => {
    location = await createLocation(driver, 'outbox');
    database = await open(location);
    await applyCompanyConfig(database, acmeConfig(todayIn(ACME_TZ, new Date())));
    companyId = (await findCompanyBySlug(database.db, 'acme'))?.id as string;
    const url = await hook.start();
    hookUrl = url;
    process.env.SVC_WEBHOOK_ALLOW_HTTP = '1';
    const endpoint = await addWebhookEndpoint(database, acme(), { url });
    endpointId = endpoint.id;
    secret = endpoint.secret;
  });
  afterAll(async () => {
    delete process.env.SVC_WEBHOOK_ALLOW_HTTP;
    await hook.stop();
    await database?.close();
    await location?.dispose();
  });
  beforeEach(async () => {
    hook.received.length = 0;
    hook.answerWith((res) => res.writeHead(200).end('ok'));
    // A minute ahead of the database's clock, so rows the test enqueues are due even when a loaded machine
    // takes seconds between here and the enqueue (a second was not enough on a busy CI run).
    clock = Date.now() + 60_000;
    // Each test sees only its own webhooks: retries an earlier test left pending would fall due on this clock.
    await database.db
      .update(outbox)
      .set({ status: 'failed', lastError: 'left by an earlier test' })
      .where(and(eq(outbox.status, 'pending'), eq(outbox.channel, 'webhook')));
    await database.db
      .update(webhookEndpoints)
      .set({ enabled: true, consecutiveFailures: 0, retryAt: null })
      .where(eq(webhookEndpoints.id, endpointId));
  });

  it('takes at most three endpoints a company', async () => {
    const more = await Promise.all(
      [2, 3].map((n) =>
        addWebhookEndpoint(
          database,
          acme(),
          { url: `https://hooks${n}.acme.example/svc`, events: ['booking.held'] },
          false,
        ),
      ),
    );
    await expect(
      addWebhookEndpoint(database, acme(), { url: 'https://hooks4.acme.example/svc' }, false),
    ).rejects.toThrow(/at most 3 webhook endpoints for the Booking API/);
    await expect(
      addWebhookEndpoint(database, acme(), { url: 'https://x.example', events: ['order.created'] }, false),
    ).rejects.toThrow(/unknown events for the Booking API: order.created/);
    // The Data API's endpoints are counted apart, and take the Data API's events only.
    const data = await addWebhookEndpoint(
      database,
      acme(),
      { url: 'https://data.acme.example/svc', api: 'data' },
      false,
    );
    expect(data).toMatchObject({ api: 'data', events: [...DATA_EVENTS] });
    await expect(
      addWebhookEndpoint(
        database,
        acme(),
        { url: 'https://x.example', api: 'data', events: ['lead.created', 'booking.completed'] },
        false,
      ),
    ).rejects.toThrow(/unknown events for the Data API: booking.completed/);
    for (const e of [...more, data]) await removeWebhookEndpoint(database, acme(), e.id);
  });

  it('delivers a signed event the receiver can verify', async () => {
    await enqueueWebhooks(database.db, companyId, 'booking', 'booking.completed', { order_number: 1001 });
    expect(await deliver()).toMatchObject({ delivered: 1 });
    const [got] = hook.received;
    expect(JSON.parse(got?.body as string)).toEqual({
      event: 'booking.completed',
      created_at: expect.any(String),
      data: { order_number: 1001 },
    });
    const header = got?.headers['x-svc-signature'] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(secret, got?.body as string, header, Math.floor(clock / 1000))).toBe(true);
    expect(verifySignature(secret, `${got?.body} `, header, Math.floor(clock / 1000))).toBe(false);
    expect(verifySignature('svc_wh_other', got?.body as string, header, Math.floor(clock / 1000))).toBe(false);
    expect(verifySignature(secret, got?.body as string, header, Math.floor(clock / 1000) + 301)).toBe(false);
    expect((await rows()).at(-1)).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(await deliver()).toMatchObject({ delivered: 0, failed: 0 });
  });

  /** Points the endpoint at another URL for one test, as if it had been stored before today's checks. */
  async function withEndpointUrl(url: string, run: () => Promise<void>) {
    const [{ url: before }] = (await database.db
      .select({ url: webhookEndpoints.url })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpointId))) as [{ url: string }];
    await database.db.update(webhookEndpoints).set({ url }).where(eq(webhookEndpoints.id, endpointId));
    try {
      await run();
    } finally {
      await database.db.update(webhookEndpoints).set({ url: before }).where(eq(webhookEndpoints.id, endpointId));
    }
  }

  it.each([
    'https://169.254.169.254/latest/meta-data',
    'http://10.0.0.1/hooks',
    'https://[::ffff:a9fe:a9fe]/x',
    'http://0.0.0.0/x',
    'https://user:pass@hooks.acme.example/x',
  ])('never requests a stored endpoint at %s, even in local mode', async (url) => {
    await withEndpointUrl(url, async () => {
      await enqueueWebhooks(database.db, companyId, 'booking', 'booking.completed', { order_number: 1090 });
      expect(await deliver()).toMatchObject({ delivered: 0, failed: 1 });
      expect((await rows()).at(-1)?.lastError).toMatch(/^refused: /);
    });
  });

  it('connects to the address it checked, not to a second answer for the name (DNS rebinding)', async () => {
    const port = new URL(hookUrl).port;
    const answers = ['127.0.0.1', '10.0.0.9'];
    const lookups: string[] = [];
    const resolve = async (host: string) => {
      lookups.push(host);
      const address = answers[Math.min(lookups.length - 1, 1)] as string;
      return [{ address, family: 4 as const }];
    };
    await withEndpointUrl(`http://receiver.test:${port}/hooks`, async () => {
      await enqueueWebhooks(database.db, companyId, 'booking', 'booking.completed', { order_number: 1091 });
      expect(await deliver({ resolve })).toMatchObject({ delivered: 1 });
      expect(lookups).toEqual(['receiver.test']);
      expect(hook.received.at(-1)?.headers.host).toBe(`receiver.test:${port}`);
      // The next lookup of the name answers a private address: refused, and nothing is sent.
      await enqueueWebhooks(database.db, companyId, 'booking', 'booking.completed', { order_number: 1092 });
      expect(await deliver({ resolve })).toMatchObject({ delivered: 0, failed: 1 });
      expect((await rows()).at(-1)?.lastError).toMatch(/receiver.test is a private/);
      expect(hook.received).toHaveLength(1);
    });
  });

  it('retries a receiver that fails on the backoff schedule, then delivers', async () => {
    hook.answerWith((res) => res.writeHead(500).end());
    await enqueueWebhooks(database.db, companyId, 'booking', 'booking.held', { order_number: 1002 });
    expect(await deliver()).toMatchObject({ failed: 1 });
    let row = (await rows()).at(-1);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'HTTP 500' });
    expect(row?.nextAttemptAt.getTime()).toBe(clock + RETRY_SECONDS[0] * 1000);
    clock += (RETRY_SECONDS[0] - 1) * 1000;
    expect(await deliver()).toMatchObject({ delivered: 0, failed: 0 }); // not due yet
    clock += 2000;
    hook.answerWith((res) => res.writeHead(204).end());
    expect(await deliver()).toMatchObject({ delivered: 1 });
    row = (await rows()).at(-1);
    expect(row).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(hook.received).toHaveLength(2);
  });

  it('counts a receiver that never answers as a failure', async () => {
    hook.answerWith(() => {}); // hangs
    await enqueueWebhooks(database.db, companyId, 'booking', 'booking.released', { order_number: 1003 });
    expect(await deliver({ timeoutMs: 200 })).toMatchObject({ failed: 1 });
    expect((await rows()).at(-1)).toMatchObject({ status: 'pending', lastError: 'no answer in 200 ms' });
    hook.answerWith((res) => res.writeHead(200).end());
    clock += RETRY_SECONDS[0] * 1000;
    expect(await deliver()).toMatchObject({ delivered: 1 });
  });

  it('gives a delivery up after about an hour of retries', async () => {
    hook.answerWith((res) => res.writeHead(503).end());
    await enqueueWebhooks(database.db, companyId, 'booking', 'booking.completed', { order_number: 1004 });
    for (let i = 0; i <= RETRY_SECONDS.length; i++) {
      expect(await deliver()).toMatchObject({ failed: 1 });
      clock += (RETRY_SECONDS[i] ?? 0) * 1000;
    }
    expect((await rows()).at(-1)).toMatchObject({ status: 'failed', attempts: RETRY_SECONDS.length + 1 });
    expect(RETRY_SECONDS.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(55 * 60);
  });

  it("writes the Data API's webhooks only while the company's access is approved and switched on", async () => {
    const data = await addWebhookEndpoint(database, acme(), { url: hookUrl, api: 'data', events: ['lead.created'] });
    const written = async (id: string) => {
      await enqueueWebhooks(database.db, companyId, 'data', 'lead.created', { id });
      return (await rows()).filter((r) => r.endpointId === data.id && (r.payload as { id: string }).id === id).length;
    };
    try {
      expect(await written('none-yet')).toBe(0);
      await requestDataApi(database, await scopeOf(database, 'acme'), 'Leads into our CRM', new Date());
      expect(await written('requested')).toBe(0);
      await decideDataApi(database, await scopeOf(database, 'acme'), 'approved', new Date());
      expect(await written('approved')).toBe(1);
      await setDataApiEnabled(database, await scopeOf(database, 'acme'), false);
      expect(await written('switched-off')).toBe(0);
      await setDataApiEnabled(database, await scopeOf(database, 'acme'), true);
      await decideDataApi(database, await scopeOf(database, 'acme'), 'revoked', new Date());
      expect(await written('revoked')).toBe(0);
      // The Booking API's webhooks do not depend on it.
      expect(await enqueueWebhooks(database.db, companyId, 'booking', 'booking.completed', { order_number: 1 })).toBe(
        1,
      );
    } finally {
      await decideDataApi(database, await scopeOf(database, 'acme'), 'approved', new Date());
      await deliver();
      await removeWebhookEndpoint(database, acme(), data.id);
    }
  });

  it('gives a Data API delivery up after 5 attempts in all, on its own schedule', async () => {
    const data = await addWebhookEndpoint(database, acme(), { url: hookUrl, api: 'data', events: ['lead.created'] });
    try {
      hook.answerWith((res) => res.writeHead(500).end());
      await enqueueWebhooks(database.db, companyId, 'data', 'lead.created', { id: 'lead-1' });
      const mine = async () => (await rows()).filter((r) => r.endpointId === data.id).at(-1);
      for (const wait of [...DATA_RETRY_SECONDS, null]) {
        expect(await deliver()).toMatchObject({ failed: 1 });
        const row = await mine();
        if (wait === null) break;
        expect(row).toMatchObject({ status: 'pending' });
        expect(row?.nextAttemptAt.getTime()).toBe(clock + wait * 1000);
        clock += wait * 1000;
      }
      expect(await mine()).toMatchObject({ status: 'failed', attempts: 5, lastError: 'HTTP 500' });
      expect(maxAttempts('data')).toBe(5);
      clock += 24 * 3600_000;
      expect(await deliver()).toMatchObject({ delivered: 0, failed: 0 });
      expect(hook.received).toHaveLength(5);
    } finally {
      await removeWebhookEndpoint(database, acme(), data.id);
    }
  });

  it('switches an endpoint off after 20 failures in a row over about an hour, keeps its events and e-mails the company once', async () => {
    hook.answerWith((res) => res.writeHead(500).end());
    for (let i = 0; i < 22; i++)
      await enqueueWebhooks(database.db, companyId, 'booking', 'booking.completed', { order_number: 2000 + i });
    const began = clock;
    // One attempt per pass: after a failure the endpoint's queue waits for its backoff, not per event.
    for (let failures = 1; failures <= 20; failures++) {
      await deliver({ batch: 50 });
      expect(hook.received).toHaveLength(failures);
      clock += endpointBackoff(failures) * 1000;
    }
    expect(clock - began).toBeGreaterThan(50 * 60_000);
    const [endpoint] = await database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    expect(endpoint).toMatchObject({ enabled: false, consecutiveFailures: 20 });
    const notices = (await listOutbox(database.db, companyId)).filter((r) => r.topic === 'webhook_disabled');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.payload).toMatchObject({
      to: 'office@acme.example',
      subject: 'Your Booking API webhook endpoint was switched off',
    });
    expect((notices[0]?.payload as { text?: string } | undefined)?.text).toContain(
      `${hookUrl} (endpoint ${endpointId})`,
    );
    // Its events are kept (held), none given up, and nothing more is sent while it is off.
    const mine = (await rows()).filter((r) => (r.payload as { order_number: number }).order_number >= 2000);
    expect(mine.map((r) => r.status)).toEqual(mine.map(() => 'held'));
    expect(mine).toHaveLength(22);
    clock += 3600_000;
    expect(await deliver({ batch: 50 })).toMatchObject({ delivered: 0, failed: 0 });
    expect(hook.received).toHaveLength(20);
  });

  it('sends e-mail through SMTP when configured, and keeps messages locally when not', async () => {
    const mails: { to: string[]; data: string }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        let data = '';
        stream.on('data', (c) => (data += c));
        stream.on('end', () => {
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
          done();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
    const port = (smtp.server.address() as AddressInfo).port;
    try {
      await enqueueMessages(database.db, companyId, [
        {
          channel: 'email',
          topic: 'order_confirmation',
          to: 'pat@example.com',
          subject: 'Acme: order #1',
          text: 'Your order #1 is confirmed.',
        },
        { channel: 'sms', topic: 'order_confirmation', to: '+12125550199', text: 'Your order #1 is confirmed.' },
      ]);
      const channels = channelsFromEnv({
        smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
        mailFrom: 'Acme <no-reply@acme.example>',
      });
      // Every pending e-mail goes out, the earlier test's "endpoint switched off" notice included.
      const pending = (await listOutbox(database.db, companyId)).filter(
        (r) => r.channel === 'email' && r.status === 'pending',
      );
      expect(await deliver({ channels })).toMatchObject({ delivered: pending.length, kept: 1 });
      const mine = mails.filter((m) => m.to.includes('pat@example.com'));
      expect(mine).toHaveLength(1);
      expect(mine[0]?.data).toContain('Subject: Acme: order #1');
      expect(mine[0]?.data).toContain('Your order #1 is confirmed.');
      expect(mails).toHaveLength(pending.length);
      const sms = (await listOutbox(database.db, companyId)).find((r) => r.channel === 'sms');
      expect(sms?.status).toBe('kept');
    } finally {
      await new Promise<void>((r) => smtp.close(() => r()));
    }
  });
});
