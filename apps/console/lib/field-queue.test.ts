import { describe, expect, it } from 'vitest';
import type { ApiResult } from './api';
import {
  actionsFor,
  bannerText,
  type DriverRoute,
  type DriverStop,
  type FieldTransport,
  flushQueue,
  newId,
  nextSeq,
  parseTicket,
  type QueuedAction,
  type QueuedPhoto,
  verdictOf,
  withQueued,
} from './field-queue';
import { memoryStore, routeCache } from './field-store';

const stop = (over: Partial<DriverStop> = {}): DriverStop => ({
  stop: 'delivery:00000000-0000-4000-8000-000000000001',
  kind: 'delivery',
  position: 1,
  state: 'assigned',
  state_at: null,
  failure: null,
  actions: ['on_the_way', 'delivered', 'failed'],
  number: 1042,
  status: 'scheduled',
  window: null,
  address: '1 Main St, Austin, TX 78704',
  maps_url: 'https://maps.example/?q=1',
  customer_name: 'Ann',
  customer_phone: '+1 512 555 0100',
  notes: null,
  what: '10 Yard Dumpster',
  bring_back: null,
  photos: [],
  ticket: null,
  ...over,
});

const PICKUP = 'pickup:00000000-0000-4000-8000-000000000002';
const photo = (id: string, stopKey = stop().stop): QueuedPhoto => ({
  type: 'photo',
  id,
  seq: nextSeq(),
  stop: stopKey,
  blob: new Blob(['jpeg'], { type: 'image/jpeg' }),
  at: '2026-06-02T15:00:00.000Z',
});
const action = (id: string, over: Partial<QueuedAction> = {}): QueuedAction => ({
  type: 'action',
  id,
  seq: nextSeq(),
  stop: stop().stop,
  number: 1042,
  action: 'on_the_way',
  done_at: '2026-06-02T15:00:00.000Z',
  ...over,
});

const ok = <T>(data: T): ApiResult<T> => ({ ok: true, data, status: 200 });
const refused = (status: number, code: string, message: string): ApiResult<never> => ({
  ok: false,
  status,
  error: { code, message },
});

/** A transport that answers from a script, in order, and records what it was sent. */
function scripted(answers: ApiResult<unknown>[]) {
  const sent: string[] = [];
  const next = () => answers.shift() ?? ok({ stop: stop(), replayed: false });
  const transport: FieldTransport = {
    photo: async (p) => {
      sent.push(`photo ${p.id}`);
      return next() as never;
    },
    action: async (a) => {
      sent.push(`${a.action} ${a.id}`);
      return next() as never;
    },
  };
  return { sent, transport };
}

describe('verdictOf: what happens to an item the API answered', () => {
  it.each([
    [ok({}), 'sent'],
    [refused(409, 'state_conflict', 'This stop is done'), 'refused'],
    [refused(400, 'invalid_body', 'A delivery needs its photo'), 'refused'],
    [refused(404, 'not_found', 'No such stop'), 'refused'],
    [refused(403, 'forbidden', 'Drivers may not'), 'refused'],
    [refused(413, 'photo_too_large', 'Too large'), 'refused'],
    [refused(0, 'network', 'We could not reach the server'), 'offline'],
    [refused(502, 'upstream', 'The console cannot reach the platform'), 'wait'],
    [refused(500, 'internal', 'Oops'), 'wait'],
    [refused(503, 'internal', 'Draining'), 'wait'],
    [refused(429, 'rate_limited', 'Slow down'), 'wait'],
    [refused(401, 'unauthorized', 'Sign in'), 'sign_in'],
    [refused(403, 'csrf_rejected', 'Reload'), 'sign_in'],
  ] as const)('%j → %s', (answer, verdict) => {
    expect(verdictOf(answer as ApiResult<unknown>)).toBe(verdict);
  });
});

describe('flushQueue', () => {
  it('sends in tap order, a photo before the action that names it, and empties the queue', async () => {
    const store = memoryStore();
    await store.add(action('a1'));
    await store.add(photo('p1'));
    await store.add(action('a2', { action: 'delivered', photo_id: 'p1' }));
    const { sent, transport } = scripted([]);
    const result = await flushQueue(store, transport);
    expect(sent).toEqual(['on_the_way a1', 'photo p1', 'delivered a2']);
    expect(result.sent.map((i) => i.id)).toEqual(['a1', 'p1', 'a2']);
    expect(result.stops).toHaveLength(2);
    expect(result.stopped).toBeUndefined();
    expect(await store.list()).toEqual([]);
  });

  it('keeps everything from a network failure on, in order, for the next try', async () => {
    const store = memoryStore();
    await store.add(action('a1'));
    await store.add(photo('p1'));
    await store.add(action('a2', { action: 'delivered', photo_id: 'p1' }));
    const { sent, transport } = scripted([ok({ stop: stop(), replayed: false }), refused(0, 'network', 'offline')]);
    const result = await flushQueue(store, transport);
    expect(sent).toEqual(['on_the_way a1', 'photo p1']);
    expect(result.stopped).toBe('offline');
    expect((await store.list()).map((i) => i.id)).toEqual(['p1', 'a2']);

    // Back online: the rest goes, photo first; nothing is sent twice.
    const again = scripted([]);
    await flushQueue(store, again.transport);
    expect(again.sent).toEqual(['photo p1', 'delivered a2']);
    expect(await store.list()).toEqual([]);
  });

  it('keeps the queue on a 5xx and when the session ended', async () => {
    for (const answer of [refused(502, 'upstream', 'down'), refused(401, 'unauthorized', 'Sign in')]) {
      const store = memoryStore();
      await store.add(action('a1'));
      const result = await flushQueue(store, scripted([answer]).transport);
      expect(result.stopped).toBe(answer.status === 401 ? 'sign_in' : 'wait');
      expect(result.refused).toEqual([]);
      expect(await store.list()).toHaveLength(1);
    }
  });

  it('drops a refused action with its sentence and goes on with the next', async () => {
    const store = memoryStore();
    await store.add(action('a1', { action: 'picked_up' }));
    await store.add(action('a2', { stop: PICKUP, action: 'on_the_way' }));
    const { sent, transport } = scripted([refused(409, 'state_conflict', 'This stop is done.')]);
    const result = await flushQueue(store, transport);
    expect(sent).toEqual(['picked_up a1', 'on_the_way a2']);
    expect(result.refused).toEqual([
      expect.objectContaining({
        code: 'state_conflict',
        message: 'Picked up at #1042 was refused: This stop is done.',
      }),
    ]);
    expect(await store.list()).toEqual([]);
  });

  it('drops the action of a refused photo without sending it', async () => {
    const store = memoryStore();
    await store.add(photo('p1'));
    await store.add(
      action('a1', { action: 'weigh_ticket', ticket: { net_tons: 5.4, landfill_cost: 90, photo_id: 'p1' } }),
    );
    const { sent, transport } = scripted([refused(400, 'photo_type', 'Send a JPEG, PNG or WebP photo.')]);
    const result = await flushQueue(store, transport);
    expect(sent).toEqual(['photo p1']);
    expect(result.refused.map((r) => r.message)).toEqual([
      'A photo was refused: Send a JPEG, PNG or WebP photo.',
      'Weigh ticket at #1042 was not sent: its photo was refused (Send a JPEG, PNG or WebP photo.)',
    ]);
    expect(await store.list()).toEqual([]);
  });
});

describe('withQueued: the route with what waits applied', () => {
  const route = (stops: DriverStop[]): DriverRoute => ({ date: '2026-06-02', driver: { id: 'd', name: 'Dan' }, stops });

  it('moves the stop along as the API would and counts what waits', () => {
    const [shown] = withQueued(route([stop()]), [
      action('a1'),
      photo('p1'),
      action('a2', { action: 'delivered', photo_id: 'p1' }),
    ]);
    expect(shown?.state).toBe('done');
    expect(shown?.actions).toEqual([]);
    expect(shown?.waiting).toBe(2);
    expect(shown?.waitingPhotos.map((p) => p.id)).toEqual(['p1']);
  });

  it('a pickup done asks for its weigh ticket; the ticket waiting closes it', () => {
    const pickup = stop({ stop: PICKUP, kind: 'pickup', actions: ['on_the_way', 'picked_up', 'failed'] });
    const [picked] = withQueued(route([pickup]), [action('a1', { stop: PICKUP, action: 'picked_up' })]);
    expect(picked?.actions).toEqual(['weigh_ticket']);
    const ticket = action('a2', {
      stop: PICKUP,
      action: 'weigh_ticket',
      ticket: { net_tons: 5.4, landfill_cost: 182.5 },
    });
    const [weighed] = withQueued(route([{ ...pickup, state: 'done', actions: ['weigh_ticket'] }]), [ticket]);
    expect(weighed?.ticket).toMatchObject({ id: 'a2', net_tons: 5.4, landfill_cost: 182.5, photo_id: null });
    expect(weighed?.actions).toEqual([]);
    expect(weighed?.state).toBe('done');
  });

  it('a failed stop keeps its reason; other stops are untouched', () => {
    const other = stop({ stop: PICKUP, kind: 'pickup', position: 2 });
    const shown = withQueued(route([stop(), other]), [action('a1', { action: 'failed', reason: 'blocked' })]);
    expect(shown[0]).toMatchObject({ state: 'failed', failure: 'blocked', actions: [], waiting: 1 });
    expect(shown[1]).toMatchObject({ ...other, waiting: 0 });
  });
});

describe('actionsFor: the API rule', () => {
  it.each([
    ['delivery', 'assigned', false, ['on_the_way', 'delivered', 'failed']],
    ['junk', 'on_the_way', false, ['done', 'failed']],
    ['swap', 'done', false, ['weigh_ticket']],
    ['pickup', 'done', true, []],
    ['delivery', 'done', false, []],
    ['pickup', 'failed', false, []],
  ] as const)('%s %s (ticket %s) → %j', (kind, state, ticket, expected) => {
    expect(actionsFor(kind, state, ticket)).toEqual(expected);
  });
});

describe('bannerText', () => {
  const a = action('a1');
  const p = photo('p1');
  it.each([
    [{ queued: [], sending: false, online: true, sentCount: 0 }, ''],
    [{ queued: [a, a], sending: false, online: false, sentCount: 0 }, 'Offline: 2 actions waiting to send.'],
    [
      { queued: [p, a], sending: false, online: false, sentCount: 0 },
      'Offline: 1 action waiting to send (with 1 photo).',
    ],
    [{ queued: [p], sending: false, online: false, sentCount: 0 }, 'Offline: 1 photo waiting to send.'],
    [{ queued: [a], sending: true, online: true, sentCount: 0 }, 'Sending…'],
    [{ queued: [], sending: false, online: true, sentCount: 2 }, 'All sent.'],
    [
      { queued: [a], sending: false, online: true, stopped: 'wait', sentCount: 0 },
      '1 action waiting to send. The server',
    ],
    [{ queued: [a], sending: false, online: true, stopped: 'offline', sentCount: 0 }, 'Offline: 1 action waiting'],
    [{ queued: [a], sending: false, online: true, stopped: 'sign_in', sentCount: 0 }, 'Sign in again'],
  ] as const)('%#', (state, text) => {
    const said = bannerText(state as Parameters<typeof bannerText>[0]);
    if (text === '') expect(said).toBe('');
    else expect(said).toContain(text.replace(/\.$/, ''));
  });
});

describe('parseTicket', () => {
  it.each([
    ['5.4', '182.50', { net_tons: 5.4, landfill_cost: 182.5 }],
    [' 5,4 ', '$1,182.5', { net_tons: 5.4, landfill_cost: 1182.5 }],
    ['0', '0', { net_tons: 0, landfill_cost: 0 }],
    ['40', '100000', { net_tons: 40, landfill_cost: 100000 }],
  ])('%s tons, %s → a ticket', (tons, cost, ticket) => {
    expect(parseTicket(tons, cost)).toEqual({ ticket, errors: {} });
  });
  it.each([
    ['40.01', '10', 'net_tons'],
    ['5.456', '10', 'net_tons'],
    ['-1', '10', 'net_tons'],
    ['', '10', 'net_tons'],
    ['five', '10', 'net_tons'],
    ['5', '10.999', 'landfill_cost'],
    ['5', '100000.01', 'landfill_cost'],
    ['5', '', 'landfill_cost'],
  ])('%s tons, %s → refused on %s', (tons, cost, field) => {
    const parsed = parseTicket(tons, cost);
    expect(parsed.ticket).toBeUndefined();
    expect(Object.keys(parsed.errors)).toEqual([field]);
  });
});

describe('ids and order', () => {
  it('makes version 4 UUIDs, without crypto.randomUUID too', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newId()).toMatch(uuid);
    const original = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      const ids = new Set(Array.from({ length: 50 }, newId));
      expect(ids.size).toBe(50);
      for (const id of ids) expect(id).toMatch(uuid);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
  it('orders taps made within the same millisecond', () => {
    const [a, b, c] = [nextSeq(1000), nextSeq(1000), nextSeq(999)];
    expect(a).toBeLessThan(b as number);
    expect(b).toBeLessThan(c as number);
  });
});

describe('routeCache', () => {
  function storage() {
    const map = new Map<string, string>();
    return {
      map,
      get length() {
        return map.size;
      },
      key: (i: number) => [...map.keys()][i] ?? null,
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
      clear: () => map.clear(),
    };
  }
  const day = (date: string): DriverRoute => ({ date, driver: { id: 'd', name: 'Dan' }, stops: [stop()] });

  it("keeps a member's routes by day, today's for a page opened without a day, four days at most", () => {
    const s = storage();
    const cache = routeCache(s, 'demo/dan@example.com');
    expect(cache.load()).toBeUndefined();
    cache.save(day('2026-06-02'), true, new Date('2026-06-02T12:00:00Z'));
    expect(cache.load()?.route.date).toBe('2026-06-02');
    expect(cache.load('2026-06-02')?.saved_at).toBe('2026-06-02T12:00:00.000Z');
    for (const d of ['2026-06-03', '2026-06-04', '2026-06-05', '2026-06-06']) cache.save(day(d), false);
    expect(cache.load('2026-06-02')).toBeUndefined();
    expect(cache.load('2026-06-06')?.route.date).toBe('2026-06-06');
    // Another member of the phone sees none of it.
    expect(routeCache(s, 'demo/eve@example.com').load('2026-06-06')).toBeUndefined();
    cache.forget();
    expect(s.map.size).toBe(0);
  });
});
