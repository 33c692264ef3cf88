import { and, eq, sql } from 'drizzle-orm';
import { HELD_FOR_REVIEW } from '../../domain/order-status';
import type { Queryable } from '../client';
import { bookingSessions, junkJobs, leads, orders, webhookEndpoints } from '../schema';
import { isStuck } from './sessions';
import { isTroubled } from './webhook-endpoints';

/**
 * The console's navigation badges: how many held orders and jobs, stuck sessions, troubled webhook endpoints
 * and new leads the company has, in one round trip of counts, each on an indexed or small set. The one read
 * across tables; each count's condition is its table's own, from its repository.
 */
export async function queueCounts(db: Queryable, companyId: string, before: Date) {
  const count = (table: unknown, where: unknown) => sql<number>`(select count(*)::int from ${table} where ${where})`;
  const [row] = await db
    .select({
      orders: count(orders, and(eq(orders.companyId, companyId), eq(orders.status, HELD_FOR_REVIEW))),
      jobs: count(junkJobs, and(eq(junkJobs.companyId, companyId), eq(junkJobs.status, HELD_FOR_REVIEW))),
      sessions: count(bookingSessions, isStuck(companyId, before)),
      endpoints: count(webhookEndpoints, isTroubled(companyId)),
      leads: count(leads, and(eq(leads.companyId, companyId), eq(leads.status, 'new'))),
    })
    .from(sql`(select 1) as one`);
  return row as { orders: number; jobs: number; sessions: number; endpoints: number; leads: number };
}
