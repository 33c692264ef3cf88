// The SQL the checks share: rows of a query, the cards authorized without a booking, and what is still
// settling after the load (the run waits on it before the checks).
import type pg from 'pg';
import { sleep } from './stack';

export async function rows<T>(db: pg.Client, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await db.query(sql, params)).rows as T[];
}

/** What is still settling: webhooks to deliver, authorized cards without an order, captures not recorded. */
export async function pending(db: pg.Client, received: Set<number>) {
  const [outbox] = await rows<{ pending: number }>(
    db,
    `select count(*)::int as pending from outbox where channel = 'webhook' and status = 'pending'`,
  );
  const ids = await rows<{ id: string }>(db, `select id::text from outbox where channel = 'webhook'`);
  const unseen = ids.filter((r) => !received.has(Number(r.id))).length;
  const orphans = (await authorizedWithoutBooking(db)).length;
  const [unpaid] = await rows<{ n: number }>(
    db,
    `select (select count(*) from orders where status not in ('pending_risk_review', 'canceled') and payment_status <> 'paid')::int
          + (select count(*) from junk_jobs where status not in ('pending_risk_review', 'canceled') and payment_status <> 'paid')::int as n`,
  );
  return { outboxPending: outbox?.pending ?? 0, unseen, orphans, unpaid: unpaid?.n ?? 0 };
}

/** Sandbox intents holding or having taken money whose session made no order and no job. */
export async function authorizedWithoutBooking(db: pg.Client) {
  return rows<{ id: string; status: string; session_id: string; state: string | null }>(
    db,
    `select i.id, i.status, i.metadata->>'session_id' as session_id, s.state
       from sandbox_payment_intents i
       left join booking_sessions s on s.session_id = i.metadata->>'session_id'
                                   and s.company_id::text = i.metadata->>'company_id'
      where i.status in ('requires_capture', 'succeeded')
        and (s.order_id is null and s.junk_job_id is null)`,
  );
}

/** Waits until nothing is settling any more, or `settleMs` after `settleStarted`; returns what still is. */
export async function settle(db: pg.Client, received: Set<number>, settleStarted: number, settleMs: number) {
  let state = await pending(db, received);
  while (
    state.outboxPending + state.unseen + state.orphans + state.unpaid > 0 &&
    Date.now() - settleStarted < settleMs
  ) {
    await sleep(1000);
    state = await pending(db, received);
  }
  return state;
}
