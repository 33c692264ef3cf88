import { and, asc, eq, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { PermitTerms } from '../../domain/permits';
import type { Queryable } from '../client';
import { consoleUsers, customers, orderPermits, orders } from '../schema';

/** Street orders and their permits (docs/decisions/street-permits.md); every query takes the company's id. */

export type OrderPermitRow = typeof orderPermits.$inferSelect;

/** Statuses in which nothing is left to apply for: the can is back, or never goes out. */
const DONE = ['picked_up', 'completed', 'canceled', 'waiting_landfill'];

export async function insertOrderPermit(
  tx: Queryable,
  row: {
    companyId: string;
    orderId: string;
    terms: PermitTerms | null;
    applyBy: string | null;
    coveredThrough: string | null;
  },
) {
  await tx.insert(orderPermits).values(row);
}

export async function findOrderPermit(db: Queryable, companyId: string, orderId: string) {
  const [row] = await db
    .select({ permit: orderPermits, overrideByName: consoleUsers.name })
    .from(orderPermits)
    .leftJoin(consoleUsers, eq(consoleUsers.id, orderPermits.overrideBy))
    .where(and(eq(orderPermits.companyId, companyId), eq(orderPermits.orderId, orderId)));
  return row ? { ...row.permit, overrideByName: row.overrideByName } : undefined;
}

/** The row locked for a write in the caller's transaction (a dispatch move, a record, an extension). */
export async function lockOrderPermit(tx: Queryable, companyId: string, orderId: string) {
  const [row] = await tx
    .select()
    .from(orderPermits)
    .where(and(eq(orderPermits.companyId, companyId), eq(orderPermits.orderId, orderId)))
    .for('update');
  return row;
}

export async function recordPermit(
  tx: Queryable,
  companyId: string,
  orderId: string,
  values: {
    number: string;
    startsOn: string;
    endsOn: string;
    recordedBy: string | null;
    at: Date;
    scan?: { key: string; type: string; width: number; height: number };
  },
) {
  const [row] = await tx
    .update(orderPermits)
    .set({
      number: values.number,
      startsOn: values.startsOn,
      endsOn: values.endsOn,
      recordedBy: values.recordedBy,
      recordedAt: values.at,
      updatedAt: values.at,
      ...(values.scan
        ? {
            scanKey: values.scan.key,
            scanType: values.scan.type,
            scanWidth: values.scan.width,
            scanHeight: values.scan.height,
          }
        : {}),
    })
    .where(and(eq(orderPermits.companyId, companyId), eq(orderPermits.orderId, orderId)))
    .returning();
  return row;
}

export async function overridePermit(
  tx: Queryable,
  companyId: string,
  orderId: string,
  values: { reason: string; by: string | null; at: Date },
) {
  await tx
    .update(orderPermits)
    .set({ overrideReason: values.reason, overrideBy: values.by, overrideAt: values.at, updatedAt: values.at })
    .where(and(eq(orderPermits.companyId, companyId), eq(orderPermits.orderId, orderId)));
}

export async function setCoveredThrough(tx: Queryable, companyId: string, orderId: string, day: string | null) {
  await tx
    .update(orderPermits)
    .set({ coveredThrough: day, updatedAt: sql`now()` })
    .where(and(eq(orderPermits.companyId, companyId), eq(orderPermits.orderId, orderId)));
}

/** A permit not yet recorded follows its moved delivery: the day to apply by and what the fees cover. */
export async function setPermitDays(
  tx: Queryable,
  companyId: string,
  orderId: string,
  days: { applyBy: string; coveredThrough: string | null },
) {
  await tx
    .update(orderPermits)
    .set({ ...days, updatedAt: sql`now()` })
    .where(and(eq(orderPermits.companyId, companyId), eq(orderPermits.orderId, orderId)));
}

/** A permit the company applies for, of an order still out or to go, with no number yet or ending before the pickup. */
const openPermitTask = (companyId: string) =>
  and(
    eq(orderPermits.companyId, companyId),
    sql`${orderPermits.terms}->>'applies' = 'company'`,
    notInArray(orders.status, DONE),
    or(isNull(orderPermits.number), sql`${orderPermits.endsOn} < ${orders.pickupDate}`),
  );

/**
 * The office's permit tasks: street orders whose permit the company applies for and has not recorded, or
 * whose recorded permit ends before the pickup; canceled orders and cans already back are left out.
 */
export async function permitTasks(db: Queryable, companyId: string, limit = 200) {
  return db
    .select({
      orderNumber: orders.orderNumber,
      customerName: customers.name,
      address: orders.address,
      deliveryDate: orders.deliveryDate,
      pickupDate: orders.pickupDate,
      terms: orderPermits.terms,
      applyBy: orderPermits.applyBy,
      number: orderPermits.number,
      endsOn: orderPermits.endsOn,
    })
    .from(orderPermits)
    .innerJoin(orders, and(eq(orders.id, orderPermits.orderId), eq(orders.companyId, orderPermits.companyId)))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(openPermitTask(companyId))
    .orderBy(asc(orderPermits.applyBy), asc(orders.orderNumber))
    .limit(limit);
}

/** The count of permitTasks (the navigation's badge). */
export async function countPermitTasks(db: Queryable, companyId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderPermits)
    .innerJoin(orders, and(eq(orders.id, orderPermits.orderId), eq(orders.companyId, orderPermits.companyId)))
    .where(openPermitTask(companyId));
  return Number(row?.n ?? 0);
}
