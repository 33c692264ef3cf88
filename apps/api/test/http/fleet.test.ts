import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { orders } from '../../src/db/schema';
import { addDays } from '../../src/domain/dates';
import { intentBody, openDay, payWithCard, raceToConfirm } from '../support/booking';
import { eventually, svc } from '../support/cli';
import { apiClient, expectError } from '../support/client';
import { acmeTwin } from '../support/companies';
import { type ConsoleClient, consoleAs } from '../support/console';
import type { Target } from '../support/servers';
import { sandboxStatuses, withTargetDb } from '../support/target-db';

// The fleet is a booking rule (docs/decisions/fleet.md): a company with one 30-yard can never sells it twice,
// on any server, under any concurrency; an order takes it from delivery through pickup plus the turnaround,
// an open intent takes nothing (docs/decisions/unpaid-intents-hold-nothing.md); a can picked up early or an
// order canceled frees it at once; and a card paid after the can went to someone else makes no order and
// gets its authorization back.
const targets = inject('targets');

type Intent = { session_id: string; payment_intent_id: string; client_secret: string };
const RENTAL = 9;

/** acme's config with a 30-yard size the company owns one can of, a one-day turnaround, and every day open. */
const oneCanCompany = async (target: Target) => {
  const co = await acmeTwin(target, 'One Can Hauling', (base) => ({
    booking: { ...base.booking, non_working_weekdays: [] },
    closed_dates: [],
    sizes: [
      ...base.sizes,
      { key: '30yd', label: '30 Yard', yards: 30, included_tons: 4, prices: { d7: 600, extra_day: 20 } },
    ],
    fleet: { turnaround_days: 1, sizes: [{ size: '30yd', cans: 1 }] },
  }));
  const sizes = (await apiClient(target.baseUrl).get('/sizes', { key: co.key })).body.data as any[];
  return { ...co, big: sizes.find((s) => s.yards === 30) as any, small: sizes.find((s) => s.yards === 10) as any };
};

const ordersOf = (target: Target, sessionIds: string[]) =>
  withTargetDb(target, ({ db }) =>
    db.select({ id: orders.id }).from(orders).where(inArray(orders.sessionId, sessionIds)),
  );

describe.each(targets)('the fleet on $name', (target) => {
  const api = apiClient(target.baseUrl);
  const { today } = target.fixtures;
  let co: Awaited<ReturnType<typeof oneCanCompany>>;
  beforeAll(async () => {
    co = await oneCanCompany(target);
  });
  const rental = (delivery: string, overrides: Record<string, unknown> = {}) =>
    intentBody(target, { size_id: co.big.id, rental_days: RENTAL, delivery_date: delivery, ...overrides });
  const intent = (body: object) => api.post('/intents', { key: co.key, body });
  const confirm = (i: Intent) =>
    api.post('/confirm', { key: co.key, body: { session_id: i.session_id, payment_intent_id: i.payment_intent_id } });
  const book = async (delivery: string, rentalDays = RENTAL) => {
    const opened = await intent(rental(delivery, { rental_days: rentalDays }));
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    await payWithCard(target, opened.body.data);
    const made = await confirm(opened.body.data);
    expect(made.body.data.state).toBe('confirmed');
    return made.body.data.order_number as number;
  };
  const move = async (orderNumber: number, ...statuses: string[]) => {
    for (const status of statuses) await svc(target, 'orders', 'status', co.slug, String(orderNumber), status);
  };
  const availability = (query: Record<string, string>) => api.get('/availability', { key: co.key, query });

  it('says which sizes it counts; without size_id the calendar is exactly as before', async () => {
    expect(co.big.fleet).toEqual({ rental_days: 7, next_delivery_date: expect.any(String) });
    expect(co.small).not.toHaveProperty('fleet');
    const plain = (await availability({})).body.data;
    expect(plain).not.toHaveProperty('fleet');
    expect(plain.closed.every((c: any) => c.reason !== 'fleet_full')).toBe(true);
    // A size whose cans are not counted answers as the calendar does.
    expect((await availability({ size_id: co.small.id, rental_days: String(RENTAL) })).body.data).toEqual(plain);
    expectError(await availability({ size_id: co.big.id }), 400, 'invalid_parameter', 'rental_days');
    const stranger = '00000000-0000-4000-8000-0000000000ff';
    expectError(await availability({ size_id: stranger, rental_days: '3' }), 404, 'not_found', 'size_id');
  });

  it('20 paid intents for overlapping rentals of the one can, confirmed at once: one order, nineteen released', async () => {
    const days = [addDays(today, 1), addDays(today, 2), addDays(today, 3)];
    const first = days[0] as string;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => intent(rental(days[i % days.length] as string))),
    );
    // An open intent takes no can: all twenty open, and the calendar still offers the days.
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const before = (await availability({ size_id: co.big.id, rental_days: String(RENTAL), from: today })).body.data;
    expect(before.closed.filter((c: any) => c.reason === 'fleet_full').map((c: any) => c.date)).not.toContain(first);
    const intents = answers.map((a) => a.body.data as Intent);
    const held = await raceToConfirm(target, intents, confirm, { code: 'size_sold_out', reason: 'fleet_full' });

    // The order's days are closed for that size and rental, with their own reason; the next free day is named.
    const view = (await availability({ size_id: co.big.id, rental_days: String(RENTAL), from: today })).body.data;
    const full = view.closed.filter((c: any) => c.reason === 'fleet_full').map((c: any) => c.date);
    expect(full).toEqual(expect.arrayContaining(days));
    expect(view.fleet.size_id).toBe(co.big.id);
    expect(full).not.toContain(view.fleet.next_delivery_date);
    const refused = await intent(rental(first));
    expectError(refused, 409, 'size_sold_out', 'size_id');
    expect(refused.body.error.details).toMatchObject({ reason: 'fleet_full', size_id: co.big.id });
    expect(refused.body.error.details.next_delivery_date > refused.body.error.details.delivery_date).toBe(true);
    // GET /sizes moves the can's next delivery day past the rental with the same catalog.
    const sizesNow = (await api.get('/sizes', { key: co.key })).body.data as any[];
    const bigNow = sizesNow.find((s) => s.id === co.big.id);
    expect(bigNow.fleet.next_delivery_date > co.big.fleet.next_delivery_date).toBe(true);
    expect(sizesNow.find((s) => s.id === co.small.id)).toEqual(co.small);
    // The 10-yard size is not counted: it sells as before.
    expect((await intent(rental(first, { size_id: co.small.id }))).status).toBe(200);

    // The can is back the day after its pickup plus the one-day turnaround, not before.
    const order = (
      await withTargetDb(target, ({ db }) => db.select().from(orders).where(eq(orders.sessionId, held.session_id)))
    )[0] as typeof orders.$inferSelect;
    expect(order.pickupDate).toBe(addDays(order.deliveryDate, RENTAL));
    const onTurnaround = await intent(rental(addDays(order.pickupDate, 1), { rental_days: 3 }));
    expectError(onTurnaround, 409, 'size_sold_out', 'size_id');
    expect(onTurnaround.body.error.details.next_delivery_date).toBe(addDays(order.pickupDate, 2));
    expect((await intent(rental(addDays(order.pickupDate, 2), { rental_days: 3 }))).status).toBe(200);
  });

  it('a can picked up early is free at once; a canceled order frees its can', async () => {
    // The order of the race above has the can: picked up today, before its pickup date, the can is back
    // after the turnaround (tomorrow), not on its pickup date.
    const short = (delivery: string) => rental(delivery, { rental_days: 3 });
    const taken = addDays(today, 2);
    expectError(await intent(short(taken)), 409, 'size_sold_out');
    const [onCan] = await withTargetDb(target, ({ db }) =>
      db.select({ n: orders.orderNumber }).from(orders).where(eq(orders.sizeId, co.big.id)),
    );
    await move(onCan?.n as number, 'scheduled', 'out_for_delivery', 'delivered', 'picked_up');
    const again = await book(taken, 3);
    expectError(await intent(short(taken)), 409, 'size_sold_out');
    await move(again, 'canceled');
    expect((await intent(short(taken))).status).toBe(200);
  });

  it('a card paid after another customer took the can: no order, the card released, the session failed', async () => {
    const day = addDays(today, 20);
    const slow = (await intent(rental(day))).body.data as Intent;
    expect(slow.session_id).toBeTruthy();
    // Another customer opens, pays and confirms while the first is still at the card form.
    const quick = await intent(rental(day));
    expect(quick.status).toBe(200);
    await payWithCard(target, quick.body.data);
    expect((await confirm(quick.body.data)).body.data.state).toBe('confirmed');
    // The first customer finishes the card now.
    await payWithCard(target, slow);
    const late = await confirm(slow);
    expectError(late, 409, 'size_sold_out', 'session_id');
    expect(late.body.error.details).toMatchObject({ reason: 'fleet_full', payment: 'released' });
    expect(await ordersOf(target, [slow.session_id])).toHaveLength(0);
    expect(await sandboxStatuses(target, [slow.payment_intent_id])).toEqual({ [slow.payment_intent_id]: 'canceled' });
    const session = (await api.get(`/sessions/${slow.session_id}`, { key: co.key })).body.data;
    expect(session.state).toBe('failed');
    // Confirming again answers that the booking failed; nothing is made.
    expectError(await confirm(slow), 409, 'unconfirmed');
    expect(await ordersOf(target, [slow.session_id])).toHaveLength(0);
  });
});

// The fleet is set and read where the company works: the console's settings (owners change it, staff read
// it), `svc company show`, the Fleet page's counts, the dispatch board's last can, and the Data API's sizes.
describe.each(targets)("acme's fleet through the console and the Data API on $name", (target) => {
  const { today, acme } = target.fixtures;
  const api = apiClient(target.baseUrl);
  const data = apiClient(target.baseUrl, 'data');
  let owner: ConsoleClient;
  let staff: ConsoleClient;
  beforeAll(async () => {
    owner = await consoleAs(target, 'acme', 'owner');
    staff = await consoleAs(target, 'acme', 'staff');
  });
  afterAll(async () => {
    // acme counts no cans for the files after this one.
    expect((await owner.post('/settings/fleet', { body: { fleet: null } })).status).toBe(200);
  });
  const day = openDay(today, 40, 3);
  const fleet = {
    turnaround_days: 0,
    sizes: [{ size: '20yd', cans: 1 }],
    out_of_service: [{ size: '20yd', from: addDays(today, 3), to: addDays(today, 4), cans: 1, note: 'New floor' }],
  };

  it('owners set the cans in the settings, staff read them; svc reads the same back; a wrong size is named', async () => {
    expect((await staff.get('/settings')).body.data.sections.fleet).toEqual({ fleet: null });
    expectError(await staff.post('/settings/fleet', { body: { fleet } }), 403, 'forbidden');
    const wrong = { ...fleet, sizes: [{ size: '99yd', cans: 1 }] };
    expectError(
      await owner.post('/settings/fleet', { body: { fleet: wrong } }),
      400,
      'invalid_body',
      'fleet.sizes.0.size',
    );
    const saved = await owner.post('/settings/fleet', { body: { fleet } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.sections.fleet).toEqual({ fleet });
    expect((await staff.get('/settings')).body.data.sections.fleet).toEqual({ fleet });
    expect((await svc(target, 'company', 'show', 'acme')).fleet).toEqual(fleet);
  });

  it('the Fleet page counts the can out and in repair; the dispatch board marks the delivery that took the last can', async () => {
    const size = acme.sizes['20yd'];
    const opened = await api.post('/intents', {
      key: acme.server,
      body: intentBody(target, { size_id: size, rental_days: 3, delivery_date: day }),
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    await payWithCard(target, opened.body.data);
    const made = await api.post('/confirm', {
      key: acme.server,
      body: { session_id: opened.body.data.session_id, payment_intent_id: opened.body.data.payment_intent_id },
    });
    expect(made.body.data.state).toBe('confirmed');

    const page = (await staff.get('/fleet', { query: { from: addDays(today, 3) } })).body.data;
    const twenty = page.sizes.find((s: any) => s.key === '20yd');
    expect(twenty).toMatchObject({
      cans: 1,
      turnaround_days: 0,
      out_of_service: fleet.out_of_service.map(({ size: _, ...o }) => o),
    });
    expect(twenty.days).toHaveLength(60);
    // Other files' acme orders may have 20-yard cans out near today: the repair and day 40's rental are ours.
    expect(twenty.days[0]).toMatchObject({ date: addDays(today, 3), in_repair: 1, free: 0 });
    const around = twenty.days.filter((d: any) => d.date >= addDays(day, -1) && d.date <= addDays(day, 4));
    expect(around.map((d: any) => [d.out, d.free])).toEqual([
      [0, 1],
      [1, 0],
      [1, 0],
      [1, 0],
      [1, 0],
      [0, 1],
    ]);
    expect(twenty.full_days).toEqual(expect.arrayContaining([addDays(today, 3), addDays(today, 4), day]));
    expect(page.untracked.map((s: any) => s.size_id)).toContain(acme.sizes['10yd']);

    const board = (await staff.get('/dispatch', { query: { date: day } })).body.data;
    const stop = board.deliveries.find((d: any) => d.order_number === made.body.data.order_number);
    expect(stop.last_can).toBe(true);
    expect(board.deliveries.filter((d: any) => d.size !== '20 Yard').every((d: any) => !d.last_can)).toBe(true);

    // The Data API: each size's cans and how many are out and in repair today (null: not counted).
    // (The Data API reads the cached catalog, which hears of the settings' change within a second.)
    await eventually(async () => {
      const sizes = (await data.get('/sizes', { key: target.fixtures.data.acme })).body.data as any[];
      expect(sizes.find((s) => s.key === '20yd').fleet).toEqual({
        cans: 1,
        out_today: expect.any(Number),
        in_repair_today: 0,
      });
      expect(sizes.find((s) => s.key === '10yd').fleet).toBeNull();
    });
  });
});
