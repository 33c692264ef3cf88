import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../client';
import {
  consoleUsers,
  customers,
  fieldActions,
  fieldCharges,
  fieldPhotos,
  orders,
  routeStops,
  weighTickets,
} from '../schema';
import { junkJobs } from '../schema/junk';

/** The driver's day (docs/decisions/drivers-day.md): routes, field actions, photos, weigh tickets and charges. */

export type RouteStopRow = typeof routeStops.$inferSelect;
export type FieldChargeRow = typeof fieldCharges.$inferSelect;
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
 * leave other routes of that day, the member's other stops leave the route. A stop already started (on the
 * way, done, failed) keeps its state wherever it goes.
 */
export async function setRoute(
  tx: Queryable,
  companyId: string,
  day: string,
  driverId: string | null,
  stops: { key: string; kind: RouteStopRow['kind']; orderId: string | null; junkJobId: string | null }[],
) {
  const keys = stops.map((s) => s.key);
  const kept = keys.length
    ? await tx
        .select()
        .from(routeStops)
        .where(and(eq(routeStops.companyId, companyId), eq(routeStops.day, day), inArray(routeStops.stopKey, keys)))
    : [];
  if (driverId) {
    await tx
      .delete(routeStops)
      .where(and(eq(routeStops.companyId, companyId), eq(routeStops.day, day), eq(routeStops.driverId, driverId)));
  }
  if (keys.length) {
    await tx
      .delete(routeStops)
      .where(and(eq(routeStops.companyId, companyId), eq(routeStops.day, day), inArray(routeStops.stopKey, keys)));
  }
  if (!driverId || stops.length === 0) return;
  const before = new Map(kept.map((k) => [k.stopKey, k]));
  await tx.insert(routeStops).values(
    stops.map((s, i) => {
      const was = before.get(s.key);
      return {
        companyId,
        day,
        stopKey: s.key,
        kind: s.kind,
        orderId: s.orderId,
        junkJobId: s.junkJobId,
        driverId,
        position: i + 1,
        state: was?.state ?? 'assigned',
        stateAt: was?.stateAt ?? null,
        failure: was?.failure ?? null,
      };
    }),
  );
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

/** One charge per ticket and per failed stop: a repeat inserts nothing and answers undefined. */
export async function insertFieldCharge(tx: Queryable, values: typeof fieldCharges.$inferInsert) {
  const rows = await tx.insert(fieldCharges).values(values).onConflictDoNothing().returning();
  return rows[0];
}

export async function findFieldCharge(db: Queryable, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(fieldCharges)
    .where(and(eq(fieldCharges.companyId, companyId), eq(fieldCharges.id, id)));
  return row;
}

/** How long a `charging` row waits before another pass takes it up (its pass died mid-charge). */
export const STALE_CHARGING_MS = 5 * 60_000;

/**
 * Claims a due charge for the worker: a `noticed` one still noticed, or a `charging` one still stale (the
 * first claimer stamps it, so of two passes one gets the row back).
 */
export async function claimFieldCharge(db: Queryable, charge: FieldChargeRow, now: Date) {
  const stale = new Date(now.getTime() - STALE_CHARGING_MS);
  const [row] = await db
    .update(fieldCharges)
    .set({ status: 'charging', updatedAt: now })
    .where(
      and(
        eq(fieldCharges.companyId, charge.companyId),
        eq(fieldCharges.id, charge.id),
        charge.status === 'charging'
          ? sql`${fieldCharges.status} = 'charging' and ${fieldCharges.updatedAt} < ${stale}`
          : eq(fieldCharges.status, 'noticed'),
      ),
    )
    .returning();
  return row;
}

/** Moves a charge on if it is still in one of `from`: of two callers, one gets the row back. */
export async function updateFieldCharge(
  db: Queryable,
  charge: Pick<FieldChargeRow, 'companyId' | 'id'>,
  from: FieldChargeRow['status'][],
  values: Partial<typeof fieldCharges.$inferInsert>,
) {
  const [row] = await db
    .update(fieldCharges)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(fieldCharges.companyId, charge.companyId),
        eq(fieldCharges.id, charge.id),
        inArray(fieldCharges.status, from),
      ),
    )
    .returning();
  return row;
}

const OPEN = ['noticed', 'held', 'charging', 'declined'] as const;

/** A company's charges with their order's or job's number and customer, newest first. */
export async function listFieldCharges(db: Queryable, companyId: string, filter: { open?: boolean; orderId?: string }) {
  return db
    .select({
      charge: fieldCharges,
      orderNumber: orders.orderNumber,
      jobNumber: junkJobs.jobNumber,
      customerName: customers.name,
      ticket: weighTickets,
    })
    .from(fieldCharges)
    .leftJoin(orders, eq(orders.id, fieldCharges.orderId))
    .leftJoin(junkJobs, eq(junkJobs.id, fieldCharges.junkJobId))
    .leftJoin(weighTickets, eq(weighTickets.id, fieldCharges.ticketId))
    .innerJoin(customers, sql`${customers.id} = coalesce(${orders.customerId}, ${junkJobs.customerId})`)
    .where(
      and(
        eq(fieldCharges.companyId, companyId),
        filter.open ? inArray(fieldCharges.status, [...OPEN]) : undefined,
        filter.orderId ? eq(fieldCharges.orderId, filter.orderId) : undefined,
      ),
    )
    .orderBy(desc(fieldCharges.createdAt))
    .limit(200);
}

/** An order's charges with their tickets: the customer's page. */
export async function chargesOfOrder(db: Queryable, companyId: string, orderId: string) {
  return db
    .select({ charge: fieldCharges, ticket: weighTickets })
    .from(fieldCharges)
    .leftJoin(weighTickets, eq(weighTickets.id, fieldCharges.ticketId))
    .where(and(eq(fieldCharges.companyId, companyId), eq(fieldCharges.orderId, orderId)))
    .orderBy(asc(fieldCharges.createdAt));
}

/**
 * Charges the worker should take now: noticed ones past their time, and ones left `charging` for 5 minutes
 * (a pass that died between the processor's answer and ours: the same idempotency key answers the same
 * intent). Across every company, on the partial index.
 */
export async function dueFieldCharges(db: Queryable, now: Date, limit: number) {
  return db
    .select()
    .from(fieldCharges)
    .where(
      and(
        lte(fieldCharges.chargeAfter, now),
        sql`(${fieldCharges.status} = 'noticed' or (${fieldCharges.status} = 'charging' and ${fieldCharges.updatedAt} < ${new Date(now.getTime() - STALE_CHARGING_MS)}))`,
      ),
    )
    .orderBy(asc(fieldCharges.chargeAfter))
    .limit(limit);
}

/** The day's weigh tickets (company-local day bounds in UTC) and the overage charged or waiting. */
export async function fieldDay(db: Queryable, companyId: string, bounds: { from: Date; to: Date }) {
  const [tickets] = await db
    .select({
      tickets: sql<number>`count(*)::int`,
      tons: sql<number>`coalesce(sum(${weighTickets.netWeightTons}), 0)::float8`,
    })
    .from(weighTickets)
    .where(
      and(
        eq(weighTickets.companyId, companyId),
        sql`${weighTickets.createdAt} >= ${bounds.from} and ${weighTickets.createdAt} < ${bounds.to}`,
      ),
    );
  const [money] = await db
    .select({
      charged: sql<number>`coalesce(sum(${fieldCharges.grossTotalCents}) filter (where ${fieldCharges.status} in ('charged', 'paid') and ${fieldCharges.chargedAt} >= ${bounds.from} and ${fieldCharges.chargedAt} < ${bounds.to}), 0)::int`,
      waiting: sql<number>`coalesce(sum(${fieldCharges.grossTotalCents}) filter (where ${fieldCharges.status} in ('noticed', 'held', 'charging', 'declined')), 0)::int`,
    })
    .from(fieldCharges)
    .where(and(eq(fieldCharges.companyId, companyId), eq(fieldCharges.kind, 'overage')));
  return {
    tickets: tickets?.tickets ?? 0,
    tons: Math.round((tickets?.tons ?? 0) * 100) / 100,
    chargedCents: money?.charged ?? 0,
    waitingCents: money?.waiting ?? 0,
  };
}
