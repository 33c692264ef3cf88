import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { bookingSessions, junkJobs, orders } from '../../src/db/schema';
import { createSandboxProcessor } from '../../src/payments/sandbox';
import { recoverSessions } from '../../src/use-cases/shared/recover-sessions';
import { intentBody, payWithCard } from '../support/booking';
import { apiClient, expectError } from '../support/client';
import { acmeTwin } from '../support/companies';
import { freeSlot, junkBody } from '../support/junk';
import type { Target } from '../support/servers';
import { sandboxStatuses, withTargetDb } from '../support/target-db';

// A customer whose card was authorized but whose confirm never answered changes a detail and pays again: the
// page names the booking it replaces with the secret its intent gave it, which ends then and there (its payment
// released), so the recovery worker finds nothing to make of it: one booking of a customer, at most one order
// and one capture. Nobody else can end it (public-key-attacks.test.ts plays the attacker).
const targets = inject('targets');

type Intent = { session_id: string; payment_intent_id: string; client_secret: string };
const pair = (i: Intent) => ({ session_id: i.session_id, payment_intent_id: i.payment_intent_id });
const replacing = (i: Intent) => ({ replaces_session_id: i.session_id, replaces_client_secret: i.client_secret });

/** One pass of the recovery worker on the target's database, with every open session looked at now. */
async function recover(target: Target) {
  return withTargetDb(target, async (database) => {
    await database.db.execute(
      sql`update ${bookingSessions} set updated_at = now() - interval '2 minutes' where order_id is null and junk_job_id is null`,
    );
    return recoverSessions({
      db: database.db,
      processorFor: () => createSandboxProcessor(database.db),
      now: () => new Date(),
    });
  });
}

const madeFrom = (target: Target, sessionIds: string[]) =>
  withTargetDb(target, async ({ db }) => [
    ...(await db.select({ id: orders.id }).from(orders).where(inArray(orders.sessionId, sessionIds))),
    ...(await db.select({ id: junkJobs.id }).from(junkJobs).where(inArray(junkJobs.sessionId, sessionIds))),
  ]);

describe.each(targets)('a booking replaced after its card was authorized on $name', (target) => {
  const api = apiClient(target.baseUrl);
  const key = target.fixtures.acme.server;

  it('dumpster: authorized, confirm lost, a detail changed and paid again: one order, one capture', async () => {
    const customer = { name: 'Riley Again', email: `riley.${Date.now()}@example.com`, phone: '+1 212 555 0160' };
    const first = (await api.post('/intents', { key, body: intentBody(target, { customer }) })).body.data as Intent;
    expect((await payWithCard(target, first)).body.status).toBe('requires_capture');
    // The confirm's answer never reaches the page; the customer goes back and changes the address.
    const second = await api.post('/intents', {
      key,
      body: intentBody(target, { customer, delivery_address: '14 Main St', ...replacing(first) }),
    });
    expect(second.status).toBe(200);
    const again = second.body.data as Intent;
    // The first booking ended as the second was opened: failed, its authorization released, and what it says
    // names no other booking.
    const ended = (await api.get(`/sessions/${first.session_id}`, { key })).body.data;
    expect(ended).toMatchObject({ state: 'failed', order_number: null });
    expect(ended.last_error).toBe('replaced by a newer booking: nothing booked, payment released');
    expect(await sandboxStatuses(target, [first.payment_intent_id])).toEqual({ [first.payment_intent_id]: 'canceled' });

    await payWithCard(target, again);
    expect((await api.post('/confirm', { key, body: pair(again) })).body.data.state).toBe('confirmed');
    // The first page's late confirm, and the recovery worker, make nothing of the replaced booking.
    expectError(await api.post('/confirm', { key, body: pair(first) }), 409, 'unconfirmed');
    await recover(target);
    expect(await madeFrom(target, [first.session_id])).toEqual([]);
    expect(await madeFrom(target, [again.session_id])).toHaveLength(1);
    expect(await sandboxStatuses(target, [first.payment_intent_id, again.payment_intent_id])).toEqual({
      [first.payment_intent_id]: 'canceled',
      [again.payment_intent_id]: 'succeeded',
    });
  });

  it('junk: the same sequence ends in one job and one capture', async () => {
    const slot = await freeSlot(api, target);
    const first = (await api.post('/junk/intents', { key, body: junkBody(slot) })).body.data as Intent;
    await payWithCard(target, first);
    const again = (
      await api.post('/junk/intents', {
        key,
        body: junkBody(slot, { notes: 'Also a mattress', ...replacing(first) }),
      })
    ).body.data as Intent;
    await payWithCard(target, again);
    expect((await api.post('/junk/confirm', { key, body: pair(again) })).body.data.state).toBe('confirmed');
    expectError(await api.post('/junk/confirm', { key, body: pair(first) }), 409, 'unconfirmed');
    await recover(target);
    expect(await madeFrom(target, [first.session_id])).toEqual([]);
    expect(await sandboxStatuses(target, [first.payment_intent_id, again.payment_intent_id])).toEqual({
      [first.payment_intent_id]: 'canceled',
      [again.payment_intent_id]: 'succeeded',
    });
  });

  it('a replaced booking that already made its order refuses the new one; another company cannot end it', async () => {
    const first = (await api.post('/intents', { key, body: intentBody(target) })).body.data as Intent;
    await payWithCard(target, first);
    const made = (await api.post('/confirm', { key, body: pair(first) })).body.data;
    const refused = await api.post('/intents', { key, body: intentBody(target, replacing(first)) });
    expectError(refused, 409, 'already_authorized', 'replaces_session_id');
    expect(refused.body.error.details).toEqual({ order_number: made.order_number, job_number: null });

    // Another company naming an open session of acme's, even with its secret, ends nothing: ids are each
    // company's own, and the refusal is the one an unknown id gets.
    const open = (await api.post('/intents', { key, body: intentBody(target) })).body.data as Intent;
    const stranger = await acmeTwin(target, 'Stranger Hauling');
    const theirs = await api.post('/intents', {
      key: stranger.key,
      body: intentBody(target, { size_id: stranger.size, ...replacing(open) }),
    });
    expectError(theirs, 404, 'not_found', 'replaces_session_id');
    const still = await withTargetDb(target, async ({ db }) =>
      db.select().from(bookingSessions).where(eq(bookingSessions.sessionId, open.session_id)),
    );
    expect(still[0]?.state).toBe('intent_created');
    await payWithCard(target, open);
    expect((await api.post('/confirm', { key, body: pair(open) })).body.data.state).toBe('confirmed');
  });

  it('replaces_session_id and replaces_client_secret go together', async () => {
    const open = (await api.post('/intents', { key, body: intentBody(target) })).body.data as Intent;
    const idOnly = await api.post('/intents', {
      key,
      body: intentBody(target, { replaces_session_id: open.session_id }),
    });
    expectError(idOnly, 400, 'invalid_body', 'replaces_client_secret');
    const secretOnly = await api.post('/intents', {
      key,
      body: intentBody(target, { replaces_client_secret: open.client_secret }),
    });
    expectError(secretOnly, 400, 'invalid_body', 'replaces_session_id');
  });
});
