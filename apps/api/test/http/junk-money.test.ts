import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { sandboxPaymentIntents } from '../../src/db/schema';
import { payWithCard, raceToConfirm } from '../support/booking';
import { svc } from '../support/cli';
import { apiClient, expectError } from '../support/client';
import { acmeConfig } from '../support/fixtures';
import { freeSlot, junkBody, openSlots } from '../support/junk';
import { withTargetDb } from '../support/target-db';

// The junk money path plays the attacker's and the unlucky customer's sequences: the last seat raced for,
// a seat taken by someone else while the card was pending (an open intent holds none:
// docs/decisions/unpaid-intents-hold-nothing.md), concurrent confirms, and the payment caps. The amount the
// processor authorized is the amount the job records, on every path that makes one.
const targets = inject('targets');

describe.each(targets)('junk seats and money on $name', (target) => {
  const api = apiClient(target.baseUrl);
  const key = target.fixtures.acme.server;
  const confirm = (i: { session_id: string; payment_intent_id: string }) =>
    api.post('/junk/confirm', { key, body: { session_id: i.session_id, payment_intent_id: i.payment_intent_id } });
  const sandboxIntent = (id: string) =>
    withTargetDb(target, async ({ db }) => {
      const [row] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id));
      return row;
    });
  const jobsOf = async (sessionId: string) =>
    ((await svc(target, 'jobs', 'list', 'acme')) as any[]).filter((j) => j.session_id === sessionId);
  /** A one-seat afternoon window nobody holds yet. */
  const lastSeat = async () => {
    const slot = (await openSlots(api, target)).find((s) => s.start === '13:00' && s.remaining === 1);
    if (!slot) throw new Error('no free 13:00 window');
    return slot;
  };

  it('20 paid intents for a window with one seat confirmed at once: exactly one job, the others released', async () => {
    const slot = await lastSeat();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api.post('/junk/intents', { key, body: junkBody(slot) })),
    );
    // An open intent holds no seat: all 20 open, and the window still shows its seat.
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const remaining = async () =>
      (
        await api.get('/junk/availability', { key, query: { from: slot.date, to: slot.date } })
      ).body.data.days[0].windows.find((w: any) => w.start === '13:00').remaining;
    expect(await remaining()).toBe(1);
    const intents = answers.map((a) => a.body.data);
    await raceToConfirm(target, intents, confirm, { code: 'slot_bad_window', reason: 'full' });
    // The seat is taken for good: the window is full, and a new intent is refused with the windows left.
    expect(await remaining()).toBe(0);
    const refused = await api.post('/junk/intents', { key, body: junkBody(slot) });
    expectError(refused, 409, 'slot_bad_window', 'time_window_start');
    expect(refused.body.error.details.reason).toBe('full');
  });

  it('a customer who goes back to change the details replaces the first booking with its secret, and no one else can', async () => {
    const slot = await lastSeat();
    const first = await api.post('/junk/intents', { key, body: junkBody(slot) });
    expect(first.status).toBe(200);
    const replaces = (intent: { session_id: string; client_secret: string }) => ({
      replaces_session_id: intent.session_id,
      replaces_client_secret: intent.client_secret,
    });
    // Another company naming this session, even with its secret, ends nothing: it is not theirs to replace.
    const twin = `jtwin${Date.now() % 1_000_000}`;
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'svc-jtwin-')), 'twin.json');
    writeFileSync(file, JSON.stringify({ ...acmeConfig(target.fixtures.today), slug: twin, name: 'Junk Twin' }));
    await svc(target, 'company', 'apply', file);
    const twinKey = (await svc(target, 'keys', 'create', twin, '--kind', 'server')).key as string;
    const stranger = await api.post('/junk/intents', { key: twinKey, body: junkBody(slot, replaces(first.body.data)) });
    expectError(stranger, 404, 'not_found', 'replaces_session_id');
    expect((await sandboxIntent(first.body.data.payment_intent_id))?.status).toBe('requires_payment_method');
    // The same customer, new details (another e-mail), the same window: the first session ends.
    const changed = await api.post('/junk/intents', { key, body: junkBody(slot, replaces(first.body.data)) });
    expect(changed.status).toBe(200);
    expect(changed.body.data.session_id).not.toBe(first.body.data.session_id);
    // The first session ended when it was replaced: its payment was released, so its card cannot be paid any
    // more, and a late confirm makes nothing (docs/decisions/replaced-bookings.md).
    expect((await sandboxIntent(first.body.data.payment_intent_id))?.status).toBe('canceled');
    expect((await payWithCard(target, first.body.data)).status).toBeGreaterThanOrEqual(400);
    expect((await api.get(`/sessions/${first.body.data.session_id}`, { key })).body.data.last_error).toBe(
      'replaced by a newer booking: nothing booked, payment released',
    );
    await payWithCard(target, changed.body.data);
    expect((await confirm(changed.body.data)).body.data.state).toBe('confirmed');
    const late = await confirm(first.body.data);
    expectError(late, 409, 'unconfirmed');
    expect(late.body.error.details).toEqual({ session_state: 'failed' });
    expect(await jobsOf(first.body.data.session_id)).toEqual([]);
  });

  it('an open intent holds no seat; a payment finished after someone else took it is released, never a job', async () => {
    const slot = await lastSeat();
    const slow = (await api.post('/junk/intents', { key, body: junkBody(slot) })).body.data;
    const day = (await api.get('/junk/availability', { key, query: { from: slot.date, to: slot.date } })).body.data
      .days[0];
    expect(day.windows.find((w: any) => w.start === '13:00').remaining).toBe(1);
    const quick = (await api.post('/junk/intents', { key, body: junkBody(slot) })).body.data;
    await payWithCard(target, quick);
    expect((await confirm(quick)).body.data.state).toBe('confirmed');

    // The first customer comes back and pays: no seat, so no job, and the authorization is released.
    expect((await payWithCard(target, slow)).body.status).toBe('requires_capture');
    const late = await confirm(slow);
    expectError(late, 409, 'slot_bad_window', 'session_id');
    expect(late.body.error.details).toMatchObject({ reason: 'full', payment: 'released' });
    expect((await sandboxIntent(slow.payment_intent_id))?.status).toBe('canceled');
    expect(await jobsOf(slow.session_id)).toEqual([]);
    expect((await api.get(`/sessions/${slow.session_id}`, { key })).body.data).toMatchObject({
      state: 'failed',
      job_number: null,
    });
  });

  it('concurrent confirms make one job and one capture, for the authorized amount', async () => {
    const slot = await freeSlot(api, target);
    const intent = (await api.post('/junk/intents', { key, body: junkBody(slot, { load_fraction: 'full' }) })).body
      .data;
    const paid = await payWithCard(target, intent);
    const answers = await Promise.all(Array.from({ length: 6 }, () => confirm(intent)));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const a of answers.filter((x) => x.status !== 200)) expectError(a, 409, 'processing');
    expect(new Set(ok.map((a) => a.body.data.job_number)).size).toBe(1);
    const jobs = await jobsOf(intent.session_id);
    expect(jobs).toHaveLength(1);
    expect(Math.round(jobs[0].charged * 100)).toBe(paid.body.amount);
    await expect.poll(async () => (await sandboxIntent(intent.payment_intent_id))?.status).toBe('succeeded');
    expect((await sandboxIntent(intent.payment_intent_id))?.amountCents).toBe(intent.amount.gross_total_cents);
  });
});

describe('junk payment intents are capped like dumpster ones (strict server)', () => {
  const [strict] = inject('strictTargets');
  const target = strict!;
  it('per page address: refused seats do not count, opened payments do', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'svc-jcapped-'));
    const config = acmeConfig(target.fixtures.today);
    const file = path.join(dir, 'jcapped.json');
    writeFileSync(
      file,
      JSON.stringify({
        ...config,
        slug: 'jcapped',
        name: 'Junk Capped',
        booking: { ...config.booking, payment_limits: { intents_per_ip_per_hour: 2, intents_per_hour: 50 } },
      }),
    );
    await svc(target, 'company', 'apply', file);
    const publishable = (
      await svc(target, 'keys', 'create', 'jcapped', '--kind', 'publishable', '--domain', 'jcapped.example')
    ).key as string;
    const api = apiClient(target.baseUrl);
    const fromPage = (body: Record<string, unknown>) =>
      api.post('/junk/intents', {
        key: publishable,
        origin: 'https://jcapped.example',
        headers: { 'x-forwarded-for': '10.60.0.1' },
        body,
      });
    const days = (await api.get('/junk/availability', { key: publishable, origin: 'https://jcapped.example' })).body
      .data.days as any[];
    const open = days.filter((d) => d.open);
    const afternoon = open.find((d) => d.windows.some((w: any) => w.start === '13:00'));
    const seat = { date: afternoon.date, start: '13:00', end: '15:00' };
    // The visitor books the window's one seat (its first payment of the hour).
    const booked = (await fromPage(junkBody(seat))).body.data;
    await payWithCard(target, booked);
    const pair = { session_id: booked.session_id, payment_intent_id: booked.payment_intent_id };
    const made = await api.post('/junk/confirm', {
      key: publishable,
      origin: 'https://jcapped.example',
      headers: { 'x-forwarded-for': '10.60.0.1' },
      body: pair,
    });
    expect(made.body.data.state).toBe('confirmed');
    // The seat is gone: refused without counting against the address.
    for (let i = 0; i < 3; i++) expectError(await fromPage(junkBody(seat)), 409, 'slot_bad_window');
    const morning = { date: open[1].date, start: '08:00', end: '10:00' };
    expect((await fromPage(junkBody(morning))).status).toBe(200);
    const capped = await fromPage(junkBody(morning));
    expectError(capped, 429, 'rate_limited');
    expect(capped.body.error.details).toMatchObject({ limit: 'intents_per_ip' });
  });
});
