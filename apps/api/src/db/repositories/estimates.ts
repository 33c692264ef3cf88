import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../client';
import { bookingSessions, customers } from '../schema';
import { bookedSince, customerShown } from './customers';
import { matchesSearch } from './search';
import type { SessionRow } from './sessions';

/**
 * The Data API's estimates (docs/decisions/data-api-lists.md): booking sessions that reached a price
 * with the customer's contact details and never became an order or job. `intent_created` (priced, not paid)
 * and `failed` (its payment released) are estimates; `confirmed` and `held` became an order or job, and
 * `unconfirmed` has an authorized card that is still becoming one. The condition is the partial index's
 * (booking_sessions_estimates), written as literals so the planner can use it.
 */
const isEstimate = sql`${bookingSessions.state} in ('intent_created', 'failed')`;
const contact = (field: 'name' | 'email' | 'phone') =>
  sql`(${bookingSessions.request} #>> ${sql.raw(`'{request,customer,${field}}'`)})`;
const email = sql`lower(${contact('email')})`;
/** The day asked for: a junk session's window day, a dumpster session's delivery day. */
const requestedDay = sql`coalesce(${bookingSessions.slotDate}, (${bookingSessions.request} #>> '{request,delivery_date}')::date)`;

/** The customer with the estimate's e-mail, when the Data API shows it. */
function customerOf(companyId: string) {
  return sql<
    string | null
  >`(select ${customers.id} from ${customers} where ${customers.companyId} = ${companyId} and ${customers.email} = ${email} and ${customerShown(companyId, sql`${customers.id}`)})`;
}

/**
 * open, expired or converted, on the company's `today`: converted when the same e-mail has an order or job
 * the API shows made since the estimate; otherwise expired once the requested day has passed.
 */
function statusOf(companyId: string, today: string) {
  const converted = sql`exists (select 1 from ${customers} where ${customers.companyId} = ${companyId} and ${customers.email} = ${email} and ${bookedSince(companyId, sql`${customers.id}`, sql`${bookingSessions.createdAt}`)})`;
  return sql<
    'open' | 'expired' | 'converted'
  >`(case when ${converted} then 'converted' when ${requestedDay} < ${today}::date then 'expired' else 'open' end)`;
}

export type EstimateRow = { session: SessionRow; status: 'open' | 'expired' | 'converted'; customerRef: string | null };

export type EstimateFilter = {
  status?: 'open' | 'expired' | 'converted';
  kind?: 'dumpster' | 'junk';
  q?: string;
  /** created_at bounds: from included, to excluded. */
  createdFrom?: Date;
  createdBefore?: Date;
};

function selectEstimates(db: Queryable, companyId: string, today: string) {
  return db
    .select({ session: bookingSessions, status: statusOf(companyId, today), customerRef: customerOf(companyId) })
    .from(bookingSessions);
}

const base = (companyId: string) => [
  eq(bookingSessions.companyId, companyId),
  isEstimate,
  // No contact details, no estimate: nobody to call back.
  sql`${contact('email')} is not null`,
];

/** A page of estimates, newest first: `limit` rows after skipping `offset`. */
export async function listEstimatesPage(
  db: Queryable,
  companyId: string,
  today: string,
  filter: EstimateFilter,
  offset: number,
  limit: number,
): Promise<EstimateRow[]> {
  const where: SQL[] = base(companyId);
  if (filter.status) where.push(sql`${statusOf(companyId, today)} = ${filter.status}`);
  if (filter.kind) where.push(eq(bookingSessions.kind, filter.kind));
  if (filter.q) {
    const digits = sql`regexp_replace(${contact('phone')}, '[^0-9]', '', 'g')`;
    where.push(matchesSearch(filter.q, [contact('name'), contact('email')], digits));
  }
  if (filter.createdFrom) where.push(gte(bookingSessions.createdAt, filter.createdFrom));
  if (filter.createdBefore) where.push(lt(bookingSessions.createdAt, filter.createdBefore));
  return selectEstimates(db, companyId, today)
    .where(and(...where))
    .orderBy(desc(bookingSessions.createdAt), desc(bookingSessions.sessionId))
    .offset(offset)
    .limit(limit);
}

/** One estimate by its session id, in this company only. */
export async function findEstimate(
  db: Queryable,
  companyId: string,
  today: string,
  id: string,
): Promise<EstimateRow | undefined> {
  const [row] = await selectEstimates(db, companyId, today).where(
    and(...base(companyId), eq(bookingSessions.sessionId, id)),
  );
  return row;
}

/** How many estimates were made between two instants, by status (the dashboard's abandoned checkouts). */
export async function estimateCounts(
  db: Queryable,
  companyId: string,
  today: string,
  createdFrom: Date,
  createdBefore: Date,
): Promise<{ status: 'open' | 'expired' | 'converted'; n: number }[]> {
  const status = statusOf(companyId, today);
  return (
    db
      .select({ status, n: sql<number>`count(*)::int` })
      .from(bookingSessions)
      .where(
        and(
          ...base(companyId),
          gte(bookingSessions.createdAt, createdFrom),
          lt(bookingSessions.createdAt, createdBefore),
        ),
      )
      // By position: the status expression carries parameters, and a repeated one would be another expression.
      .groupBy(sql`1`)
  );
}
