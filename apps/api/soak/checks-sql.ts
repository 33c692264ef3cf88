// The SQL the checks share: rows of a query, the cards authorized without a booking, and what is still
// settling after the load (the run waits on it before the checks): webhooks, the recovery worker's orders
// and the charge worker's field charges.
import type pg from 'pg';
import { sleep } from './stack';

export async function rows<T>(db: pg.Client, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await db.query(sql, params)).rows as T[];
}

/**
 * What is still settling: webhooks to deliver, authorized cards without an order, captures not recorded,
 * field charges the charge worker has not taken yet (the soak's company gives no notice) or is taking.
 */
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
  const [field] = await rows<{ due: number; charging: number }>(
    db,
    `select count(*) filter (where status = 'noticed')::int as due, count(*) filter (where status = 'charging')::int as charging
       from field_charges`,
  );
  return {
    outboxPending: outbox?.pending ?? 0,
    unseen,
    orphans,
    unpaid: unpaid?.n ?? 0,
    fieldDue: field?.due ?? 0,
    fieldCharging: field?.charging ?? 0,
  };
}

/**
 * Sandbox intents holding or having taken money whose session made no order and no job. A field charge's
 * intent (metadata field_charge) has no session: checks-field.ts holds it to its charge.
 */
export async function authorizedWithoutBooking(db: pg.Client) {
  return rows<{ id: string; status: string; session_id: string; state: string | null }>(
    db,
    `select i.id, i.status, i.metadata->>'session_id' as session_id, s.state
       from sandbox_payment_intents i
       left join booking_sessions s on s.session_id = i.metadata->>'session_id'
                                   and s.company_id::text = i.metadata->>'company_id'
      where i.status in ('requires_capture', 'succeeded')
        and i.metadata->>'field_charge' is null
        and (s.order_id is null and s.junk_job_id is null)`,
  );
}

/** A field charge left `charging` (its pass died after the claim) is taken again this long after (charge-worker.ts). */
const CHARGING_RETRY_MS = 5 * 60_000;

/**
 * Waits until nothing is settling any more, or `settleMs` after `settleStarted`; returns what still is. A
 * field charge left `charging` by a pass a fault cut short is claimed again only 5 minutes later: for it, the
 * wait goes on until then (and a few recovery passes more).
 */
export async function settle(db: pg.Client, received: Set<number>, settleStarted: number, settleMs: number) {
  const unsettled = (s: Awaited<ReturnType<typeof pending>>) =>
    s.outboxPending + s.unseen + s.orphans + s.unpaid + s.fieldDue + s.fieldCharging;
  let state = await pending(db, received);
  while (unsettled(state) > 0 && Date.now() - settleStarted < settleMs) {
    await sleep(1000);
    state = await pending(db, received);
  }
  if (state.fieldCharging > 0) {
    const [last] = await rows<{ at: Date }>(
      db,
      `select max(updated_at) as at from field_charges where status = 'charging'`,
    );
    const until = Math.min(
      new Date(last?.at ?? Date.now()).getTime() + CHARGING_RETRY_MS + 30_000,
      Date.now() + CHARGING_RETRY_MS + 60_000,
    );
    while (unsettled(state) > 0 && Date.now() < until) {
      await sleep(1000);
      state = await pending(db, received);
    }
  }
  return state;
}
