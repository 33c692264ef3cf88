import { DomainError } from './errors';
import { checkJobMove } from './job-status';
import { checkOrderMove } from './order-status';

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
  const [kind, id] = key.split(':');
  if (!['delivery', 'pickup', 'swap', 'junk'].includes(kind ?? '') || !UUID.test(id ?? '')) {
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
  if (action === 'on_the_way') {
    const orderPath = stop.kind === 'delivery' && status !== 'out_for_delivery' ? ['out_for_delivery'] : [];
    const jobPath = stop.kind === 'junk' && status !== 'en_route' ? ['en_route'] : [];
    return check(stop.number, status, { state: 'on_the_way', orderPath, jobPath, photo: false });
  }
  const target = {
    delivery: {
      orderPath: status === 'out_for_delivery' ? ['delivered'] : ['out_for_delivery', 'delivered'],
      jobPath: [],
    },
    pickup: { orderPath: ['picked_up'], jobPath: [] },
    swap: { orderPath: [], jobPath: [] },
    junk: { orderPath: [], jobPath: status === 'en_route' ? ['completed'] : ['en_route', 'completed'] },
  }[stop.kind];
  return check(stop.number, status, { state: 'done', ...target, photo: FINISH[stop.kind].photo });
}

/** A delivery that could not be made waits for another day; the other kinds keep their status. */
const failedPath = (kind: StopKind, status: string) =>
  kind === 'delivery' && status === 'out_for_delivery' ? ['waiting_delivery'] : [];

function check(number: number, from: string, plan: FieldPlan): FieldPlan {
  let at = from;
  for (const to of plan.orderPath) at = checkOrderMove(number, at, to);
  at = from;
  for (const to of plan.jobPath) at = checkJobMove(number, at, to);
  if (plan.orderPath.length === 0 && plan.jobPath.length === 0 && (from === 'canceled' || from === 'completed')) {
    throw new DomainError('state_conflict', `#${number} is ${from}: there is nothing to do at this stop.`, {
      field: 'action',
    });
  }
  return plan;
}
