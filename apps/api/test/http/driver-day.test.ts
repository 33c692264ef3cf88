import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { TEST_CARDS } from '../../src/payments/sandbox-cards';
import { book } from '../support/booking';
import { apiClient, expectError } from '../support/client';
import { type ConsoleClient, consoleAs } from '../support/console';
import { bookJunk } from '../support/junk';
import { withTargetDb } from '../support/target-db';

// The driver's day (docs/decisions/drivers-day.md): the office gives stops to drivers in order; a driver's
// session reaches its own stops only; each action from the phone is applied once, whatever repeats; the
// moves follow the order's state machine; photos go through the junk photos' pipeline.
const targets = inject('targets');

export const jpeg = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: '#777' } })
    .jpeg()
    .toBuffer();

describe.each(targets)("the driver's day on $name", (target) => {
  const api = apiClient(target.baseUrl);
  let staff: ConsoleClient;
  let driver: ConsoleClient;
  let driver2: ConsoleClient;
  let rival: ConsoleClient;
  beforeAll(async () => {
    [staff, driver, driver2, rival] = await Promise.all([
      consoleAs(target, 'acme', 'staff'),
      consoleAs(target, 'acme', 'driver'),
      consoleAs(target, 'acme', 'driver2'),
      consoleAs(target, 'rival', 'owner'),
    ]);
  });
  const booked = async () => {
    const { confirmed } = await book(api, target, TEST_CARDS.success);
    const number = confirmed.body.data.order_number as number;
    const order = (await staff.get(`/orders/${number}`)).body.data;
    const day = order.delivery_date as string;
    const board = (await staff.get('/dispatch', { query: { date: day } })).body.data;
    const stop = board.deliveries.find((s: { order_number: number }) => s.order_number === number).route.stop;
    return { number, day, id: (stop as string).split(':')[1] as string };
  };
  const driverId = async (who: ConsoleClient) => (await who.get('/me')).body.data;

  it('a driver sees its stops in the office’s order and nothing else', async () => {
    const [a, b, c] = [await booked(), await booked(), await booked()];
    const day = await staff.get('/dispatch', { query: { date: a.day } });
    expect(day.status, JSON.stringify(day.body)).toBe(200);
    const drivers = day.body.data.drivers as { id: string; name: string; role: string }[];
    expect(drivers[0]?.role).toBe('driver');
    const dana = drivers.find((d) => d.name === 'Dana Driver')?.id as string;
    const keys = [c, a, b].map((o) => `delivery:${o.id}`);
    const assigned = await staff.post('/dispatch/route', { body: { date: a.day, driver_id: dana, stops: keys } });
    expect(assigned.body.data.stops).toEqual(keys);
    const route = await driver.get('/driver/route', { query: { date: a.day } });
    expect(route.body.data.stops.map((s: { number: number }) => s.number)).toEqual([c.number, a.number, b.number]);
    const first = route.body.data.stops[0];
    expect(first).toMatchObject({ kind: 'delivery', position: 1, state: 'assigned', what: '10 Yard' });
    expect(first.actions).toEqual(['on_the_way', 'delivered', 'failed']);
    expect(first.maps_url).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    expect(JSON.stringify(route.body.data)).not.toMatch(/price|total|amount/);
    // The board shows each stop's driver and place.
    const board = await staff.get('/dispatch', { query: { date: a.day } });
    const routed = board.body.data.deliveries.find((s: { order_number: number }) => s.order_number === a.number);
    expect(routed.route).toMatchObject({ driver_name: 'Dana Driver', position: 2, field_state: 'assigned' });

    // Another driver of the company: its own (empty) route, and none of Dana's stops.
    expect((await driver2.get('/driver/route', { query: { date: a.day } })).body.data.stops).toEqual([]);
    const stolen = await driver2.post('/driver/actions', {
      body: { id: randomUUID(), stop: keys[0], action: 'on_the_way' },
    });
    expectError(stolen, 404, 'not_found', 'stop');
    // Another company: its office cannot route acme's stops, its members reach none of them.
    const foreign = await rival.post('/dispatch/route', {
      body: { date: a.day, driver_id: null, stops: [keys[0]] },
    });
    expectError(foreign, 404, 'not_found', 'stops[0]');
    expectError(
      await rival.post('/driver/actions', { body: { id: randomUUID(), stop: keys[0], action: 'on_the_way' } }),
      404,
      'not_found',
    );
    // A driver's account opens its route only: the office's lists, settings and other members are 403.
    for (const path of ['/orders', '/dispatch', '/dashboard', '/members', '/settings', '/field-charges']) {
      expectError(await driver.get(path), 403, 'forbidden');
    }
    expectError(
      await driver.post('/dispatch/route', { body: { date: a.day, driver_id: null, stops: [] } }),
      403,
      'forbidden',
    );
    expect((await driver.get('/me')).body.data.role).toBe('driver');
  });

  it('statuses move from the field along the order’s state machine, each action once', async () => {
    const o = await booked();
    const me = await driverId(driver);
    const dana = (await staff.get('/dispatch', { query: { date: o.day } })).body.data.drivers.find(
      (d: { name: string }) => d.name === me.name,
    ).id;
    const stop = `delivery:${o.id}`;
    await staff.post('/dispatch/route', { body: { date: o.day, driver_id: dana, stops: [stop] } });
    const onWay = { id: randomUUID(), stop, action: 'on_the_way' };
    const sent = await driver.post('/driver/actions', { body: onWay });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({
      replayed: false,
      stop: { state: 'on_the_way', status: 'out_for_delivery' },
    });
    expect((await driver.post('/driver/actions', { body: onWay })).body.data).toMatchObject({ replayed: true });
    expectError(
      await driver.post('/driver/actions', { body: { ...onWay, action: 'failed' } }),
      409,
      'state_conflict',
      'id',
    );
    // A delivery needs its placement photo; the wrong move for this stop is refused.
    const bare = await driver.post('/driver/actions', { body: { id: randomUUID(), stop, action: 'delivered' } });
    expectError(bare, 400, 'invalid_body', 'photo_id');
    const wrong = await driver.post('/driver/actions', { body: { id: randomUUID(), stop, action: 'picked_up' } });
    expectError(wrong, 409, 'state_conflict', 'action');
    // The photo: typed by content and cleaned; sent twice under one id, stored once.
    const photoId = randomUUID();
    const form = async () => {
      const f = new FormData();
      f.set('id', photoId);
      f.set('stop', stop);
      f.set('photo', new Blob([await jpeg()], { type: 'image/jpeg' }), 'placement.jpg');
      return f;
    };
    const up = await driver.post('/driver/photos', { form: await form() });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.data).toMatchObject({ id: photoId, stop, content_type: 'image/jpeg', width: 400 });
    expect((await driver.post('/driver/photos', { form: await form() })).body.data.id).toBe(photoId);
    const hostile = new FormData();
    hostile.set('id', randomUUID());
    hostile.set('stop', stop);
    hostile.set('photo', new Blob(['<svg onload=alert(1)>'], { type: 'image/jpeg' }), 'x.jpg');
    expectError(await driver.post('/driver/photos', { form: hostile }), 415, 'photo_type');
    const done = await driver.post('/driver/actions', {
      body: { id: randomUUID(), stop, action: 'delivered', photo_id: photoId },
    });
    expect(done.body.data.stop).toMatchObject({ state: 'done', status: 'delivered', photos: [photoId], actions: [] });
    // The photo is the office's to see, and the driver's; another company's member gets a 404.
    const image = await staff.get(`/field-photos/${photoId}`);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expectError(await rival.get(`/field-photos/${photoId}`), 404, 'not_found');
    expectError(await driver2.get(`/field-photos/${photoId}`), 404, 'not_found');
    // The customer's "on the way" text went out with the first move.
    const texts = await withTargetDb(target, async ({ db }) =>
      db.execute(
        sql`select payload->>'text' as text from outbox where topic = 'on_the_way' and payload->>'text' like ${`%order #${o.number})%`}`,
      ),
    );
    expect((texts as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    expect((await staff.get(`/orders/${o.number}`)).body.data.status).toBe('delivered');
  });

  /** A member's id on the board of a day. */
  const idOf = async (day: string, name: string) =>
    (await staff.get('/dispatch', { query: { date: day } })).body.data.drivers.find(
      (d: { name: string }) => d.name === name,
    ).id as string;

  it('a junk job’s visit moves the job: on the way (en route), done (completed)', async () => {
    const { confirmed, slot } = await bookJunk(api, target);
    const number = confirmed.body.data.job_number as number;
    const board = (await staff.get('/dispatch', { query: { date: slot.date } })).body.data;
    const job = board.jobs.find((j: { job_number: number }) => j.job_number === number);
    expect(job.route).toMatchObject({ field_state: 'unassigned', driver_id: null });
    const stop = job.route.stop as string;
    await staff.post('/dispatch/route', {
      body: { date: slot.date, driver_id: await idOf(slot.date, 'Dana Driver'), stops: [stop] },
    });
    const [shown] = (await driver.get('/driver/route', { query: { date: slot.date } })).body.data.stops;
    expect(shown).toMatchObject({ kind: 'junk', number, notes: 'An old couch in the garage', what: 'Quarter truck' });
    expect(shown.window).toEqual({ start: slot.start, end: slot.end });
    const way = await driver.post('/driver/actions', { body: { id: randomUUID(), stop, action: 'on_the_way' } });
    expect(way.body.data.stop).toMatchObject({ state: 'on_the_way', status: 'en_route' });
    const done = await driver.post('/driver/actions', { body: { id: randomUUID(), stop, action: 'done' } });
    expect(done.body.data.stop).toMatchObject({ state: 'done', status: 'completed', actions: [] });
  });

  it('could not complete: the reason kept, the delivery back to waiting, the wasted-trip fee noticed', async () => {
    const o = await booked();
    const stop = `delivery:${o.id}`;
    await staff.post('/dispatch/route', {
      body: { date: o.day, driver_id: await idOf(o.day, 'Dana Driver'), stops: [stop] },
    });
    await driver.post('/driver/actions', { body: { id: randomUUID(), stop, action: 'on_the_way' } });
    const noReason = await driver.post('/driver/actions', { body: { id: randomUUID(), stop, action: 'failed' } });
    expectError(noReason, 400, 'invalid_body', 'reason');
    const failed = await driver.post('/driver/actions', {
      body: { id: randomUUID(), stop, action: 'failed', reason: 'blocked' },
    });
    expect(failed.body.data.stop).toMatchObject({ state: 'failed', failure: 'blocked', status: 'waiting_delivery' });
    const charges = (await staff.get('/field-charges')).body.data.filter(
      (c: { order_number: number }) => c.order_number === o.number,
    );
    // $75, untaxed, card fee 3% + $0.30 = 2.55: 77.55.
    expect(charges).toEqual([
      expect.objectContaining({
        kind: 'wasted_trip',
        status: 'noticed',
        failure: 'blocked',
        amount: 75,
        gross_total: 77.55,
      }),
    ]);
    const board = (await staff.get('/dispatch', { query: { date: o.day } })).body.data;
    const routed = board.deliveries.find((s: { order_number: number }) => s.order_number === o.number);
    expect(routed.route).toMatchObject({ field_state: 'failed', failure: 'blocked' });
    // Out of range weights are refused by the contract, before anything is written.
    const heavy = await driver.post('/driver/actions', {
      body: { id: randomUUID(), stop, action: 'weigh_ticket', ticket: { net_tons: 41, landfill_cost: 10 } },
    });
    expectError(heavy, 400, 'invalid_body', 'ticket.net_tons');
  });

  it('the office saving a route while its driver acts loses neither: the state stays, a moved stop is refused', async () => {
    const o = await booked();
    const stop = `delivery:${o.id}`;
    const [dana, drew] = [await idOf(o.day, 'Dana Driver'), await idOf(o.day, 'Drew Driver')];
    const give = (driverId: string) =>
      staff.post('/dispatch/route', { body: { date: o.day, driver_id: driverId, stops: [stop] } });
    await give(dana);
    const [saved, acted] = await Promise.all([
      give(dana),
      driver.post('/driver/actions', { body: { id: randomUUID(), stop, action: 'on_the_way' } }),
    ]);
    expect([saved.status, acted.status]).toEqual([200, 200]);
    const [shown] = (await driver.get('/driver/route', { query: { date: o.day } })).body.data.stops;
    expect(shown).toMatchObject({ stop, state: 'on_the_way' });
    // Given to another driver while Dana fails it: Dana's action lands first (and the stop keeps it) or is a 404.
    const [moved, late] = await Promise.all([
      give(drew),
      driver.post('/driver/actions', { body: { id: randomUUID(), stop, action: 'failed', reason: 'not_there' } }),
    ]);
    expect(moved.status).toBe(200);
    expect([200, 404]).toContain(late.status);
    const [theirs] = (await driver2.get('/driver/route', { query: { date: o.day } })).body.data.stops;
    expect(theirs.state).toBe(late.status === 200 ? 'failed' : 'on_the_way');
  });
});
