import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../client';
import { customers, fieldCharges, orders, weighTickets } from '../schema';
import { junkJobs } from '../schema/junk';

/** What the field makes customers owe (docs/decisions/drivers-day.md): overages and wasted trips. */

export type FieldChargeRow = typeof fieldCharges.$inferSelect;

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
export async function listFieldCharges(
  db: Queryable,
  companyId: string,
  filter: { open?: boolean; orderId?: string; id?: string },
) {
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
        filter.id ? eq(fieldCharges.id, filter.id) : undefined,
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
