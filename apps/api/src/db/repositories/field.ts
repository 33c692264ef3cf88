import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Queryable } from '../client';
import { consoleUsers, fieldActions, fieldPhotos, orders, routeStops, weighTickets } from '../schema';

/** The driver's day (docs/decisions/drivers-day.md): routes, field actions, photos and weigh tickets (charges: field-charges.ts). */

export type RouteStopRow = typeof routeStops.$inferSelect;
export type WeighTicketRow = typeof weighTickets.$inferSelect;
export type FieldPhotoRow = typeof fieldPhotos.$inferSelect;

/** Every routed stop of a day, with its driver's name: the dispatch board. */
export async function routeOfDay(db: Queryable, companyId: string, day: string) {
  return db
    .select({ stop: routeStops, driverName: consoleUsers.name })
    .from(routeStops)
    .innerJoin(consoleUsers, eq(consoleUsers.id, routeStops.driverId))
    .where(and(eq(routeStops.companyId, companyId), eq(routeStops.day, day)))
    .orderBy(asc(routeStops.driverId), asc(routeStops.position));
}

/** A member's stops of a day, in order. */
export async function driverStops(db: Queryable, companyId: string, driverId: string, day: string) {
  return db
    .select()
    .from(routeStops)
    .where(and(eq(routeStops.companyId, companyId), eq(routeStops.driverId, driverId), eq(routeStops.day, day)))
    .orderBy(asc(routeStops.position));
}

/** A member's stop by its key, on whichever day it was given (an offline phone sends yesterday's late). */
export async function findDriverStop(db: Queryable, companyId: string, driverId: string, stopKey: string) {
  const [row] = await db
    .select()
    .from(routeStops)
    .where(and(eq(routeStops.companyId, companyId), eq(routeStops.driverId, driverId), eq(routeStops.stopKey, stopKey)))
    .orderBy(desc(routeStops.day))
    .limit(1);
  return row;
}

/** A routed stop locked for its action: two actions at one stop take turns. */
export async function lockStop(tx: Queryable, stop: RouteStopRow) {
  const [row] = await tx
    .select()
    .from(routeStops)
    .where(and(eq(routeStops.companyId, stop.companyId), eq(routeStops.id, stop.id)))
    .for('update');
  return row;
}

/** Every routed day of an order's stops, newest first: the order's page. */
export async function stopsOfOrder(db: Queryable, companyId: string, orderId: string) {
  return db
    .select({ stop: routeStops, driverName: consoleUsers.name })
    .from(routeStops)
    .innerJoin(consoleUsers, eq(consoleUsers.id, routeStops.driverId))
    .where(and(eq(routeStops.companyId, companyId), eq(routeStops.orderId, orderId)))
    .orderBy(desc(routeStops.day), asc(routeStops.position));
}

export async function photosOfOrder(db: Queryable, companyId: string, orderId: string) {
  return db
    .select()
    .from(fieldPhotos)
    .where(and(eq(fieldPhotos.companyId, companyId), eq(fieldPhotos.orderId, orderId)))
    .orderBy(asc(fieldPhotos.createdAt));
}

/**
 * A member's route of a day set to exactly `stops` in order, in the caller's transaction: the listed stops
 * leave other routes of that day, the member's other stops leave the route. The rows concerned are locked
 * first and kept rows are updated in place, so a field action at one of them (which locks its row) either
 * finishes first and keeps its state, or waits and finds where the stop went.
 */
export async function setRoute(
  tx: Queryable,
  companyId: string,
  day: string,
  driverId: string | null,
  stops: { key: string; kind: RouteStopRow['kind']; orderId: string | null; junkJobId: string | null }[],
) {
  const keys = stops.map((s) => s.key);
  const concerned = or(
    keys.length ? inArray(routeStops.stopKey, keys) : undefined,
    driverId ? eq(routeStops.driverId, driverId) : undefined,
  );
  const rows = concerned
    ? await tx
        .select()
        .from(routeStops)
        .where(and(eq(routeStops.companyId, companyId), eq(routeStops.day, day), concerned))
        .for('update')
    : [];
  const byKey = new Map(rows.map((r) => [r.stopKey, r]));
  const leaving = rows.filter((r) => !driverId || !keys.includes(r.stopKey)).map((r) => r.id);
  if (leaving.length) await tx.delete(routeStops).where(inArray(routeStops.id, leaving));
  if (!driverId) return;
  for (const [i, stop] of stops.entries()) {
    const kept = byKey.get(stop.key);
    if (kept) {
      await tx
        .update(routeStops)
        .set({ driverId, position: i + 1, updatedAt: new Date() })
        .where(eq(routeStops.id, kept.id));
    } else {
      await tx.insert(routeStops).values({
        companyId,
        day,
        stopKey: stop.key,
        kind: stop.kind,
        orderId: stop.orderId,
        junkJobId: stop.junkJobId,
        driverId,
        position: i + 1,
      });
    }
  }
}

export async function setStopState(
  tx: Queryable,
  stop: RouteStopRow,
  values: { state: RouteStopRow['state']; at: Date; failure?: string | null },
) {
  const [row] = await tx
    .update(routeStops)
    .set({ state: values.state, stateAt: values.at, failure: values.failure ?? null, updatedAt: values.at })
    .where(and(eq(routeStops.companyId, stop.companyId), eq(routeStops.id, stop.id)))
    .returning();
  return row as RouteStopRow;
}

/** A field action by the phone's id: the first one's record, or undefined. */
export async function findFieldAction(db: Queryable, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(fieldActions)
    .where(and(eq(fieldActions.companyId, companyId), eq(fieldActions.id, id)));
  return row;
}

/** Claims the phone's id for this action; false when another call has it (the caller reads that one's result). */
export async function claimFieldAction(tx: Queryable, values: typeof fieldActions.$inferInsert) {
  const rows = await tx.insert(fieldActions).values(values).onConflictDoNothing().returning({ id: fieldActions.id });
  return rows.length === 1;
}

export async function setFieldActionResult(tx: Queryable, companyId: string, id: string, result: unknown) {
  await tx
    .update(fieldActions)
    .set({ result })
    .where(and(eq(fieldActions.companyId, companyId), eq(fieldActions.id, id)));
}

export async function findFieldPhoto(db: Queryable, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(fieldPhotos)
    .where(and(eq(fieldPhotos.companyId, companyId), eq(fieldPhotos.id, id)));
  return row;
}

/** Stores a photo's row once: a repeat of its id finds the first. */
export async function insertFieldPhoto(db: Queryable, values: typeof fieldPhotos.$inferInsert) {
  await db.insert(fieldPhotos).values(values).onConflictDoNothing();
  return findFieldPhoto(db, values.companyId, values.id);
}

export async function photosOfStops(db: Queryable, companyId: string, keys: string[]) {
  if (keys.length === 0) return [];
  return db
    .select()
    .from(fieldPhotos)
    .where(and(eq(fieldPhotos.companyId, companyId), inArray(fieldPhotos.stopKey, keys)))
    .orderBy(asc(fieldPhotos.createdAt));
}

export async function insertTicket(tx: Queryable, values: typeof weighTickets.$inferInsert) {
  const rows = await tx.insert(weighTickets).values(values).onConflictDoNothing().returning();
  return rows[0];
}

export async function ticketsOfStops(db: Queryable, companyId: string, keys: string[]) {
  if (keys.length === 0) return [];
  return db
    .select()
    .from(weighTickets)
    .where(and(eq(weighTickets.companyId, companyId), inArray(weighTickets.stopKey, keys)))
    .orderBy(asc(weighTickets.createdAt));
}

export async function ticketsOfOrder(db: Queryable, companyId: string, orderId: string) {
  return db
    .select()
    .from(weighTickets)
    .where(and(eq(weighTickets.companyId, companyId), eq(weighTickets.orderId, orderId)))
    .orderBy(asc(weighTickets.createdAt));
}

/** An order's weights as the Data API shows them: the sum of its tickets. */
export async function setOrderWeights(tx: Queryable, companyId: string, orderId: string, at: Date) {
  await tx
    .update(orders)
    .set({
      netWeightTons: sql`(select round(sum(${weighTickets.netWeightTons})::numeric, 2)::float8 from ${weighTickets} where ${weighTickets.orderId} = ${orderId})`,
      landfillCostCents: sql`(select sum(${weighTickets.landfillCostCents})::int from ${weighTickets} where ${weighTickets.orderId} = ${orderId})`,
      updatedAt: at,
    })
    .where(and(eq(orders.companyId, companyId), eq(orders.id, orderId)));
}
