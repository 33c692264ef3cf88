import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { addDays } from '../../src/domain/dates';
import { payWithCard } from '../support/booking';
import { svc } from '../support/cli';
import { apiClient, expectError } from '../support/client';
import { signIn } from '../support/console';
import { openFrom, permitCompany } from '../support/permits';

const targets = inject('targets');

const scan = () =>
  sharp({ create: { width: 600, height: 800, channels: 3, background: '#eee' } })
    .jpeg()
    .toBuffer();

// Street permits in the office (docs/decisions/street-permits.md): Needs action with apply_by, recording a
// permit with its scan, dispatch's refusal and an owner's override, the extension's fee and the settings.
describe.each(targets)('street permits in the office on $name', (target) => {
  const api = apiClient(target.baseUrl);
  const { today } = target.fixtures;

  /** One paid booking for a permit company, delivered on `delivery` (on the street when asked): its order number. */
  async function bookFor(erie: Awaited<ReturnType<typeof permitCompany>>, delivery: string, placement?: 'street') {
    const intent = await api.post('/intents', {
      key: erie.key,
      body: {
        size_id: erie.size,
        rental_days: 7,
        delivery_date: delivery,
        delivery_address: '9 Elm St',
        delivery_city: 'New York',
        delivery_zip: '10002',
        ...(placement ? { placement } : {}),
        customer: { name: 'Sam Street', email: `sam.${randomUUID()}@example.com`, phone: '+1 212 555 0198' },
        terms_accepted: true,
      },
    });
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    await payWithCard(target, intent.body.data);
    const made = await api.post('/confirm', {
      key: erie.key,
      body: { session_id: intent.body.data.session_id, payment_intent_id: intent.body.data.payment_intent_id },
    });
    return made.body.data.order_number as number;
  }

  it('from the booking to the delivery: apply by, record, refuse, override, extend', async () => {
    const erie = await permitCompany(target, 'erie');
    const staff = (await signIn(target, erie.staff.email, erie.staff.password)).client;
    const owner = (await signIn(target, erie.owner.email, erie.owner.password)).client;
    const delivery = openFrom(today, 15, 7);
    const a = await bookFor(erie, delivery, 'street');
    const b = await bookFor(erie, delivery, 'street');
    const c = await bookFor(erie, delivery);

    // Needs action: each street order, by the day the office must apply (delivery less 14 days).
    const queue = (await staff.get('/needs-action')).body.data;
    const tasks = queue.permits.filter((p: any) => [a, b, c].includes(p.order_number));
    expect(tasks).toEqual(
      [a, b].map((n) => ({
        kind: 'apply_for_permit',
        order_number: n,
        customer_name: 'Sam Street',
        address: expect.stringContaining('9 Elm St'),
        delivery_date: delivery,
        pickup_date: addDays(delivery, 7),
        rule: 'Erie, CO',
        apply_by: addDays(delivery, -14),
        overdue: false,
      })),
    );
    expect((await staff.get('/needs-action/counts')).body.data.needs_action).toBeGreaterThanOrEqual(2);

    const order = async (n: number) => (await staff.get(`/orders/${n}`)).body.data;
    expect(await order(a)).toMatchObject({
      placement: 'street',
      permit: {
        rule: 'Erie, CO',
        applies: 'company',
        status: 'needed',
        apply_by: addDays(delivery, -14),
        fee: 15,
        covered_through: addDays(delivery, 7),
        number: null,
        scan: null,
        override: null,
      },
    });
    expect(await order(c)).toMatchObject({ placement: 'private', permit: null });
    // The invoice shows what was charged: the permit's line, and lines that add up to the total.
    const { invoice } = await order(a);
    expect(invoice.lines).toContainEqual({ label: 'Street permit', amount: 15 });
    const sum = invoice.lines.reduce((cents: number, l: { amount: number }) => cents + Math.round(l.amount * 100), 0);
    expect(sum).toBe(Math.round(invoice.total * 100));
    expect((await order(c)).invoice.lines.map((l: { label: string }) => l.label)).not.toContain('Street permit');

    // Dispatch: no permit, no delivery; staff cannot override it, an owner can.
    const move = (client: typeof staff, n: number, body: Record<string, unknown>) =>
      client.post(`/orders/${n}/status`, { body });
    expect((await move(staff, a, { status: 'scheduled' })).status).toBe(200);
    const refused = await move(staff, a, { status: 'out_for_delivery' });
    expectError(refused, 409, 'permit_required', 'status');
    expect(refused.body.error.details).toEqual({ order_number: a, rule: 'Erie, CO', apply_by: addDays(delivery, -14) });
    expectError(await move(staff, a, { status: 'out_for_delivery', override_reason: 'trust me' }), 403, 'forbidden');
    expect((await move(staff, c, { status: 'scheduled' })).status).toBe(200);
    expect((await move(staff, c, { status: 'out_for_delivery' })).status).toBe(200);

    // Recording the permit, with its scan; bad fields are named.
    const form = async (fields: Record<string, string>, withScan = true) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(fields)) f.set(k, v);
      if (withScan) f.set('scan', new Blob([await scan()], { type: 'image/jpeg' }), 'permit.jpg');
      return f;
    };
    const good = { number: 'ROW-2026-118', starts_on: delivery, ends_on: addDays(delivery, 7) };
    expectError(
      await staff.post(`/orders/${a}/permit`, { form: await form({ ...good, number: '' }) }),
      400,
      'invalid_body',
      'number',
    );
    expectError(
      await staff.post(`/orders/${a}/permit`, { form: await form({ ...good, ends_on: addDays(delivery, -1) }) }),
      400,
      'invalid_body',
      'ends_on',
    );
    expectError(
      await staff.post(`/orders/${c}/permit`, { form: await form(good) }),
      409,
      'state_conflict',
      'order_number',
    );
    const recorded = await staff.post(`/orders/${a}/permit`, { form: await form(good) });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    expect(recorded.body.data).toMatchObject({
      status: 'recorded',
      number: 'ROW-2026-118',
      starts_on: delivery,
      ends_on: addDays(delivery, 7),
      scan: { content_type: 'image/jpeg', width: 600, height: 800, url: `/console/v1/orders/${a}/permit/scan` },
    });
    const image = await staff.get(`/orders/${a}/permit/scan`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expectError(await staff.get(`/orders/${b}/permit/scan`), 404, 'not_found');
    // Sent again without a file: the number changes, the scan stays.
    const again = await staff.post(`/orders/${a}/permit`, {
      form: await form({ ...good, number: 'ROW-2026-119' }, false),
    });
    expect(again.body.data).toMatchObject({ number: 'ROW-2026-119', scan: { content_type: 'image/jpeg' } });
    const after = (await staff.get('/needs-action')).body.data.permits.map((p: any) => p.order_number);
    expect(after).toContain(b);
    expect(after).not.toContain(a);
    expect((await move(staff, a, { status: 'out_for_delivery' })).status).toBe(200);

    // The owner sends b out without one, for a reason kept on the permit.
    expect((await move(owner, b, { status: 'scheduled' })).status).toBe(200);
    const overridden = await move(owner, b, {
      status: 'out_for_delivery',
      override_reason: 'Permit faxed, number to follow',
    });
    expect(overridden.status, JSON.stringify(overridden.body)).toBe(200);
    expect((await order(b)).permit).toMatchObject({
      status: 'overridden',
      override: { reason: 'Permit faxed, number to follow', by: 'erie owner' },
    });

    // Extending past what the permit's fees cover adds the city's extension fee, shown before paying.
    const quoteExtend = (n: number) =>
      api.post(`/orders/${n}/changes/quote`, { key: erie.key, body: { kind: 'extend', days: 3 } });
    const street = (await quoteExtend(a)).body.data.amounts;
    const plain = (await quoteExtend(c)).body.data.amounts;
    expect(plain).not.toHaveProperty('permit_extension_fee');
    expect(street.permit_extension_fee).toBe(25);
    expect(Math.round(street.total * 100)).toBe(Math.round(plain.total * 100) + 2_500);
    const extended = await api.post(`/orders/${a}/changes`, {
      key: erie.key,
      body: { kind: 'extend', days: 3 },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(extended.body.data, JSON.stringify(extended.body)).toMatchObject({
      status: 'applied',
      amounts: { permit_extension_fee: 25 },
    });
    expect((await order(a)).permit.covered_through).toBe(addDays(delivery, 14));
    const extend = (await staff.get('/needs-action')).body.data.permits.find((p: any) => p.order_number === a);
    expect(extend).toMatchObject({
      kind: 'extend_permit',
      apply_by: addDays(delivery, 7),
      pickup_date: addDays(delivery, 10),
    });
    // Within what is now covered, a further day adds nothing of the permit's.
    expect(
      (await api.post(`/orders/${a}/changes/quote`, { key: erie.key, body: { kind: 'extend', days: 1 } })).body.data
        .amounts,
    ).not.toHaveProperty('permit_extension_fee');
  });

  it("the driver's phone cannot take a street delivery out without its permit either", async () => {
    const erie = await permitCompany(target, 'erie');
    const staff = (await signIn(target, erie.staff.email, erie.staff.password)).client;
    const driver = (await signIn(target, erie.driver.email, erie.driver.password)).client;
    const delivery = openFrom(today, 15, 7);
    const n = await bookFor(erie, delivery, 'street');
    const board = (await staff.get('/dispatch', { query: { date: delivery } })).body.data;
    const stop = board.deliveries.find((s: { order_number: number }) => s.order_number === n).route.stop as string;
    const driverId = board.drivers.find((d: { name: string }) => d.name === 'erie driver').id as string;
    expect(
      (await staff.post('/dispatch/route', { body: { date: delivery, driver_id: driverId, stops: [stop] } })).status,
    ).toBe(200);
    const onTheWay = () => driver.post('/driver/actions', { body: { id: randomUUID(), stop, action: 'on_the_way' } });
    const refused = await onTheWay();
    expectError(refused, 409, 'permit_required', 'action');
    expect((await staff.get(`/orders/${n}`)).body.data.status).toBe('confirmed');
    const f = new FormData();
    f.set('number', 'ROW-77');
    f.set('starts_on', delivery);
    f.set('ends_on', addDays(delivery, 7));
    expect((await staff.post(`/orders/${n}/permit`, { form: f })).body.data).toMatchObject({
      status: 'recorded',
      scan: null,
    });
    const went = await onTheWay();
    expect(went.status, JSON.stringify(went.body)).toBe(200);
    expect((await staff.get(`/orders/${n}`)).body.data.status).toBe('out_for_delivery');
  });

  it('a street delivery moved keeps the lead days from today; apply by and the coverage follow it; a recorded permit holds it inside its dates', async () => {
    const erie = await permitCompany(target, 'erie');
    const staff = (await signIn(target, erie.staff.email, erie.staff.password)).client;
    const delivery = openFrom(today, 15, 7);
    const n = await bookFor(erie, delivery, 'street');
    const moveTo = (day: string) =>
      api.post(`/orders/${n}/changes`, {
        key: erie.key,
        body: { kind: 'move_delivery', delivery_date: day },
        headers: { 'idempotency-key': randomUUID() },
      });
    const permitOf = async () => (await staff.get(`/orders/${n}`)).body.data.permit;
    expect(await permitOf()).toMatchObject({ apply_by: addDays(delivery, -14), covered_through: addDays(delivery, 7) });

    // Earlier than the city's 14 days from today: refused as the booking's calendar would, nothing changed.
    const early = await moveTo(openFrom(today, 2, 7));
    expectError(early, 409, 'date_closed', 'delivery_date');
    expect(early.body.error.details).toEqual({
      reason: 'permit_lead_days',
      earliest_delivery_date: addDays(today, 14),
    });

    const later = openFrom(today, 22, 7);
    const moved = await moveTo(later);
    expect(moved.body.data, JSON.stringify(moved.body)).toMatchObject({ status: 'applied' });
    expect(await permitOf()).toMatchObject({ apply_by: addDays(later, -14), covered_through: addDays(later, 7) });
    const task = (await staff.get('/needs-action')).body.data.permits.find((p: any) => p.order_number === n);
    expect(task).toMatchObject({ kind: 'apply_for_permit', apply_by: addDays(later, -14), delivery_date: later });

    // Recorded for those days, the permit is what holds: a move outside it is the office's to arrange.
    const f = new FormData();
    f.set('number', 'ROW-9');
    f.set('starts_on', later);
    f.set('ends_on', addDays(later, 9));
    expect((await staff.post(`/orders/${n}/permit`, { form: f })).status).toBe(200);
    const outside = await moveTo(openFrom(today, 30, 7));
    expectError(outside, 409, 'change_not_allowed', 'delivery_date');
    expect(outside.body.error.details).toEqual({ permit_starts_on: later, permit_ends_on: addDays(later, 9) });
    expect((await staff.get(`/orders/${n}`)).body.data.delivery_date).toBe(later);
  });

  it("an operator's svc orders status is refused the same way, and --override-reason sends it out with the reason", async () => {
    const erie = await permitCompany(target, 'erie');
    const staff = (await signIn(target, erie.staff.email, erie.staff.password)).client;
    const n = String(await bookFor(erie, openFrom(today, 15, 7), 'street'));
    await svc(target, 'orders', 'status', erie.slug, n, 'scheduled');
    await expect(svc(target, 'orders', 'status', erie.slug, n, 'out_for_delivery')).rejects.toThrow(
      /sits on the street in Erie, CO: record its permit/,
    );
    await expect(
      svc(target, 'orders', 'status', erie.slug, n, 'out_for_delivery', '--override-reason', '  '),
    ).rejects.toThrow(/--override-reason: say why/);
    expect((await staff.get(`/orders/${n}`)).body.data.status).toBe('scheduled');

    const moved = await svc(
      target,
      'orders',
      'status',
      erie.slug,
      n,
      'out_for_delivery',
      '--override-reason',
      'Permit posted on site',
    );
    expect(moved).toMatchObject({ status: 'out_for_delivery', previous_status: 'scheduled', permit_overridden: true });
    expect((await staff.get(`/orders/${n}`)).body.data.permit).toMatchObject({
      status: 'overridden',
      override: { reason: 'Permit posted on site', by: null },
    });
  });

  it('the rules in Settings: staff read them, owners change them, the booking follows', async () => {
    const erie = await permitCompany(target, 'erie');
    const staff = (await signIn(target, erie.staff.email, erie.staff.password)).client;
    const owner = (await signIn(target, erie.owner.email, erie.owner.password)).client;
    const read = (await staff.get('/settings')).body.data.sections.permits;
    expect(read.permits).toMatchObject({
      elsewhere: 'allowed',
      rules: [{ name: 'Erie, CO', zips: ['10002'], cities: [], lead_days: 14, city_fee: 10, covers_days: 7 }],
    });
    const rules = structuredClone(read.permits);
    rules.rules[0].lead_days = 7;
    expectError(await staff.post('/settings/permits', { body: { permits: rules } }), 403, 'forbidden');
    const saved = await owner.post('/settings/permits', { body: { permits: rules } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.sections.permits.permits.rules[0].lead_days).toBe(7);
    const street = { size_id: erie.size, rental_days: 7, placement: 'street', delivery_zip: '10002' };
    await expect
      .poll(
        async () =>
          (await api.post('/quote', { key: erie.key, body: street })).body.data.permit?.earliest_delivery_date,
      )
      .toBe(addDays(today, 7));
    rules.rules[0].lead_days = 99;
    expectError(
      await owner.post('/settings/permits', { body: { permits: rules } }),
      400,
      'invalid_body',
      'permits.rules.0.lead_days',
    );
    expect((await owner.post('/settings/permits', { body: { permits: null } })).body.data.sections.permits).toEqual({
      permits: null,
    });
    await expect
      .poll(async () => (await api.get('/company', { key: erie.key })).body.data.booking.placement)
      .toBeUndefined();
  });
});
