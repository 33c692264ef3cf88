import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, weekday } from '../../src/domain/dates';
import { verifySignature } from '../../src/events/signature';
import { TEST_CARDS } from '../../src/payments/sandbox-cards';
import { payWithCard } from '../support/booking';
import { svc } from '../support/cli';
import { apiClient, assertWebhookContract, expectError } from '../support/client';
import { bookJunk, freeSlot, junkBody } from '../support/junk';
import { receiver } from '../support/receiver';

// Junk removal under /booking/v1/junk: the read side, every rule of POST /junk/intents with a real request,
// and the card-paid job with its session, webhooks, messages and office approval.
const targets = inject('targets');

describe.each(targets)('junk removal on $name', (target) => {
  const api = apiClient(target.baseUrl);
  const { acme, today, junkoff, stripeco } = target.fixtures;
  const key = acme.server;
  const intents = (body: Record<string, unknown>, k = key) => api.post('/junk/intents', { key: k, body });
  const nextWeekday = (from: number, iso: number) => {
    for (let i = from; ; i++) if (weekday(addDays(today, i)) === iso) return addDays(today, i);
  };

  it('GET /junk/config: the active loads with prices, windows, photo rules, area, terms', async () => {
    const res = await api.get('/junk/config', { key });
    expect(res.status).toBe(200);
    const config = res.body.data;
    expect(config).toMatchObject({
      junk_online: true,
      payments_ready: true,
      hosted_page: expect.stringMatching(/\/junk-checkout\/acme$/),
      currency: 'USD',
      same_day: { allowed: true, cutoff: '00:00' },
      min_notice_days: 2,
      max_advance_days: 30,
      non_working_weekdays: ['sunday'],
      blackout_dates: [{ date: addDays(today, 9), reason: 'Truck maintenance' }],
      photo: {
        enabled: true,
        max_count: 3,
        types: ['image/jpeg', 'image/png', 'image/webp'],
        max_bytes: 8 * 1024 * 1024,
        window_minutes: 120,
      },
      locations: { zips: ['10001', '10002', '10003'], any_zip: false },
      not_accepted: [{ label: 'Paint and chemicals', note: null }],
      extra_fee: [{ label: 'Stairs (per flight)', amount: 25, amount_cents: 2500, note: null }],
      terms: { text: 'The crew confirms the load on site.' },
      cancellation_policy: { text: expect.stringContaining('24 hours') },
      card_fee_handling: 'customer_pays',
    });
    // The retired load is not offered; prices in dollars and cents.
    expect(config.loads).toEqual([
      { load_fraction: 'min', label: 'Single item', description: 'about 1 cubic yard', price: 99, price_cents: 9900 },
      {
        load_fraction: '1/4',
        label: 'Quarter truck',
        description: 'about 4 cubic yards',
        price: 249.99,
        price_cents: 24999,
      },
      {
        load_fraction: 'full',
        label: 'Full truck',
        description: 'about 16 cubic yards',
        price: 699,
        price_cents: 69900,
      },
    ]);
    expect(config.windows[2]).toEqual({
      start: '13:00',
      end: '15:00',
      capacity: 1,
      weekdays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
    });
  });

  it('GET /junk/availability: 30 days from today by default, each with its windows, seats and reason', async () => {
    const res = await api.get('/junk/availability', { key });
    expect(res.status).toBe(200);
    const { data } = res.body;
    expect(data).toMatchObject({ today, from: today, to: addDays(today, 29), max_advance_days: 30 });
    expect(data.days).toHaveLength(30);
    const day = (n: number) => data.days[n];
    expect(day(0)).toMatchObject({ date: today, open: false, reason: 'same_day_closed', windows: [] });
    expect(day(1)).toMatchObject({ open: false, reason: 'past', note: `The earliest day is ${addDays(today, 2)}.` });
    expect(day(9)).toMatchObject({ open: false, reason: 'blackout', note: 'Truck maintenance' });
    // From the earliest day on (today + 2): a Sunday or Saturday before it is 'past' whatever the weekday.
    const bookable = data.days.filter((d: any) => d.date > addDays(today, 1) && d.date !== addDays(today, 9));
    const sunday = bookable.find((d: any) => weekday(d.date) === 7);
    expect(sunday).toMatchObject({ open: false, reason: 'non_working_day', windows: [] });
    const saturday = bookable.find((d: any) => weekday(d.date) === 6);
    expect(saturday.windows.map((w: any) => w.start)).toEqual(['08:00', '10:00']);
    for (const d of data.days) expect(d.reason === null).toBe(d.open);

    const far = await api.get('/junk/availability', {
      key,
      query: { from: addDays(today, 25), to: addDays(today, 35) },
    });
    expect(far.body.data.days.at(-1)).toMatchObject({ open: false, reason: 'too_far' });
  });

  it('GET /junk/availability refuses bad ranges with invalid_parameter and the field', async () => {
    const bad = (query: Record<string, string>, field: string) =>
      api.get('/junk/availability', { key, query }).then((r) => expectError(r, 400, 'invalid_parameter', field));
    await bad({ from: addDays(today, 3), to: today }, 'to');
    await bad({ from: today, to: addDays(today, 121) }, 'to');
    await bad({ from: '2026-02-30' }, 'from');
    await bad({ to: 'tomorrow' }, 'to');
    expect(
      (await api.get('/junk/availability', { key, query: { from: today, to: addDays(today, 120) } })).body.data.days,
    ).toHaveLength(121);
  });

  it('POST /junk/quote prices a load in cents, half up, with the promo never more than the price', async () => {
    const res = await api.post('/junk/quote', { key, body: { load_fraction: '1/4', promo_code: 'tenoff' } });
    expect(res.status).toBe(200);
    // 249.99 - 10% (25.00, half up from 24.999) = 224.99; card fee 3% + 0.30 = 7.05 (6.7497 + 0.30 rounds half up).
    expect(res.body.data).toEqual({
      load: { load_fraction: '1/4', label: 'Quarter truck' },
      lines: { base: 249.99, promo_discount: 25 },
      promo: { ok: true, code: 'TENOFF', discount_type: 'percent', discount_percent: 10 },
      total: 224.99,
      total_cents: 22499,
      processing_fee: 7.05,
      processing_fee_cents: 705,
      card_fee_handling: 'customer_pays',
      gross_total: 232.04,
      gross_total_cents: 23204,
      currency: 'USD',
    });
    const fifty = await api.post('/junk/quote', { key, body: { load_fraction: 'min', promo_code: 'FIFTY' } });
    expect(fifty.body.data).toMatchObject({ lines: { base: 99, promo_discount: 50 }, total_cents: 4900 });
    const past = await api.post('/junk/quote', { key, body: { load_fraction: 'min', promo_code: 'PAST' } });
    expect(past.body.data).toMatchObject({ promo: { ok: false, reason: 'expired' }, total_cents: 9900 });
  });

  it('POST /junk/quote: an unknown or retired load is 404 not_found naming the loads there are', async () => {
    // Any unknown load_fraction, however long (spec section 4): 40 characters is a 404 too, not repeated back.
    for (const load_fraction of ['5/8', '3/4', 'x'.repeat(40)]) {
      const res = await api.post('/junk/quote', { key, body: { load_fraction } });
      expectError(res, 404, 'not_found', 'load_fraction');
      expect(res.body.error.details.allowed).toEqual(['min', '1/4', 'full']);
      expect(res.body.error.message).not.toContain('x'.repeat(17));
    }
    expectError(await api.post('/junk/quote', { key, body: {} }), 400, 'invalid_body', 'load_fraction');
  });

  it('POST /junk/intents refuses each day and window rule with its slot_* code', async () => {
    const slot = await freeSlot(api, target);
    const at = (job_date: string, start = '08:00', end = '10:00') => junkBody({ date: job_date, start, end });
    const cases: [Record<string, unknown>, string, string][] = [
      [at('2027-02-30'), 'slot_bad_date', 'job_date'],
      [at(addDays(today, -1)), 'slot_past_date', 'job_date'],
      [at(addDays(today, 1)), 'slot_past_date', 'job_date'],
      [at(today), 'slot_same_day_closed', 'job_date'],
      [at(addDays(today, 31)), 'slot_too_far', 'job_date'],
      [at(nextWeekday(2, 7)), 'slot_non_working_day', 'job_date'],
      [at(addDays(today, 9)), 'slot_blackout', 'job_date'],
      [at(slot.date, '11:00', '13:00'), 'slot_bad_window', 'time_window_start'],
      [at(slot.date, '08:00', '09:00'), 'slot_bad_window', 'time_window_start'],
      [at(nextWeekday(10, 6), '13:00', '15:00'), 'slot_bad_window', 'time_window_start'],
    ];
    for (const [body, code, field] of cases) {
      const res = await intents(body);
      expectError(res, 409, code, field);
    }
    const notOffered = await intents(at(slot.date, '11:00', '13:00'));
    expect(notOffered.body.error.details).toMatchObject({
      reason: 'not_offered',
      windows: expect.arrayContaining([{ start: '08:00', end: '10:00' }]),
    });
  });

  it('POST /junk/intents runs the company rules in order: offline, payments, area, promo, account', async () => {
    const slot = await freeSlot(api, target);
    expectError(await intents(junkBody(slot), junkoff.server), 409, 'booking_offline');
    expectError(await intents(junkBody(slot), stripeco.server), 409, 'payments_not_ready');
    expectError(await intents(junkBody(slot, { zip: '90210' })), 409, 'out_of_service_area', 'zip');
    expectError(await intents(junkBody(slot, { promo_code: 'NOPE' })), 409, 'promo_invalid', 'promo_code');
    const account = { name: 'Big', email: 'AP@bigbuilder.example', phone: '+1 212 555 0100' };
    expectError(await intents(junkBody(slot, { customer: account })), 409, 'account_customer', 'customer.email');
    expectError(await intents(junkBody(slot, { terms_accepted: false })), 400, 'invalid_body', 'terms_accepted');
    expectError(await intents(junkBody(slot, { load_fraction: 'huge' })), 404, 'not_found', 'load_fraction');
    expectError(await intents(junkBody(slot, { time_window_start: '8am' })), 400, 'invalid_body', 'time_window_start');
    // The day is checked before the area: a Sunday outside the area is a slot refusal.
    expectError(
      await intents(junkBody({ ...slot, date: nextWeekday(2, 7) }, { zip: '90210' })),
      409,
      'slot_non_working_day',
    );
  });

  it('POST /junk/intents is idempotent on session_id and freezes the price with the payment', async () => {
    const slot = await freeSlot(api, target);
    const session_id = `ses_junk_${Date.now()}`;
    const body = junkBody(slot, { session_id, load_fraction: 'full', promo_code: 'FIFTY' });
    const first = await intents(body);
    expect(first.status).toBe(200);
    // 699 - 50 = 649; fee 3% of 649 = 19.47 + 0.30.
    expect(first.body.data.amount).toEqual({
      total: 649,
      total_cents: 64900,
      processing_fee: 19.77,
      processing_fee_cents: 1977,
      gross_total: 668.77,
      gross_total_cents: 66877,
      card_fee_handling: 'customer_pays',
    });
    const again = await intents(body);
    expect(again.body.data.payment_intent_id).toBe(first.body.data.payment_intent_id);
    expectError(await intents({ ...body, load_fraction: 'min' }), 409, 'idempotency_conflict', 'session_id');
    // An open intent holds no seat (docs/decisions/unpaid-intents-hold-nothing.md): the window is as it was.
    const day = (await api.get('/junk/availability', { key, query: { from: slot.date, to: slot.date } })).body.data
      .days[0];
    expect(day.windows.find((w: any) => w.start === slot.start).remaining).toBe(slot.remaining);
  });

  describe('the card-paid job', () => {
    const hooks = receiver();
    let secret = '';
    beforeAll(async () => {
      const url = await hooks.start();
      secret = (
        await svc(
          target,
          'webhooks',
          'add',
          'acme',
          url,
          '--event',
          'booking.completed',
          '--event',
          'booking.held',
          '--event',
          'booking.released',
        )
      ).secret;
    });
    afterAll(async () => {
      for (const e of (await svc(target, 'webhooks', 'list', 'acme')) as any[])
        await svc(target, 'webhooks', 'remove', 'acme', e.id);
      await hooks.stop();
    });
    const eventFor = (jobNumber: number, name: string) =>
      hooks.received.find((r) => {
        const body = JSON.parse(r.body);
        return body.event === name && body.data.job_number === jobNumber;
      });

    it('confirm makes the job, its number, invoice and dispatch entry; the session shows it; repeats say already', async () => {
      const { slot, intent, paid, confirmed } = await bookJunk(api, target);
      expect(paid.body).toMatchObject({ status: 'requires_capture', amount: intent.amount.gross_total_cents });
      expect(confirmed.status).toBe(200);
      const job = confirmed.body.data;
      expect(job).toMatchObject({
        state: 'confirmed',
        job_number: expect.any(Number),
        job_date: slot.date,
        time_window: { start: slot.start, end: slot.end },
        photos: { max_count: 3, until: expect.any(String) },
      });
      expect(job.already).toBeUndefined();
      const pair = { session_id: intent.session_id, payment_intent_id: intent.payment_intent_id };
      const again = await api.post('/junk/confirm', { key, body: pair });
      expect(again.body.data).toMatchObject({ job_number: job.job_number, job_id: job.job_id, already: true });
      // A junk session is not confirmed by the dumpster endpoint, nor with another payment.
      expectError(await api.post('/confirm', { key, body: pair }), 404, 'not_found', 'session_id');
      expectError(
        await api.post('/junk/confirm', {
          key,
          body: { ...pair, payment_intent_id: 'pi_sbx_000000000000000000000000' },
        }),
        409,
        'payment_intent_mismatch',
        'payment_intent_id',
      );
      expectError(
        await api.post('/junk/confirm', { key, body: { ...pair, session_id: 'ses_unknown_1234' } }),
        404,
        'not_found',
        'session_id',
      );

      const session = (await api.get(`/sessions/${intent.session_id}`, { key })).body.data;
      expect(session).toMatchObject({
        kind: 'junk',
        state: 'confirmed',
        job_number: job.job_number,
        job_id: job.job_id,
        order_number: null,
      });

      const [listed] = ((await svc(target, 'jobs', 'list', 'acme')) as any[]).filter(
        (j) => j.session_id === intent.session_id,
      );
      expect(listed).toMatchObject({
        job_number: job.job_number,
        status: 'confirmed',
        payment_status: 'paid',
        load: 'Quarter truck',
        job_date: slot.date,
        window: `${slot.start}-${slot.end}`,
        charged: intent.amount.gross_total,
        photos: 0,
      });
      const outbox = (await svc(target, 'outbox', 'list', 'acme')) as any[];
      const topics = outbox
        .filter((m) => m.topic === 'job_confirmation' || m.topic === 'new_job')
        .map((m) => `${m.channel}:${m.topic}`);
      expect(topics).toEqual(
        expect.arrayContaining(['email:job_confirmation', 'sms:job_confirmation', 'email:new_job']),
      );

      await expect.poll(() => eventFor(job.job_number, 'booking.completed'), { timeout: 10_000 }).toBeDefined();
      const hook = eventFor(job.job_number, 'booking.completed') as { body: string; headers: Record<string, any> };
      expect(verifySignature(secret, hook.body, hook.headers['x-svc-signature'], Math.floor(Date.now() / 1000))).toBe(
        true,
      );
      assertWebhookContract(hook.body);
      expect(JSON.parse(hook.body).data).toMatchObject({
        service: 'junk',
        job_number: job.job_number,
        status: 'confirmed',
        job_date: slot.date,
        time_window: { start: slot.start, end: slot.end },
        load_fraction: '1/4',
        total_price: intent.amount.total,
        job_id: job.job_id,
      });
    });

    it('an elevated-risk card holds the job for review; svc jobs approve captures it and sends booking.released', async () => {
      const { intent, confirmed } = await bookJunk(api, target, TEST_CARDS.elevatedRisk);
      expect(confirmed.body.data.state).toBe('held');
      const number = confirmed.body.data.job_number;
      const held = ((await svc(target, 'jobs', 'list', 'acme')) as any[]).find((j) => j.job_number === number);
      expect(held).toMatchObject({ status: 'pending_risk_review', payment_status: 'unpaid' });
      await expect.poll(() => eventFor(number, 'booking.held'), { timeout: 10_000 }).toBeDefined();

      const approved = await svc(target, 'jobs', 'approve', 'acme', String(number));
      expect(approved).toMatchObject({
        job_number: number,
        status: 'confirmed',
        previous_status: 'pending_risk_review',
        payment_status: 'paid',
      });
      await expect.poll(() => eventFor(number, 'booking.released'), { timeout: 10_000 }).toBeDefined();
      const released = eventFor(number, 'booking.released') as { body: string };
      assertWebhookContract(released.body);
      expect(JSON.parse(released.body).data).toMatchObject({
        service: 'junk',
        previous_status: 'pending_risk_review',
        payment_status: 'paid',
      });
      await expect(svc(target, 'jobs', 'approve', 'acme', String(number))).rejects.toThrow(/not held for review/);
      expect((await api.get(`/sessions/${intent.session_id}`, { key })).body.data.state).toBe('held');
    });

    it('a declined card makes no job: confirm answers unconfirmed and the session stays open for a retry', async () => {
      const slot = await freeSlot(api, target);
      const intent = (await intents(junkBody(slot))).body.data;
      await payWithCard(target, intent, TEST_CARDS.genericDecline);
      const res = await api.post('/junk/confirm', {
        key,
        body: { session_id: intent.session_id, payment_intent_id: intent.payment_intent_id },
      });
      expectError(res, 409, 'unconfirmed');
      expect((await api.get(`/sessions/${intent.session_id}`, { key })).body.data).toMatchObject({
        state: 'intent_created',
        job_number: null,
      });
    });
  });
});
