import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scopeOf } from '../../src/cli/common';
import type { Database } from '../../src/db/client';
import { findCompanyBySlug, loadCatalog } from '../../src/db/repositories/catalog';
import { transitionSandboxIntent } from '../../src/db/repositories/sandbox-intents';
import { findSession } from '../../src/db/repositories/sessions';
import { bookingSessions, junkJobs, orders, outbox } from '../../src/db/schema';
import type { Catalog } from '../../src/domain/catalog';
import { addDays, timeIn, todayIn, weekday } from '../../src/domain/dates';
import type { Scope } from '../../src/domain/scope';
import { createIntentCaps } from '../../src/http/intent-caps';
import { createSandboxProcessor } from '../../src/payments/sandbox';
import { presentIntent } from '../../src/present/sessions';
import { applyCompanyConfig } from '../../src/use-cases/company/apply-config';
import { decideDataApi, requestDataApi } from '../../src/use-cases/data/access';
import { createJunkIntent } from '../../src/use-cases/jobs/create-intent';
import { confirmOrder } from '../../src/use-cases/orders/confirm-order';
import { createIntent } from '../../src/use-cases/orders/create-intent';
import { moveOrder } from '../../src/use-cases/orders/moves';
import { recordCapture } from '../../src/use-cases/shared/capture';
import { recoverSessions } from '../../src/use-cases/shared/recover-sessions';
import { addWebhookEndpoint, removeWebhookEndpoint } from '../../src/use-cases/webhooks/endpoints';
import { openDay } from '../support/booking';
import { createLocation, type DatabaseLocation, drivers, open } from '../support/databases';
import { ACME_TZ, acmeConfig } from '../support/fixtures';
import { keyScope } from '../support/scope';

describe.each(drivers())('the recovery worker on %s', (driver) => {
  let location: DatabaseLocation;
  let database: Database;
  let catalog: Catalog;
  const today = todayIn(ACME_TZ, new Date());
  const processorFor = () => createSandboxProcessor(database.db);
  const caps = createIntentCaps({});
  const deps = () => ({ db: database.db, processorFor, admit: caps.admit, now: () => new Date() });
  const acme = (): Scope => ({ companyId: catalog.company.id, actor: { kind: 'cli' } });

  beforeAll(async () => {
    location = await createLocation(driver, 'recovery');
    database = await open(location);
    await applyCompanyConfig(database, acmeConfig(today));
    catalog = (await loadCatalog(database.db, (await findCompanyBySlug(database.db, 'acme'))?.id as string)) as Catalog;
  });
  afterAll(async () => {
    await database?.close();
    await location?.dispose();
  });

  // The intent as POST /intents answers it.
  async function openSession(email: string) {
    const opened = await createIntent(
      deps(),
      keyScope(catalog),
      {
        size_id: catalog.sizes[0]?.id as string,
        rental_days: 7,
        delivery_date: openDay(today, 1, 7),
        delivery_address: '1 Main St',
        delivery_zip: '10001',
        customer: { name: 'Pat', email, phone: '+1 212 555 0100' },
        terms_accepted: true,
      },
      today,
      { keyKind: 'server', channel: 'api', ip: null },
    );
    return presentIntent(catalog, opened);
  }
  // What the customer's browser does: the card is authorized at the processor.
  const authorize = (paymentIntentId: string) =>
    transitionSandboxIntent(database.db, paymentIntentId, ['requires_payment_method'], {
      status: 'requires_capture',
      riskLevel: 'normal',
    });
  const processorDown = () => ({ ...processorFor(), retrieveIntent: () => Promise.reject(new Error('ECONNREFUSED')) });
  // Moves a session back in time, as if it had been opened `minutes` ago and last looked at since.
  const age = (sessionId: string, minutes: number) =>
    database.db.execute(
      sql`update ${bookingSessions} set created_at = now() - make_interval(mins => ${minutes}), updated_at = now() - interval '2 minutes' where session_id = ${sessionId}`,
    );

  it('creates the order of an authorized session whose page never called /confirm', async () => {
    const intent = await openSession('lost@example.com');
    await authorize(intent.payment_intent_id);
    expect(await recoverSessions(deps())).toMatchObject({ confirmed: 0 }); // too recent: the page may still confirm
    await age(intent.session_id, 3);
    expect(await recoverSessions(deps())).toMatchObject({ confirmed: 1 });
    const session = await findSession(database.db, catalog.company.id, intent.session_id);
    expect(session).toMatchObject({ state: 'confirmed', orderId: expect.any(String) });
    expect((await processorFor().retrieveIntent(intent.payment_intent_id, null)).status).toBe('succeeded');
  });

  it('leaves unpaid sessions alone', async () => {
    const intent = await openSession('window-shopper@example.com');
    await age(intent.session_id, 30);
    expect(await recoverSessions(deps())).toMatchObject({ confirmed: 0, notified: 0 });
    expect((await findSession(database.db, catalog.company.id, intent.session_id))?.state).toBe('intent_created');
  });

  it('tells the customer and the company once when an authorized card has no order after 15 minutes', async () => {
    const intent = await openSession('stuck@example.com');
    await authorize(intent.payment_intent_id);
    // The processor is down: the order cannot be confirmed.
    const failing = { ...deps(), processorFor: processorDown };
    await age(intent.session_id, 5);
    expect(await recoverSessions(failing)).toMatchObject({ notified: 0 });
    expect((await findSession(database.db, catalog.company.id, intent.session_id))?.state).toBe('unconfirmed');
    await age(intent.session_id, 16);
    expect(await recoverSessions(failing)).toMatchObject({ notified: 1 });
    await age(intent.session_id, 17);
    expect(await recoverSessions(failing)).toMatchObject({ notified: 0 });
    const notices = (await database.db.select().from(outbox)).filter((r) => r.topic === 'booking_unconfirmed');
    expect(notices.map((n) => `${n.channel}:${(n.payload as { to: string }).to}`).sort()).toEqual([
      'email:office@acme.example',
      'email:stuck@example.com',
      'sms:+1 212 555 0100',
      'sms:+1 212 555 0100',
    ]);
    // The processor is back: the next pass creates the order after all.
    await age(intent.session_id, 18);
    expect(await recoverSessions(deps())).toMatchObject({ confirmed: 1 });
    expect((await findSession(database.db, catalog.company.id, intent.session_id))?.state).toBe('confirmed');
  });

  it('after a day, releases the authorization and fails the session: nobody is charged without an order', async () => {
    const intent = await openSession('abandoned@example.com');
    await authorize(intent.payment_intent_id);
    await age(intent.session_id, 20);
    await recoverSessions({ ...deps(), processorFor: processorDown }); // notified, still no order
    await age(intent.session_id, 25 * 60);
    expect(await recoverSessions(deps())).toMatchObject({ failed: 1, confirmed: 0 });
    expect(await findSession(database.db, catalog.company.id, intent.session_id)).toMatchObject({
      state: 'failed',
      orderId: null,
    });
    expect((await processorFor().retrieveIntent(intent.payment_intent_id, null)).status).toBe('canceled');
    const told = (await database.db.select().from(outbox)).filter((r) => r.topic === 'booking_failed');
    expect(told.map((r) => (r.payload as { to: string }).to)).toEqual(['abandoned@example.com']);
  });

  // A junk session, as POST /junk/intents answers it, on a morning window a few days out.
  let junkDay = 3;
  async function openJunkSession(email: string) {
    while (weekday(addDays(today, junkDay)) === 7 || junkDay === 9) junkDay++;
    const opened = await createJunkIntent(
      deps(),
      keyScope(catalog),
      {
        load_fraction: 'full',
        job_date: addDays(today, junkDay++),
        time_window_start: '08:00',
        time_window_end: '10:00',
        address_line1: '1 Main St',
        zip: '10001',
        customer: { name: 'Jo', email, phone: '+1 212 555 0142' },
        terms_accepted: true,
      },
      { today, time: timeIn(ACME_TZ, new Date()) },
      { keyKind: 'server', channel: 'api', ip: null },
    );
    return presentIntent(catalog, opened);
  }

  it('creates the junk job of an authorized junk session whose page never called /junk/confirm', async () => {
    const intent = await openJunkSession('lost-junk@example.com');
    await authorize(intent.payment_intent_id);
    await age(intent.session_id, 3);
    expect(await recoverSessions(deps())).toMatchObject({ confirmed: 1 });
    const session = await findSession(database.db, catalog.company.id, intent.session_id);
    expect(session).toMatchObject({ state: 'confirmed', orderId: null, junkJobId: expect.any(String) });
    const jobs = await database.db.select().from(junkJobs);
    expect(jobs.filter((j) => j.sessionId === intent.session_id)).toMatchObject([
      { status: 'confirmed', paymentStatus: 'paid', grossTotalCents: intent.amount.gross_total_cents },
    ]);
    expect((await processorFor().retrieveIntent(intent.payment_intent_id, null)).status).toBe('succeeded');
  });

  it('tells the junk customer once after 15 minutes without a job, and makes the job when it can', async () => {
    const intent = await openJunkSession('stuck-junk@example.com');
    await authorize(intent.payment_intent_id);
    const failing = { ...deps(), processorFor: processorDown };
    await age(intent.session_id, 16);
    expect(await recoverSessions(failing)).toMatchObject({ notified: 1 });
    const notices = (await database.db.select().from(outbox)).filter(
      (r) => r.topic === 'booking_unconfirmed' && (r.payload as { to: string }).to === 'stuck-junk@example.com',
    );
    expect(notices).toHaveLength(1);
    await age(intent.session_id, 18);
    expect(await recoverSessions(deps())).toMatchObject({ confirmed: 1 });
    expect((await findSession(database.db, catalog.company.id, intent.session_id))?.junkJobId).toEqual(
      expect.any(String),
    );
  });

  it('a payment canceled at the processor fails its session', async () => {
    const intent = await openSession('canceled@example.com');
    await processorFor().cancel(intent.payment_intent_id, null);
    await age(intent.session_id, 3);
    expect(await recoverSessions(deps())).toMatchObject({ failed: 1 });
    expect((await findSession(database.db, catalog.company.id, intent.session_id))?.state).toBe('failed');
  });
  // A capture that failed after the order's commit (the processor went away): the order stands, unpaid.
  async function orderWithPendingCapture(email: string) {
    const intent = await openSession(email);
    await authorize(intent.payment_intent_id);
    const captureDown = () => ({ ...processorFor(), capture: () => Promise.reject(new Error('ECONNRESET')) });
    const made = await confirmOrder({ db: database.db, processorFor: captureDown }, keyScope(catalog), {
      session_id: intent.session_id,
      payment_intent_id: intent.payment_intent_id,
    });
    // Old enough for the worker, which leaves a capture to the request that made the order for 30 seconds.
    await database.db.execute(
      sql`update ${orders} set created_at = now() - interval '1 minute' where id = ${made.order_id}`,
    );
    return { intent, made };
  }
  const paymentsReceived = async (orderNumber: number) =>
    (await database.db.select().from(outbox)).filter(
      (r) => r.topic === 'payment.received' && (r.payload as { order_number: number }).order_number === orderNumber,
    );
  const orderOf = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0];

  describe("captures left pending after an order's commit", () => {
    let endpointId = '';
    beforeAll(async () => {
      await requestDataApi(database, await scopeOf(database, 'acme'), 'Payments into our books', new Date());
      await decideDataApi(database, await scopeOf(database, 'acme'), 'approved', new Date());
      const url = 'https://93.184.216.34/hooks';
      endpointId = (await addWebhookEndpoint(database, acme(), { url, api: 'data' }, false)).id;
    });
    afterAll(() => removeWebhookEndpoint(database, acme(), endpointId));

    it('are captured by the worker once, with one payment.received for the amount captured', async () => {
      const { intent, made } = await orderWithPendingCapture('capture-later@example.com');
      expect(await orderOf(made.order_id)).toMatchObject({ paymentStatus: 'unpaid' });
      expect(await paymentsReceived(made.order_number)).toEqual([]);
      expect(await recoverSessions(deps())).toMatchObject({ captured: 1 });
      expect(await orderOf(made.order_id)).toMatchObject({ paymentStatus: 'paid' });
      const [received, ...more] = await paymentsReceived(made.order_number);
      expect(more).toEqual([]);
      expect(received).toMatchObject({ channel: 'webhook', endpointId, status: 'pending' });
      expect(received?.payload).toMatchObject({
        service: 'dumpster',
        order_number: made.order_number,
        job_number: null,
        amount: intent.amount.gross_total,
        currency: 'USD',
        customer_ref: made.customer_id,
      });
      expect(await recoverSessions(deps())).toMatchObject({ captured: 0 });
      expect(await paymentsReceived(made.order_number)).toHaveLength(1);
    });

    it('are recorded once when two recorders race (confirm and the worker)', async () => {
      const { intent, made } = await orderWithPendingCapture('capture-race@example.com');
      const captured = await processorFor().capture(intent.payment_intent_id, null);
      const answer = {
        companyId: catalog.company.id,
        kind: 'dumpster' as const,
        madeId: made.order_id,
        paymentIntentId: intent.payment_intent_id,
        captured,
        now: new Date(),
      };
      const recorded = await Promise.all([1, 2].map(() => database.db.transaction((tx) => recordCapture(tx, answer))));
      expect(recorded.sort()).toEqual([false, true]);
      expect(await paymentsReceived(made.order_number)).toHaveLength(1);
    });

    it('record nothing for a capture answer that is not the recorded amount, or not succeeded', async () => {
      const { intent, made } = await orderWithPendingCapture('capture-odd@example.com');
      const answer = {
        companyId: catalog.company.id,
        kind: 'dumpster' as const,
        madeId: made.order_id,
        paymentIntentId: intent.payment_intent_id,
        now: new Date(),
      };
      const amountCents = intent.amount.gross_total_cents;
      for (const captured of [
        { status: 'succeeded' as const, amountCents: amountCents - 1, currency: 'usd' },
        { status: 'requires_capture' as const, amountCents, currency: 'usd' },
      ]) {
        await expect(database.db.transaction((tx) => recordCapture(tx, { ...answer, captured }))).rejects.toThrow(
          /was not recorded/,
        );
      }
      expect(await orderOf(made.order_id)).toMatchObject({ paymentStatus: 'unpaid' });
      expect(await paymentsReceived(made.order_number)).toEqual([]);
    });

    it('are never made on an order the office canceled meanwhile', async () => {
      const { intent, made } = await orderWithPendingCapture('capture-canceled@example.com');
      await moveOrder(database, acme(), made.order_number, 'canceled', new Date());
      await recoverSessions(deps());
      expect((await processorFor().retrieveIntent(intent.payment_intent_id, null)).status).toBe('requires_capture');
      expect(await orderOf(made.order_id)).toMatchObject({ status: 'canceled', paymentStatus: 'unpaid' });
      expect(await paymentsReceived(made.order_number)).toEqual([]);
    });
  });
});
