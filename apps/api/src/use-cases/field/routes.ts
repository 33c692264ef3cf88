import type { Queryable } from '../../db/client';
import { findConsoleUser, listConsoleUsers } from '../../db/repositories/console-users';
import {
  driverStops,
  photosOfStops,
  type RouteStopRow,
  routeOfDay,
  setRoute,
  ticketsOfStops,
} from '../../db/repositories/field';
import { isValidDate, timeIn, todayIn } from '../../domain/dates';
import { DomainError } from '../../domain/errors';
import { actionsFor, parseStopKey } from '../../domain/field-stops';
import { actingUser, type Scope } from '../../domain/scope';
import { catalogOf, companyOf, type OfficeDeps } from '../shared/office-deps';
import { type StopRecord, stopForDay, stopRecord, stopWithCustomer } from './stops';

/**
 * The office's routes (docs/decisions/drivers-day.md): a member's stops of a day in order, set whole by the
 * dispatch board, read by the board (every stop's driver and state) and by the member's phone (its own).
 */

export const MAX_STOPS_A_ROUTE = 100;

/** POST /dispatch/route: the member's route of the day becomes these stops in this order (null: off every route). */
export async function assignRoute(
  deps: OfficeDeps,
  scope: Scope,
  input: { date: string; driver_id: string | null; stops: string[] },
) {
  const { db } = deps.database;
  if (!isValidDate(input.date)) throw new DomainError('invalid_body', 'The date is YYYY-MM-DD.', { field: 'date' });
  if (new Set(input.stops).size !== input.stops.length) {
    throw new DomainError('invalid_body', 'A stop is listed twice.', { field: 'stops' });
  }
  if (input.driver_id && !(await findConsoleUser(db, scope.companyId, input.driver_id))) {
    throw new DomainError('not_found', 'There is no such member in this company.', { field: 'driver_id' });
  }
  const records: StopRecord[] = [];
  for (const [i, key] of input.stops.entries()) {
    records.push(await stopForDay(db, scope.companyId, key, input.date, `stops[${i}]`));
  }
  await db.transaction((tx) =>
    setRoute(
      tx,
      scope.companyId,
      input.date,
      input.driver_id,
      records.map((r) => ({
        key: `${r.ref.kind}:${r.ref.id}`,
        kind: r.ref.kind,
        orderId: r.kind === 'order' ? r.order.id : null,
        junkJobId: r.kind === 'job' ? r.job.id : null,
      })),
    ),
  );
  return { date: input.date, driver_id: input.driver_id, stops: input.stops };
}

/** Where each routed stop of a day is, by its key, and whether it is overdue (company time). */
export async function routesOfDay(deps: OfficeDeps, scope: Scope, day: string) {
  const company = await companyOf(deps.database, scope);
  const now = deps.now();
  const today = todayIn(company.timezone, now);
  const clock = timeIn(company.timezone, now).slice(0, 5);
  const [rows, members] = await Promise.all([
    routeOfDay(deps.database.db, scope.companyId, day),
    listConsoleUsers(deps.database.db, scope.companyId),
  ]);
  const routed = new Map(rows.map((r) => [r.stop.stopKey, r]));
  /** Not done and its day over (a junk job: its window's end passed today). */
  const overdue = (state: RouteStopRow['state'] | 'unassigned', windowEnd: string | null) =>
    state !== 'done' && (day < today || (day === today && windowEnd !== null && windowEnd <= clock));
  const drivers = members
    .map((m) => ({ id: m.id, name: m.name, role: m.role }))
    .sort((a, b) => Number(b.role === 'driver') - Number(a.role === 'driver') || a.name.localeCompare(b.name));
  return { routed, overdue, drivers };
}

/** GET /driver/route: the signed-in member's stops of a day with what each needs on the phone. */
export async function driverRoute(deps: OfficeDeps, scope: Scope, date?: string) {
  const catalog = await catalogOf(deps.database, scope);
  const day = date ?? todayIn(catalog.company.timezone, deps.now());
  const me = actingUser(scope);
  if (!me) throw new DomainError('forbidden', 'A route belongs to a signed-in member.');
  const { db } = deps.database;
  const member = await findConsoleUser(db, scope.companyId, me);
  const stops = await driverStops(db, scope.companyId, me, day);
  return { day, driver: { id: me, name: member?.name ?? '' }, stops: await showStops(db, scope.companyId, stops) };
}

/** Stops as the phone shows them: the record, its customer, what may be done now, photos and ticket. */
export async function showStops(db: Queryable, companyId: string, stops: RouteStopRow[]) {
  const keys = stops.map((s) => s.stopKey);
  const [photos, tickets] = await Promise.all([
    photosOfStops(db, companyId, keys),
    ticketsOfStops(db, companyId, keys),
  ]);
  const shown = [];
  for (const stop of stops) {
    const record = await stopRecord(db, companyId, parseStopKey(stop.stopKey));
    if (!record) continue;
    const ticket = tickets.find((t) => t.stopKey === stop.stopKey) ?? null;
    shown.push({
      stop,
      ...(await stopWithCustomer(db, companyId, record)),
      actions: actionsFor({ kind: stop.kind, state: stop.state, hasTicket: ticket !== null }),
      photos: photos.filter((p) => p.stopKey === stop.stopKey).map((p) => p.id),
      ticket,
    });
  }
  return shown;
}

export type DriverRoute = Awaited<ReturnType<typeof driverRoute>>;
export type ShownStop = Awaited<ReturnType<typeof showStops>>[number];
