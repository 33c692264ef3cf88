import type { Tx } from '../../db/client';
import {
  claimFieldAction,
  findDriverStop,
  findFieldAction,
  findFieldPhoto,
  lockStop,
  type RouteStopRow,
  setFieldActionResult,
  setStopState,
  ticketsOfStops,
} from '../../db/repositories/field';
import { setJobStatus } from '../../db/repositories/junk';
import { setOrderStatus } from '../../db/repositories/orders';
import { enqueueMessages } from '../../db/repositories/outbox';
import type { Catalog } from '../../domain/catalog';
import { todayIn } from '../../domain/dates';
import { DomainError } from '../../domain/errors';
import { type FailureReason, type FieldAction, parseStopKey, planFieldAction } from '../../domain/field-stops';
import { checkTicket } from '../../domain/overage';
import { actingUser, type Scope } from '../../domain/scope';
import { onTheWayMessages } from '../../messages/field-notices';
import { permitGate } from '../permits/dispatch';
import { announceJobMoved, announceOrderMoved } from '../shared/data-events';
import { catalogOf, type OfficeDeps } from '../shared/office-deps';
import { recordTicket, wastedTrip } from './charges';
import { showStops } from './routes';
import { recordNumber, recordStatus, type StopRecord, stopRecord, stopWithCustomer } from './stops';

/**
 * What a driver's phone sends from a stop (docs/decisions/drivers-day.md), by the id the phone gave it. The
 * id is claimed in the transaction of the action, so a repeat (the queue sent again after a lost answer, a
 * double tap, three at once) waits for the first and answers what it did; the stop is locked, so two
 * different actions at one stop take turns and the second is checked against the first's outcome.
 */
export type FieldActionInput = {
  id: string;
  stop: string;
  action: FieldAction;
  done_at?: string;
  reason?: FailureReason;
  photo_id?: string;
  ticket?: { net_tons: number; landfill_cost: number; photo_id?: string };
};

class Replayed extends Error {}

export async function sendFieldAction(deps: OfficeDeps, scope: Scope, input: FieldActionInput) {
  const me = actingUser(scope);
  if (!me) throw new DomainError('forbidden', 'Field actions come from a signed-in member.');
  const { db } = deps.database;
  const ref = parseStopKey(input.stop);
  const first = await findFieldAction(db, scope.companyId, input.id);
  if (first) return replay(deps, scope, me, input, first);
  const stop = await findDriverStop(db, scope.companyId, me, input.stop);
  if (!stop) throw new DomainError('not_found', 'This stop is not on your route.', { field: 'stop' });
  await checkPhotos(deps, scope, input);
  const catalog = await catalogOf(deps.database, scope);
  const now = deps.now();
  const doneAt = whenDone(input.done_at, now);
  try {
    await db.transaction(async (tx) => {
      if (!(await claimFieldAction(tx, row(scope, me, input, doneAt)))) throw new Replayed();
      // The office may have moved the stop meanwhile (another driver, off the route): then it is not ours.
      const locked = await lockStop(tx, stop);
      if (locked?.driverId !== me) {
        throw new DomainError('not_found', 'This stop is not on your route any more.', { field: 'stop' });
      }
      const record = await stopRecord(tx, scope.companyId, ref);
      if (!record) throw new DomainError('not_found', 'This stop is not on your route.', { field: 'stop' });
      const result = await act(tx, { catalog, stop: locked, record, input, now, doneAt, deps });
      await setFieldActionResult(tx, scope.companyId, input.id, result);
    });
  } catch (err) {
    if (!(err instanceof Replayed)) throw err;
    const again = await findFieldAction(db, scope.companyId, input.id);
    if (again) return replay(deps, scope, me, input, again);
    throw err;
  }
  return { stop: await answerStop(deps, scope, me, input.stop), replayed: false };
}

const row = (scope: Scope, me: string, input: FieldActionInput, doneAt: Date) => ({
  companyId: scope.companyId,
  id: input.id,
  driverId: me,
  stopKey: input.stop,
  action: input.action,
  doneAt,
});

/** When the driver did it: the phone's time, never later than now (a fast clock), never a week back. */
function whenDone(doneAt: string | undefined, now: Date): Date {
  const at = doneAt ? new Date(doneAt) : now;
  if (Number.isNaN(at.getTime()) || at.getTime() < now.getTime() - 7 * 86_400_000) {
    throw new DomainError('invalid_body', 'done_at is when the driver did it, within the last 7 days.', {
      field: 'done_at',
    });
  }
  return at.getTime() > now.getTime() ? now : at;
}

/** The same id again: the first one's answer, if it was the same action by the same member. */
async function replay(
  deps: OfficeDeps,
  scope: Scope,
  me: string,
  input: FieldActionInput,
  first: { driverId: string; stopKey: string; action: string },
) {
  if (first.driverId !== me || first.stopKey !== input.stop || first.action !== input.action) {
    throw new DomainError('state_conflict', 'This action id was already used for another action: send a new id.', {
      field: 'id',
    });
  }
  return { stop: await answerStop(deps, scope, me, input.stop), replayed: true };
}

async function answerStop(deps: OfficeDeps, scope: Scope, me: string, key: string) {
  const stop = await findDriverStop(deps.database.db, scope.companyId, me, key);
  const [shown] = await showStops(deps.database.db, scope.companyId, stop ? [stop] : []);
  if (!shown) throw new DomainError('not_found', 'This stop is not on your route any more.', { field: 'stop' });
  return shown;
}

/** The photos an action names must be this company's and of this stop (sent before the action). */
async function checkPhotos(deps: OfficeDeps, scope: Scope, input: FieldActionInput) {
  const wanted = [
    ['photo_id', input.photo_id],
    ['ticket.photo_id', input.ticket?.photo_id],
  ] as const;
  for (const [field, id] of wanted) {
    if (!id) continue;
    const photo = await findFieldPhoto(deps.database.db, scope.companyId, id);
    if (!photo || photo.stopKey !== input.stop) {
      throw new DomainError('invalid_body', 'Send the photo of this stop first (POST /driver/photos).', { field });
    }
  }
  if (input.action === 'delivered' && !input.photo_id) {
    throw new DomainError('invalid_body', 'A delivery needs a photo of where the can was placed.', {
      field: 'photo_id',
    });
  }
  if (input.action === 'failed' && !input.reason) {
    throw new DomainError('invalid_body', 'Say why the stop could not be completed.', { field: 'reason' });
  }
  if (input.action === 'weigh_ticket') {
    if (!input.ticket) throw new DomainError('invalid_body', 'Send the weigh ticket.', { field: 'ticket' });
    const cost = input.ticket.landfill_cost;
    if (Math.abs(cost * 100 - Math.round(cost * 100)) > 1e-6) {
      throw new DomainError('invalid_body', "The landfill's cost is dollars and cents.", {
        field: 'ticket.landfill_cost',
      });
    }
    checkTicket(input.ticket.net_tons, Math.round(cost * 100));
  }
}

type Acting = {
  catalog: Catalog;
  stop: RouteStopRow;
  record: StopRecord;
  input: FieldActionInput;
  now: Date;
  doneAt: Date;
  deps: OfficeDeps;
};

/** The action in its transaction: the record's moves (with their webhooks), the stop's state, the notices. */
async function act(tx: Tx, a: Acting) {
  const { stop, record, input, now, catalog } = a;
  const company = catalog.company;
  const hasTicket = (await ticketsOfStops(tx, company.id, [stop.stopKey])).length > 0;
  const number = recordNumber(record);
  const plan = planFieldAction(
    { kind: stop.kind, state: stop.state, hasTicket, number },
    recordStatus(record),
    input.action,
  );
  const moved = await moveRecord(tx, record, plan, now, todayIn(company.timezone, now));
  if (input.action === 'weigh_ticket' && moved.kind === 'order') {
    const ticket = input.ticket as NonNullable<FieldActionInput['ticket']>;
    await recordTicket(tx, a.deps, catalog, moved.order, stop, {
      netTons: ticket.net_tons,
      landfillCostCents: Math.round(ticket.landfill_cost * 100),
      photoId: ticket.photo_id ?? null,
      driverId: stop.driverId,
    });
    return { state: stop.state };
  }
  const next = await setStopState(tx, stop, {
    state: plan.state,
    at: a.doneAt,
    failure: input.action === 'failed' ? (input.reason ?? null) : null,
  });
  const { customer } = await stopWithCustomer(tx, company.id, moved);
  if (input.action === 'on_the_way') {
    await enqueueMessages(tx, company.id, onTheWayMessages(company, { kind: stop.kind, number }, customer));
  }
  if (input.action === 'failed') {
    await wastedTrip(tx, a.deps, catalog, moved, next, input.reason as FailureReason, customer);
  }
  return { state: next.state };
}

/** The order's or job's status moves of the plan, each as the office's move would be, with its webhook. */
async function moveRecord(
  tx: Tx,
  record: StopRecord,
  plan: { orderPath: string[]; jobPath: string[] },
  now: Date,
  today: string,
): Promise<StopRecord> {
  if (record.kind === 'order') {
    let order = record.order;
    for (const to of plan.orderPath) {
      const from = order.status;
      // A street delivery whose permit the company applies for goes out only with it (street-permits.md).
      if (to === 'out_for_delivery') await permitGate(tx, order, { field: 'action', at: now });
      const early = to === 'picked_up' && today < order.pickupDate;
      const next = await setOrderStatus(tx, order.companyId, order.id, {
        from,
        to,
        at: now,
        ...(early ? { returnedOn: today < order.deliveryDate ? order.deliveryDate : today } : {}),
      });
      if (!next) throw new DomainError('state_conflict', `Order #${order.orderNumber} changed meanwhile.`);
      await announceOrderMoved(tx, next, from);
      order = next;
    }
    return { ...record, order };
  }
  let job = record.job;
  for (const to of plan.jobPath) {
    const from = job.status;
    const next = await setJobStatus(tx, job.companyId, job.id, { from, to, at: now });
    if (!next) throw new DomainError('state_conflict', `Job #${job.jobNumber} changed meanwhile.`);
    await announceJobMoved(tx, next, from);
    job = next;
  }
  return { ...record, job };
}
