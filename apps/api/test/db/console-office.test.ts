import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { findCompanyBySlug, loadCatalog } from '../../src/db/repositories/catalog';
import { insertLead } from '../../src/db/repositories/leads';
import { transitionSandboxIntent } from '../../src/db/repositories/sandbox-intents';
import {
  bookingSessions,
  consoleAudit,
  consoleUsers,
  invoices,
  orders,
  outbox,
  payments,
  webhookEndpoints,
} from '../../src/db/schema';
import type { Catalog } from '../../src/domain/catalog';
import { addDays, todayIn } from '../../src/domain/dates';
import { DomainError } from '../../src/domain/errors';
import { actingUser, type Scope } from '../../src/domain/scope';
import { createIntentCaps } from '../../src/http/intent-caps';
import { createSandboxProcessor } from '../../src/payments/sandbox';
import { presentCustomerLine } from '../../src/present/customers';
import { presentConsoleLead } from '../../src/present/leads';
import { presentDispatchDay, presentNeedsAction } from '../../src/present/office';
import { presentConsoleOrder } from '../../src/present/orders';
import { presentIntent } from '../../src/present/sessions';
import { approveHeld, createOrderForSession, rejectHeldBooking } from '../../src/use-cases/bookings/decisions';
import { dispatchDay, needsAction, needsActionCounts } from '../../src/use-cases/bookings/queue';
import { moveRecord, readOrder } from '../../src/use-cases/bookings/records';
import { applyCompanyConfig } from '../../src/use-cases/company/apply-config';
import { listCustomers, readCustomer } from '../../src/use-cases/customers/read';
import { moveLead } from '../../src/use-cases/leads/moves';
import { confirmOrder } from '../../src/use-cases/orders/confirm-order';
import { createIntent } from '../../src/use-cases/orders/create-intent';
import type { OfficeDeps } from '../../src/use-cases/shared/office-deps';
import { addWebhookEndpoint } from '../../src/use-cases/webhooks/endpoints';
import { openDay } from '../support/booking';
import { createLocation, type DatabaseLocation, drivers, open } from '../support/databases';
import { ACME_TZ, acmeConfig } from '../support/fixtures';
import { keyScope } from '../support/scope';

// The console's office use cases on a real database with the sandbox processor: approve and reject of a
// held order (once each, however many clicks), the stuck session made into an order, the queue, the
// order's page and the rival company's member, who finds nothing of acme's.

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe.each(drivers())('the console office on %s', (driver) => {
  let location: DatabaseLocation;
  let database: Database;
  let catalog: Catalog;
  let acme: Scope;
  let rival: Scope;
  const today = todayIn(ACME_TZ, new Date());
  const processorFor = () => createSandboxProcessor(database.db);
  const caps = createIntentCaps({});
  const bookingDeps = () => ({ db: database.db, processorFor, admit: caps.admit, now: () => new Date() });
  const office = (): OfficeDeps => ({ database, processorFor, now: () => new Date() });

  async function member(slug: string, email: string): Promise<Scope> {
    const company = await findCompanyBySlug(database.db, slug);
    const id = `user_${slug}`;
    const name = `${slug} staff`;
    await database.db.insert(consoleUsers).values({ id, companyId: company?.id as string, role: 'staff', name, email });
    return { companyId: company?.id as string, actor: { kind: 'member', userId: id, role: 'staff', email, name } };
  }
  // The use cases answer rows; the console's route table presents them, as these do.
  const queueOf = async (scope: Scope) => presentNeedsAction(await needsAction(office(), scope));
  const dayOf = async (scope: Scope, date: string) => presentDispatchDay(await dispatchDay(office(), scope, date));
  const orderPage = async (scope: Scope, n: number) => presentConsoleOrder(await readOrder(office(), scope, n));
  const customersOf = async (scope: Scope, query: { page: number; per_page: number; q?: string }) =>
    (await listCustomers(office(), scope, query)).data.map(presentCustomerLine);

  beforeAll(async () => {
    location = await createLocation(driver, 'console-office');
    database = await open(location);
    await applyCompanyConfig(database, acmeConfig(today));
    await applyCompanyConfig(database, { ...acmeConfig(today), slug: 'rival', name: 'Rival' });
    catalog = (await loadCatalog(database.db, (await findCompanyBySlug(database.db, 'acme'))?.id as string)) as Catalog;
    acme = await member('acme', 'staff@acme.example');
    rival = await member('rival', 'staff@rival.example');
    await addWebhookEndpoint(database, acme, { url: 'https://93.184.216.34/hooks' }, false);
  });
  afterAll(async () => {
    await database?.close();
    await location?.dispose();
  });

  /** A session paid with a card the processor rates `risk`; confirmed unless `confirm` is false. */
  async function book(email: string, risk: 'normal' | 'elevated', confirm = true) {
    const opened = presentIntent(
      catalog,
      await createIntent(
        bookingDeps(),
        keyScope(catalog),
        {
          size_id: catalog.sizes[0]?.id as string,
          rental_days: 7,
          delivery_date: openDay(today, 1, 7),
          delivery_address: '1 Main St',
          delivery_zip: '10001',
          customer: { name: 'Pat Held', email, phone: '+1 212 555 0100' },
          terms_accepted: true,
        },
        today,
        { keyKind: 'server', channel: 'api', ip: null },
      ),
    );
    await transitionSandboxIntent(database.db, opened.payment_intent_id, ['requires_payment_method'], {
      status: 'requires_capture',
      riskLevel: risk,
    });
    if (!confirm) return { ...opened, order_number: 0 };
    const confirmed = await confirmOrder(bookingDeps(), keyScope(catalog), {
      session_id: opened.session_id,
      payment_intent_id: opened.payment_intent_id,
    });
    return { ...opened, order_number: confirmed.order_number };
  }

  const outboxOf = async (topic: string, n: number) =>
    (await database.db.select().from(outbox).where(eq(outbox.topic, topic))).filter(
      (r) => (r.payload as { order_number?: number }).order_number === n,
    );

  it('two approves of a held order at once: one captures, the other is 409 state_conflict; booking.released once', async () => {
    const held = await book('held-approve@example.com', 'elevated');
    const queue = await queueOf(acme);
    expect(queue.held.map((h) => h.number)).toContain(held.order_number);
    expect((await needsActionCounts(office(), acme)).needs_action).toBeGreaterThanOrEqual(1);

    const results = await Promise.allSettled([
      approveHeld(office(), acme, 'order', held.order_number),
      approveHeld(office(), acme, 'order', held.order_number),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(won).toHaveLength(1);
    expect(lost.map((r) => (r.reason as DomainError).code)).toEqual(['state_conflict']);
    expect((won[0] as PromiseFulfilledResult<unknown>).value).toMatchObject({
      status: 'confirmed',
      previous_status: 'pending_risk_review',
      payment_status: 'paid',
    });
    expect(await outboxOf('booking.released', held.order_number)).toHaveLength(1);
    expect((await processorFor().retrieveIntent(held.payment_intent_id, null)).status).toBe('succeeded');
    // A third approve, later: a sentence, nothing charged again.
    const again = await refusal(approveHeld(office(), acme, 'order', held.order_number));
    expect(again.code).toBe('state_conflict');
    expect(again.message).toBe(
      `Order #${held.order_number} is confirmed: it is no longer held for review, so nothing was done.`,
    );
    const audit = await database.db
      .select()
      .from(consoleAudit)
      .where(eq(consoleAudit.subject, `order:${held.order_number}`));
    expect(audit.map((a) => [a.action, a.userId])).toEqual([['order.approved', actingUser(acme)]]);
    expect((await queueOf(acme)).held.map((h) => h.number)).not.toContain(held.order_number);
  });

  it('reject releases the authorization, cancels the order, e-mails the customer, once', async () => {
    const held = await book('held-reject@example.com', 'elevated');
    const reason = 'card holder name does not match';
    const results = await Promise.allSettled([
      rejectHeldBooking(office(), acme, 'order', held.order_number, reason),
      rejectHeldBooking(office(), acme, 'order', held.order_number, reason),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((lost.reason as DomainError).code).toBe('state_conflict');
    expect((await refusal(approveHeld(office(), acme, 'order', held.order_number))).message).toBe(
      `Order #${held.order_number} is canceled: it is no longer held for review, so nothing was done.`,
    );
    expect((await processorFor().retrieveIntent(held.payment_intent_id, null)).status).toBe('canceled');
    const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, held.order_number));
    expect(order).toMatchObject({ status: 'canceled', paymentStatus: 'unpaid' });
    const [invoice] = await database.db
      .select({ invoice: invoices.status, payment: payments.status })
      .from(invoices)
      .innerJoin(payments, eq(payments.invoiceId, invoices.id))
      .where(eq(invoices.orderId, order?.id as string));
    expect(invoice).toEqual({ invoice: 'void', payment: 'canceled' });
    const mails = (await database.db.select().from(outbox).where(eq(outbox.topic, 'order_rejected'))).map(
      (r) => r.payload as { to: string; text: string },
    );
    expect(mails).toEqual([expect.objectContaining({ to: 'held-reject@example.com' })]);
    expect(mails[0]?.text).toContain('you were not charged');
    expect(mails[0]?.text).not.toContain(reason);
    const page = await orderPage(acme, held.order_number);
    expect(page.timeline.map((t) => t.what)).toEqual(
      expect.arrayContaining(['order created', 'order_confirmation', 'order_rejected', 'order.rejected']),
    );
    expect(page.timeline.filter((t) => t.what === 'order.rejected').map((t) => t.detail)).toEqual([
      `acme staff: ${reason}`,
    ]);
  });

  it('an authorized session without an order after 15 minutes is listed and made into an order once', async () => {
    const stuck = await book('stuck@example.com', 'normal', false);
    await database.db.execute(
      sql`update ${bookingSessions} set state = 'unconfirmed', created_at = now() - interval '20 minutes' where session_id = ${stuck.session_id}`,
    );
    expect((await queueOf(acme)).unconfirmed_sessions.map((s) => s.session_id)).toContain(stuck.session_id);
    expect(await refusal(createOrderForSession(office(), rival, stuck.session_id))).toMatchObject({
      code: 'not_found',
    });
    const made = await createOrderForSession(office(), acme, stuck.session_id);
    expect(made).toMatchObject({ kind: 'dumpster', order_number: expect.any(Number), already: false });
    expect(await createOrderForSession(office(), acme, stuck.session_id)).toMatchObject({
      order_number: made.order_number,
      already: true,
    });
    expect((await processorFor().retrieveIntent(stuck.payment_intent_id, null)).status).toBe('succeeded');
    expect((await queueOf(acme)).unconfirmed_sessions.map((s) => s.session_id)).not.toContain(stuck.session_id);
  });

  it('a webhook endpoint failing or switched off is in Needs action and its count; the rival company does not see it', async () => {
    const before = await needsActionCounts(office(), acme);
    const [endpoint] = await database.db
      .update(webhookEndpoints)
      .set({ consecutiveFailures: 3 })
      .where(eq(webhookEndpoints.companyId, acme.companyId))
      .returning();
    const queue = await queueOf(acme);
    expect(queue.webhook_endpoints).toEqual([
      expect.objectContaining({ id: endpoint?.id, enabled: true, consecutive_failures: 3 }),
    ]);
    expect((await needsActionCounts(office(), acme)).needs_action).toBe(before.needs_action + 1);
    expect((await queueOf(rival)).webhook_endpoints).toEqual([]);
    await database.db
      .update(webhookEndpoints)
      .set({ consecutiveFailures: 0, enabled: false, disabledAt: new Date() })
      .where(eq(webhookEndpoints.id, endpoint?.id as string));
    expect((await queueOf(acme)).webhook_endpoints).toEqual([
      expect.objectContaining({ enabled: false, disabled_at: expect.any(String) }),
    ]);
    await database.db
      .update(webhookEndpoints)
      .set({ enabled: true, disabledAt: null })
      .where(eq(webhookEndpoints.id, endpoint?.id as string));
    expect((await needsActionCounts(office(), acme)).needs_action).toBe(before.needs_action);
  });

  it("the dispatch day, the order's page and a move; the rival company's member finds none of it", async () => {
    const booked = await book('dispatch@example.com', 'normal');
    const day = await dayOf(acme, openDay(today, 1, 7));
    const stop = day.deliveries.find((d) => d.order_number === booked.order_number);
    expect(stop).toMatchObject({ status: 'confirmed', moves: ['scheduled', 'waiting_delivery', 'canceled'] });
    const pickupDay = addDays(openDay(today, 1, 7), 7);
    expect((await dayOf(acme, pickupDay)).pickups.map((p) => p.order_number)).toContain(booked.order_number);
    expect((await dayOf(rival, openDay(today, 1, 7))).deliveries).toEqual([]);

    const moved = await moveRecord(office(), acme, 'order', booked.order_number, 'scheduled');
    expect(moved).toMatchObject({ status: 'scheduled', previous_status: 'confirmed' });
    const page = await orderPage(acme, booked.order_number);
    expect(page).toMatchObject({ status: 'scheduled', payment: { status: 'paid', authorization: 'captured' } });
    expect(page.payment.payment_intent).toMatch(/^pi_sbx_…[a-f0-9]{4}$/);
    expect(page.invoice.gross_total).toBeGreaterThan(0);
    expect(page.timeline.map((t) => t.what)).toContain('order.status');

    for (const call of [
      () => readOrder(office(), rival, booked.order_number),
      () => moveRecord(office(), rival, 'order', booked.order_number, 'out_for_delivery'),
      () => approveHeld(office(), rival, 'order', booked.order_number),
      () => rejectHeldBooking(office(), rival, 'order', booked.order_number),
      () => readCustomer(office(), rival, page.customer?.id as string),
    ]) {
      expect((await refusal(call())).code).toBe('not_found');
    }
    expect(await customersOf(rival, { page: 1, per_page: 100 })).toEqual([]);
    expect(await customersOf(acme, { page: 1, per_page: 100, q: 'dispatch@example.com' })).toEqual([
      expect.objectContaining({ email: 'dispatch@example.com', orders: 1, jobs: 0 }),
    ]);
    const [order] = await database.db
      .select()
      .from(orders)
      .where(and(eq(orders.orderNumber, booked.order_number), eq(orders.companyId, acme.companyId)));
    expect(order?.status).toBe('scheduled');
  });

  it("one lead move for the console and the CLI: a member's move is audited, the moves come from the lead rules", async () => {
    const lead = await insertLead(database.db, {
      companyId: acme.companyId,
      name: 'Lee Mover',
      email: 'lee.mover@example.com',
      emailNormalized: 'lee.mover@example.com',
    });
    expect(presentConsoleLead(lead)).toMatchObject({ status: 'new', moves: ['contacted', 'converted', 'discarded'] });
    const moved = await moveLead(database, acme, lead.id, 'contacted', new Date());
    expect(moved.previousStatus).toBe('new');
    expect(presentConsoleLead(moved.lead)).toMatchObject({ status: 'contacted', moves: ['converted', 'discarded'] });
    const operator: Scope = { companyId: acme.companyId, actor: { kind: 'cli' } };
    expect((await moveLead(database, operator, lead.id, 'discarded', new Date())).lead.status).toBe('discarded');
    const audit = await database.db
      .select()
      .from(consoleAudit)
      .where(eq(consoleAudit.subject, `lead:${lead.id}`));
    expect(audit.map((a) => [a.action, a.userId])).toEqual([['lead.contacted', actingUser(acme)]]);
    // Another company's lead, or no lead at all, is the same sentence.
    for (const [scope, id] of [
      [rival, lead.id],
      [acme, 'not-a-lead'],
    ] as const) {
      expect(await refusal(moveLead(database, scope, id, 'new', new Date()))).toMatchObject({
        code: 'not_found',
        field: 'id',
        message: `There is no lead ${id} in this company.`,
      });
    }
  });
});
