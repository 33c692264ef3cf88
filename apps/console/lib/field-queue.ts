import type { ApiResult } from './api';
import type { Schemas } from './types';

/**
 * The driver's phone keeps working without signal (issue 54, docs/decisions/drivers-day.md): what a driver
 * taps is queued on the phone with an id made at the tap (the API applies an id once, so sending it again
 * is harmless), shown at once on the route, and sent in the order it was tapped when the phone is back
 * online: a photo before the action that names it. A refusal (409, 400, 404…) is said and dropped, never
 * retried; a network failure, a 5xx or a 429 keeps everything queued for the next try; a signed-out answer
 * waits for the driver to sign in again. Values in, values out: the storage (IndexedDB on the phone, memory
 * in tests) and the sending (the console's client) are handed in.
 */

export type DriverStop = Schemas['ConsoleDriverStop'];
export type DriverRoute = Schemas['ConsoleDriverRoute'];
export type FieldAction = DriverStop['actions'][number];
export type FailureReason = NonNullable<DriverStop['failure']>;
export type FieldPhoto = Schemas['ConsoleFieldPhoto'];
export type ActionDone = Schemas['ConsoleFieldActionDone'];
export type TicketInput = { net_tons: number; landfill_cost: number; photo_id?: string };

/** A photo taken at a stop, waiting to be uploaded (`id` is the photo's id for the API too). */
export type QueuedPhoto = { type: 'photo'; id: string; seq: number; stop: string; blob: Blob; at: string };
/** An action tapped at a stop, waiting to be sent (`id` is the action's id for the API). */
export type QueuedAction = {
  type: 'action';
  id: string;
  seq: number;
  stop: string;
  /** The order's or job's number, for the sentences. */
  number: number;
  action: FieldAction;
  done_at: string;
  reason?: FailureReason;
  photo_id?: string;
  ticket?: TicketInput;
};
export type Queued = QueuedPhoto | QueuedAction;

/** Where the queue lives: oldest first. */
export interface QueueStore {
  list(): Promise<Queued[]>;
  add(item: Queued): Promise<void>;
  remove(id: string): Promise<void>;
}

/** How a queued item is sent: the console API's answer. */
export interface FieldTransport {
  photo(item: QueuedPhoto): Promise<ApiResult<FieldPhoto>>;
  action(item: QueuedAction): Promise<ApiResult<ActionDone>>;
}

export const ACTION_LABELS: Record<FieldAction, string> = {
  on_the_way: 'On the way',
  delivered: 'Delivered',
  picked_up: 'Picked up',
  swapped: 'Swapped',
  done: 'Done',
  failed: 'Could not complete',
  weigh_ticket: 'Weigh ticket',
};

export const REASON_LABELS: Record<FailureReason, string> = {
  blocked: 'Blocked: the spot cannot be reached',
  not_there: 'Not there: nobody or no can at the address',
  overfilled: 'Overfilled',
  prohibited_items: 'Prohibited items',
};

export const KIND_LABELS: Record<DriverStop['kind'], string> = {
  delivery: 'Delivery',
  pickup: 'Pickup',
  swap: 'Swap',
  junk: 'Junk removal',
};

/**
 * What happened to an item sent: arrived; refused (said and dropped); or kept for later: no network at all
 * (`offline`), the server did not take it now (`wait`: a 5xx, 429), or the session ended (`sign_in`).
 */
export type Verdict = 'sent' | 'refused' | Stopped;
export type Stopped = 'offline' | 'wait' | 'sign_in';

export function verdictOf(answer: ApiResult<unknown>): Verdict {
  if (answer.ok) return 'sent';
  if (answer.status === 0) return 'offline';
  if (answer.status === 401 || answer.error.code === 'csrf_rejected') return 'sign_in';
  if (answer.status >= 500 || answer.status === 429 || answer.status === 408) return 'wait';
  return 'refused';
}

export type Refusal = { item: Queued; code: string; message: string };
export type FlushResult = {
  sent: Queued[];
  refused: Refusal[];
  /** The stops as the API answered the actions sent, in order. */
  stops: DriverStop[];
  /** Why sending stopped with items left (none: everything was sent or refused). */
  stopped?: Stopped;
};

/** A queued item in a sentence: "Delivered at #1042", "a photo". */
export const describe = (item: Queued) =>
  item.type === 'photo' ? 'A photo' : `${ACTION_LABELS[item.action]} at #${item.number}`;

/** The photos an action names (its own and its ticket's). */
const photosOf = (a: QueuedAction) => [a.photo_id, a.ticket?.photo_id].filter((id): id is string => Boolean(id));

/**
 * Sends what waits, oldest first, one at a time. An action whose photo was refused is dropped with it (the
 * API would refuse it too); sending stops at the first item that must wait, so nothing overtakes it.
 */
export async function flushQueue(store: QueueStore, transport: FieldTransport): Promise<FlushResult> {
  const items = await store.list();
  const result: FlushResult = { sent: [], refused: [], stops: [] };
  const refusedPhotos = new Map<string, string>();
  for (const item of items) {
    if (item.type === 'action') {
      const lost = photosOf(item).find((id) => refusedPhotos.has(id));
      if (lost) {
        await store.remove(item.id);
        const message = `${describe(item)} was not sent: its photo was refused (${refusedPhotos.get(lost)})`;
        result.refused.push({ item, code: 'photo_refused', message });
        continue;
      }
    }
    const answer = item.type === 'photo' ? await transport.photo(item) : await transport.action(item);
    const verdict = verdictOf(answer);
    if (verdict !== 'sent' && verdict !== 'refused') {
      result.stopped = verdict;
      return result;
    }
    await store.remove(item.id);
    if (answer.ok) {
      result.sent.push(item);
      if (item.type === 'action') result.stops.push((answer.data as ActionDone).stop);
      continue;
    }
    if (item.type === 'photo') refusedPhotos.set(item.id, answer.error.message);
    result.refused.push({
      item,
      code: answer.error.code,
      message: `${describe(item)} was refused: ${answer.error.message}`,
    });
  }
  return result;
}

/** What a stop's driver may do in a state: the API's rule (domain/field-stops.ts), for what waits to be sent. */
export function actionsFor(kind: DriverStop['kind'], state: DriverStop['state'], hasTicket: boolean): FieldAction[] {
  const finish = ({ delivery: 'delivered', pickup: 'picked_up', swap: 'swapped', junk: 'done' } as const)[kind];
  if (state === 'assigned') return ['on_the_way', finish, 'failed'];
  if (state === 'on_the_way') return [finish, 'failed'];
  if (state === 'done' && (kind === 'pickup' || kind === 'swap') && !hasTicket) return ['weigh_ticket'];
  return [];
}

/** A stop as the phone shows it: the API's, with what still waits to be sent applied. */
export type ShownStop = DriverStop & { waiting: number; waitingPhotos: QueuedPhoto[] };

function applyAction(stop: DriverStop, a: QueuedAction): DriverStop {
  const next = { ...stop, state_at: a.done_at };
  if (a.action === 'on_the_way') next.state = 'on_the_way';
  else if (a.action === 'failed') Object.assign(next, { state: 'failed', failure: a.reason ?? null });
  else if (a.action === 'weigh_ticket' && a.ticket) {
    next.ticket = {
      id: a.id,
      stop: stop.stop,
      net_tons: a.ticket.net_tons,
      landfill_cost: a.ticket.landfill_cost,
      photo_id: a.ticket.photo_id ?? null,
      created_at: a.done_at,
    };
  } else if (a.action !== 'weigh_ticket') next.state = 'done';
  next.actions = actionsFor(next.kind, next.state, next.ticket !== null);
  return next;
}

/** The route with what waits applied, in tap order (the API's answer wins once it has them). */
export function withQueued(route: DriverRoute, queued: Queued[]): ShownStop[] {
  return route.stops.map((stop) => {
    const mine = queued.filter((q) => q.stop === stop.stop);
    const actions = mine.filter((q): q is QueuedAction => q.type === 'action');
    const shown = actions.reduce(applyAction, stop);
    return {
      ...shown,
      waiting: actions.length,
      waitingPhotos: mine.filter((q): q is QueuedPhoto => q.type === 'photo'),
    };
  });
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The banner's sentence: what waits, what is being sent, or that all arrived (empty: nothing to say). */
export function bannerText(s: {
  queued: readonly Queued[];
  sending: boolean;
  online: boolean;
  stopped?: Stopped;
  sentCount: number;
}): string {
  if (s.sending) return 'Sending…';
  const actions = s.queued.filter((q) => q.type === 'action').length;
  const photos = s.queued.length - actions;
  if (s.queued.length === 0) return s.sentCount > 0 ? 'All sent.' : '';
  const what = actions
    ? `${plural(actions, 'action')} waiting to send${photos ? ` (with ${plural(photos, 'photo')})` : ''}`
    : `${plural(photos, 'photo')} waiting to send`;
  if (!s.online || s.stopped === 'offline')
    return `Offline: ${what}. They are kept on this phone and sent when you are back online.`;
  if (s.stopped === 'sign_in') return `${what}. Sign in again to send them.`;
  return `${what}. The server did not answer: trying again shortly.`;
}

/** A weigh ticket as typed: its values, or a sentence per field. */
export function parseTicket(
  tons: string,
  cost: string,
): {
  ticket?: { net_tons: number; landfill_cost: number };
  errors: { net_tons?: string; landfill_cost?: string };
} {
  const errors: { net_tons?: string; landfill_cost?: string } = {};
  const t = tons.trim().replace(',', '.');
  const c = cost
    .trim()
    .replace(/^\$/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '')
    .trim();
  const netTons = Number(t);
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(t) || netTons > 40) {
    errors.net_tons = 'Net weight in tons, 0 to 40, with at most two decimals (as on the ticket).';
  }
  const landfillCost = Number(c);
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(c) || landfillCost > 100_000) {
    errors.landfill_cost = "The landfill's cost in dollars and cents, for example 182.50.";
  }
  if (errors.net_tons || errors.landfill_cost) return { errors };
  return { ticket: { net_tons: netTons, landfill_cost: landfillCost }, errors };
}

/** An id made on the phone at the tap (crypto.randomUUID needs https or localhost; the fallback is as random). */
export function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] as number) & 0x0f) | 0x40;
  b[8] = ((b[8] as number) & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

let lastSeq = 0;
/** The queue's order: taps in the order made, even within one millisecond. */
export function nextSeq(now = Date.now()): number {
  lastSeq = Math.max(now, lastSeq + 1);
  return lastSeq;
}
