import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { findSandboxIntent } from '../../src/db/repositories/sandbox-intents';
import { TEST_CARDS } from '../../src/payments/sandbox-cards';
import { book, intentBody, openDay, payWithCard } from '../support/booking';
import { apiClient, expectError } from '../support/client';
import { type ConsoleClient, consoleAs, consoleClient } from '../support/console';
import { bookJunk } from '../support/junk';
import { withTargetDb } from '../support/target-db';

// The console's office over HTTP, signed in as acme's staff (office work is theirs too): Needs action with
// a held order approved once however many clicks, a held junk job rejected with its authorization released
// at the sandbox, dispatch moves, the order's page, leads, customers, estimates; and every route called by
// the rival company's owner with acme's numbers and ids is 404, signed out 401.
const targets = inject('targets');

describe.each(targets)('the console office on $name', (target) => {
  const api = apiClient(target.baseUrl);
  const data = apiClient(target.baseUrl, 'data');
  let staff: ConsoleClient;
  let rival: ConsoleClient;
  const signIn = async () => {
    staff ??= await consoleAs(target, 'acme', 'staff');
    rival ??= await consoleAs(target, 'rival', 'owner');
  };
  const heldOrder = async () => {
    const { confirmed, intent } = await book(api, target, TEST_CARDS.elevatedRisk);
    expect(confirmed.body.data.state).toBe('held');
    return { number: confirmed.body.data.order_number as number, intent };
  };
  const intentState = (id: string) =>
    withTargetDb(target, async (database) => (await findSandboxIntent(database.db, id))?.status);

  it('a held order is in Needs action; two approves at once capture once, the second is 409; it leaves the queue', async () => {
    await signIn();
    const held = await heldOrder();
    const queue = await staff.get('/needs-action');
    expect(queue.status).toBe(200);
    expect(queue.body.data.held).toContainEqual(
      expect.objectContaining({ kind: 'order', number: held.number, customer_name: 'Pat Doe' }),
    );
    const counts = (await staff.get('/needs-action/counts')).body.data;
    expect(counts.needs_action).toBeGreaterThanOrEqual(1);

    const [a, b] = await Promise.all([
      staff.post(`/orders/${held.number}/approve`),
      staff.post(`/orders/${held.number}/approve`),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const won = a.status === 200 ? a : b;
    const lost = a.status === 200 ? b : a;
    expect(won.body.data).toEqual({
      number: held.number,
      status: 'confirmed',
      previous_status: 'pending_risk_review',
      payment_status: 'paid',
    });
    expectError(lost, 409, 'state_conflict');
    expect(await intentState(held.intent.payment_intent_id)).toBe('succeeded');
    const third = await staff.post(`/orders/${held.number}/approve`);
    expectError(third, 409, 'state_conflict');
    expect(third.body.error.message).toBe(
      `Order #${held.number} is confirmed: it is no longer held for review, so nothing was done.`,
    );
    expect((await staff.get('/needs-action')).body.data.held.map((h: any) => h.number)).not.toContain(held.number);
    const page = (await staff.get(`/orders/${held.number}`)).body.data;
    expect(page).toMatchObject({ status: 'confirmed', payment: { status: 'paid', authorization: 'captured' } });
    expect(page.timeline.filter((t: any) => t.what === 'order.approved')).toHaveLength(1);
  });

  it('reject of a held junk job releases the authorization at the sandbox, cancels it and e-mails the customer', async () => {
    await signIn();
    const { confirmed, intent } = await bookJunk(api, target, TEST_CARDS.elevatedRisk);
    const number = confirmed.body.data.job_number as number;
    expect(await intentState(intent.payment_intent_id)).toBe('requires_capture');
    const rejected = await staff.post(`/jobs/${number}/reject`, { body: { reason: 'stolen card reported' } });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toEqual({
      number,
      status: 'canceled',
      previous_status: 'pending_risk_review',
      payment_status: 'unpaid',
    });
    expect(await intentState(intent.payment_intent_id)).toBe('canceled');
    expectError(await staff.post(`/jobs/${number}/reject`, { body: {} }), 409, 'state_conflict');
    expectError(await staff.post(`/jobs/${number}/approve`), 409, 'state_conflict');
    const page = (await staff.get(`/jobs/${number}`)).body.data;
    expect(page).toMatchObject({ status: 'canceled', moves: [], payment: { authorization: 'canceled' } });
    expect(page.timeline).toContainEqual(expect.objectContaining({ what: 'job_rejected', source: 'email' }));
    expect(page.timeline).toContainEqual(
      expect.objectContaining({
        what: 'job.rejected',
        source: 'console',
        detail: expect.stringContaining('stolen card reported'),
      }),
    );
  });

  it('dispatch: the day of a delivery lists it with its moves; a move through the console emits and is audited', async () => {
    await signIn();
    const { confirmed } = await book(api, target);
    const number = confirmed.body.data.order_number as number;
    const day = openDay(target.fixtures.today, 1, 9);
    const board = (await staff.get('/dispatch', { query: { date: day } })).body.data;
    expect(board.date).toBe(day);
    expect(board.deliveries).toContainEqual(
      expect.objectContaining({
        order_number: number,
        status: 'confirmed',
        moves: ['scheduled', 'waiting_delivery', 'canceled'],
      }),
    );
    expect((await staff.get('/dispatch')).body.data.date).toBe(target.fixtures.today);
    const moved = await staff.post(`/orders/${number}/status`, { body: { status: 'scheduled' } });
    expect(moved.body.data).toMatchObject({ number, status: 'scheduled', previous_status: 'confirmed' });
    const refused = await staff.post(`/orders/${number}/status`, { body: { status: 'completed' } });
    expectError(refused, 400, 'invalid_body', 'status');
    const page = (await staff.get(`/orders/${number}`)).body.data;
    expect(page.invoice.gross_total).toBeGreaterThan(0);
    expect(page.payment.payment_intent).toMatch(/^pi_sbx_…[0-9a-f]{4}$/);
    expect(page.timeline.map((t: any) => t.what)).toEqual(expect.arrayContaining(['order created', 'order.status']));
    expectError(await staff.get('/dispatch', { query: { date: '2026-02-30' } }), 400, 'invalid_parameter', 'date');

    // Junk jobs by arrival window, moved along their own lifecycle.
    const junk = await bookJunk(api, target);
    const jobNumber = junk.confirmed.body.data.job_number as number;
    const jobs = (await staff.get('/dispatch', { query: { date: junk.slot.date } })).body.data.jobs as any[];
    expect(jobs.find((j) => j.job_number === jobNumber)).toMatchObject({
      status: 'confirmed',
      window: { start: junk.slot.start },
      moves: ['scheduled', 'en_route', 'canceled'],
    });
    const starts = jobs.map((j) => j.window.start);
    expect(starts).toEqual([...starts].sort());
    const jobMoved = await staff.post(`/jobs/${jobNumber}/status`, { body: { status: 'en_route' } });
    expect(jobMoved.body.data).toMatchObject({ status: 'en_route', moves: ['completed', 'scheduled', 'canceled'] });
  });

  it('leads page and move to contacted; customers and estimates page', async () => {
    await signIn();
    const email = intentBody(target).customer.email;
    const lead = (await data.post('/leads', { key: target.fixtures.data.acme, body: { name: 'Lee Console', email } }))
      .body.data;
    const page = await staff.get('/leads', { query: { status: 'new', per_page: '100' } });
    expect(page.body).toMatchObject({ page: 1, per_page: 100, has_more: expect.any(Boolean) });
    expect(page.body.data.map((l: any) => l.id)).toContain(lead.id);
    // Each lead carries the moves the office may make from its status (domain/leads.ts).
    expect(page.body.data.find((l: any) => l.id === lead.id)).toMatchObject({
      status: 'new',
      moves: ['contacted', 'converted', 'discarded'],
    });
    const moved = await staff.post(`/leads/${lead.id}/move`, { body: { to: 'contacted' } });
    expect(moved.body.data).toMatchObject({
      id: lead.id,
      status: 'contacted',
      previous_status: 'new',
      moves: ['converted', 'discarded'],
    });
    expectError(await staff.post(`/leads/${lead.id}/move`, { body: { to: 'new' } }), 400, 'invalid_body');
    expectError(await staff.get('/leads', { query: { per_page: '101' } }), 400, 'invalid_parameter', 'per_page');

    const booked = intentBody(target);
    const { confirmed } = await book(api, target, TEST_CARDS.success, { customer: booked.customer });
    const customers = await staff.get('/customers', { query: { q: booked.customer.email } });
    expect(customers.body.data).toEqual([
      expect.objectContaining({ email: booked.customer.email, orders: 1, jobs: 0 }),
    ]);
    const detail = (await staff.get(`/customers/${customers.body.data[0].id}`)).body.data;
    expect(detail.orders).toEqual([expect.objectContaining({ order_number: confirmed.body.data.order_number })]);

    // An abandoned checkout: priced, never paid.
    const key = target.fixtures.acme.server;
    const abandoned = (await api.post('/intents', { key, body: intentBody(target) })).body.data;
    const estimates = (await staff.get('/estimates', { query: { per_page: '100' } })).body;
    expect(estimates.data.map((e: any) => e.id)).toContain(abandoned.session_id);
  });

  it('a paid session without its order after 15 minutes: create it now, once; a held job approved', async () => {
    await signIn();
    const key = target.fixtures.acme.server;
    const intent = (await api.post('/intents', { key, body: intentBody(target) })).body.data;
    expect((await payWithCard(target, intent)).status).toBe(200);
    // As the recovery worker leaves a session it could not make into an order (the processor was down).
    await withTargetDb(target, (database) =>
      database.db.execute(
        sql`update booking_sessions set state = 'unconfirmed', created_at = now() - interval '20 minutes' where session_id = ${intent.session_id}`,
      ),
    );
    const queue = (await staff.get('/needs-action')).body.data;
    expect(queue.unconfirmed_sessions.map((s: any) => s.session_id)).toContain(intent.session_id);
    const made = await staff.post(`/sessions/${intent.session_id}/create-order`);
    expect(made.body.data).toMatchObject({ kind: 'dumpster', order_number: expect.any(Number), already: false });
    const again = await staff.post(`/sessions/${intent.session_id}/create-order`);
    expect(again.body.data).toMatchObject({ order_number: made.body.data.order_number, already: true });
    expect(await intentState(intent.payment_intent_id)).toBe('succeeded');

    const job = await bookJunk(api, target, TEST_CARDS.elevatedRisk);
    const number = job.confirmed.body.data.job_number as number;
    const approved = await staff.post(`/jobs/${number}/approve`);
    expect(approved.body.data).toMatchObject({ number, status: 'confirmed', payment_status: 'paid' });
    expect(await intentState(job.intent.payment_intent_id)).toBe('succeeded');
    expectError(await staff.post(`/jobs/${number}/approve`), 409, 'state_conflict');
  });

  it("every route with acme's numbers and ids is 404 for the rival company, and 401 signed out", async () => {
    await signIn();
    const held = await heldOrder();
    const job = (await bookJunk(api, target, TEST_CARDS.elevatedRisk)).confirmed.body.data.job_number as number;
    const lead = (
      await data.post('/leads', {
        key: target.fixtures.data.acme,
        body: { name: 'Not Yours', email: intentBody(target).customer.email },
      })
    ).body.data;
    const customer = (await staff.get(`/orders/${held.number}`)).body.data.customer.id as string;
    const stuck = (await api.post('/intents', { key: target.fixtures.acme.server, body: intentBody(target) })).body
      .data;

    const calls: [string, string, object?][] = [
      ['GET', `/orders/${held.number}`],
      ['GET', `/jobs/${job}`],
      ['POST', `/orders/${held.number}/approve`],
      ['POST', `/orders/${held.number}/reject`, {}],
      ['POST', `/jobs/${job}/approve`],
      ['POST', `/jobs/${job}/reject`, {}],
      ['POST', `/orders/${held.number}/status`, { status: 'canceled' }],
      ['POST', `/jobs/${job}/status`, { status: 'canceled' }],
      ['POST', `/leads/${lead.id}/move`, { to: 'discarded' }],
      ['GET', `/customers/${customer}`],
      ['POST', `/sessions/${stuck.session_id}/create-order`],
    ];
    for (const [method, path, body] of calls) {
      const res = await rival.call(method, path, body ? { body } : {});
      expectError(res, 404, 'not_found');
    }
    // Lists: nothing of acme's.
    const queue = (await rival.get('/needs-action')).body.data;
    expect(queue.held.map((h: any) => h.number)).not.toContain(held.number);
    expect(queue.new_leads.map((l: any) => l.id)).not.toContain(lead.id);
    expect((await rival.get('/leads', { query: { per_page: '100' } })).body.data.map((l: any) => l.id)).not.toContain(
      lead.id,
    );
    expect(
      (await rival.get('/customers', { query: { per_page: '100' } })).body.data.map((c: any) => c.id),
    ).not.toContain(customer);
    expect(
      (await rival.get('/estimates', { query: { per_page: '100' } })).body.data.map((e: any) => e.id),
    ).not.toContain(stuck.session_id);
    const day = openDay(target.fixtures.today, 1, 9);
    expect((await rival.get('/dispatch', { query: { date: day } })).body.data.deliveries).toEqual([]);
    // Still held, for acme.
    expect((await staff.get(`/orders/${held.number}`)).body.data.status).toBe('pending_risk_review');

    const signedOut = consoleClient(target);
    for (const path of [
      '/needs-action',
      '/needs-action/counts',
      '/dispatch',
      '/leads',
      '/customers',
      '/estimates',
      `/orders/${held.number}`,
    ]) {
      expectError(await signedOut.get(path), 401, 'unauthorized');
    }
  });
});
