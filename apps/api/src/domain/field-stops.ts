import { DomainError } from './errors';
import { checkJobMove, isJobStatus, jobMovesFrom } from './job-status';
import { checkOrderMove, isOrderStatus, orderMovesFrom } from './order-status';

/**
 * A driver's stops and what the field may do at each (docs/decisions/drivers-day.md). Each action moves the
 * stop's own state and, where the order or job has a status for it, that status, along the office's own
 * state machines (domain/order-status.ts, job-status.ts): a driver cannot make a move the office could not.
 */
export type StopKind = 'delivery' | 'pickup' | 'swap' | 'junk';
export type StopState = 'assigned' | 'on_the_way' | 'done' | 'failed';
export const FIELD_ACTIONS = [
  'on_the_way',
  'delivered',
  'picked_up',
  'swapped',
  'done',
  'failed',
  'weigh_ticket',
] as const;
export type FieldAction = (typeof FIELD_ACTIONS)[number];
/** Why a stop could not be done: each the customer's side, so the company's wasted-trip fee applies. */
export const FAILURE_REASONS = ['blocked', 'not_there', 'overfilled', 'prohibited_items'] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

/** A stop's key: what it is for (an order's delivery or pickup, an applied swap, a junk job). */
export type StopRef = { kind: StopKind; id: string };
export const stopKey = (ref: StopRef) => `${ref.kind}:${ref.id}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseStopKey(key: string, field = 'stop'): StopRef {
  const [kind, id, ...rest] = key.split(':');
  if (!['delivery', 'pickup', 'swap', 'junk'].includes(kind ?? '') || !UUID.test(id ?? '') || rest.length > 0) {
    throw new DomainError(
      'invalid_body',
      `"${key}" is not a stop: stops read like delivery:<id>, pickup:<id>, swap:<id>, junk:<id>.`,
      { field },
    );
  }
  return { kind: kind as StopKind, id: (id as string).toLowerCase() };
}

/** The completing action of each kind of stop, and whether it needs a photo. */
const FINISH: Record<StopKind, { action: FieldAction; photo: boolean }> = {
  delivery: { action: 'delivered', photo: true },
  pickup: { action: 'picked_up', photo: false },
  swap: { action: 'swapped', photo: false },
  junk: { action: 'done', photo: false },
};

/** What a stop's driver may do now, in the order the phone shows the buttons. */
export function actionsFor(stop: { kind: StopKind; state: StopState; hasTicket: boolean }): FieldAction[] {
  const finish = FINISH[stop.kind].action;
  if (stop.state === 'assigned') return ['on_the_way', finish, 'failed'];
  if (stop.state === 'on_the_way') return [finish, 'failed'];
  if (stop.state === 'done' && (stop.kind === 'pickup' || stop.kind === 'swap') && !stop.hasTicket)
    return ['weigh_ticket'];
  return [];
}

/** The record's status moves an action makes (none for a swap's or a pickup's way there). */
export type FieldPlan = { state: StopState; orderPath: string[]; jobPath: string[]; photo: boolean };

/**
 * Whether this action may be done at this stop now, and what it moves. Refuses with state_conflict (field
 * action) and a sentence a driver understands; the order's or job's own moves are checked as the office's.
 */
export function planFieldAction(
  stop: { kind: StopKind; state: StopState; hasTicket: boolean; number: number },
  status: string,
  action: FieldAction,
): FieldPlan {
  const allowed = actionsFor(stop);
  if (!allowed.includes(action)) {
    throw new DomainError(
      'state_conflict',
      allowed.length
        ? `This stop is ${stop.state.replaceAll('_', ' ')}: it takes ${allowed.map((a) => a.replaceAll('_', ' ')).join(', ')}, not ${action.replaceAll('_', ' ')}.`
        : `This stop is ${stop.state.replaceAll('_', ' ')}: there is nothing more to do at it.`,
      { field: 'action', details: { state: stop.state, allowed } },
    );
  }
  const plan: FieldPlan = { state: stop.state, orderPath: [], jobPath: [], photo: false };
  if (action === 'weigh_ticket') return plan;
  if (action === 'failed') return { ...plan, state: 'failed', orderPath: failedPath(stop.kind, status) };
  const order = (to: string) => pathTo(status, to, orderMovesOf);
  const job = (to: string) => pathTo(status, to, jobMovesOf);
  if (action === 'on_the_way') {
    return check(stop.number, status, {
      state: 'on_the_way',
      orderPath: stop.kind === 'delivery' ? order('out_for_delivery') : [],
      jobPath: stop.kind === 'junk' ? job('en_route') : [],
      photo: false,
    });
  }
  // A can is picked up or swapped only where it stands: delivered (or waiting for its pickup).
  if ((stop.kind === 'pickup' || stop.kind === 'swap') && status !== 'delivered' && status !== 'waiting_pickup') {
    throw new DomainError(
      'state_conflict',
      `Order #${stop.number} is ${status.replaceAll('_', ' ')}: its can is not on site.`,
      {
        field: 'action',
        details: { status },
      },
    );
  }
  const target = {
    delivery: { orderPath: order('delivered'), jobPath: [] },
    pickup: { orderPath: order('picked_up'), jobPath: [] },
    swap: { orderPath: [], jobPath: [] },
    junk: { orderPath: [], jobPath: job('completed') },
  }[stop.kind];
  return check(stop.number, status, { state: 'done', ...target, photo: FINISH[stop.kind].photo });
}

const orderMovesOf = (s: string): readonly string[] => (isOrderStatus(s) ? orderMovesFrom(s) : []);
const jobMovesOf = (s: string): readonly string[] => (isJobStatus(s) ? jobMovesFrom(s) : []);

/**
 * The office's moves from a status to another, fewest first (a driver on the way to a confirmed order's
 * delivery schedules it, then takes it out): [] when already there, the target alone when no path exists
 * (the check then refuses it in the office's words). Never through canceled, which is final.
 */
export function pathTo(from: string, to: string, moves: (s: string) => readonly string[]): string[] {
  if (from === to) return [];
  const seen = new Map<string, string[]>([[from, []]]);
  const queue = [from];
  while (queue.length) {
    const at = queue.shift() as string;
    for (const next of moves(at)) {
      if (seen.has(next) || next === 'canceled') continue;
      const path = [...(seen.get(at) as string[]), next];
      if (next === to) return path;
      seen.set(next, path);
      queue.push(next);
    }
  }
  return [to];
}

/** A delivery that could not be made waits for another day; the other kinds keep their status. */
const failedPath = (kind: StopKind, status: string) =>
  kind === 'delivery' && status === 'out_for_delivery' ? ['waiting_delivery'] : [];

function check(number: number, from: string, plan: FieldPlan): FieldPlan {
  try {
    let at = from;
    for (const to of plan.orderPath) at = checkOrderMove(number, at, to);
    at = from;
    for (const to of plan.jobPath) at = checkJobMove(number, at, to);
  } catch (err) {
    // The office's refusal, said to the driver: the stop cannot take this action now.
    if (err instanceof DomainError)
      throw new DomainError('state_conflict', err.message, { field: 'action', details: err.details });
    throw err;
  }
  if (plan.orderPath.length === 0 && plan.jobPath.length === 0 && (from === 'canceled' || from === 'completed')) {
    throw new DomainError('state_conflict', `#${number} is ${from}: there is nothing to do at this stop.`, {
      field: 'action',
    });
  }
  return plan;
}
