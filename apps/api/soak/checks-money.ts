// The bookings and the money: one order or job per session, every capture equal to its booking, no card
// authorized without its booking, and every booking ended as its card says.

import { type Check, type ChecksInput, list } from './checks-common';
import { authorizedWithoutBooking, rows } from './checks-sql';

/** Checks 1 to 3, from the database (the platform's records and the sandbox's) and the load's bookings. */
export async function moneyChecks(input: ChecksInput, add: (c: Check) => void) {
  const { db } = input;

  // 1. One order or job per booking session.
  const doubleOrders = await rows(
    db,
    `select session_id, count(*)::int as orders from orders where session_id is not null group by 1 having count(*) > 1`,
  );
  const doubleJobs = await rows(
    db,
    `select session_id, count(*)::int as jobs from junk_jobs where session_id is not null group by 1 having count(*) > 1`,
  );
  const both = await rows(
    db,
    `select o.session_id from orders o join junk_jobs j on j.session_id = o.session_id and j.company_id = o.company_id`,
  );
  const [made] = await rows<{ orders: number; jobs: number; sessions: number }>(
    db,
    `select (select count(*) from orders)::int as orders, (select count(*) from junk_jobs)::int as jobs,
            (select count(*) from booking_sessions)::int as sessions`,
  );
  // What each customer was told matches the record: the number confirm answered is the session's.
  const told = input.bookings.filter((b) => b.number !== undefined);
  const recorded = new Map(
    (
      await rows<{ session_id: string; number: number }>(
        db,
        `select session_id, order_number as number from orders union all select session_id, job_number from junk_jobs`,
      )
    ).map((r) => [r.session_id, r.number]),
  );
  const wrongNumber = told.filter((b) => recorded.get(b.sessionId) !== b.number).map((b) => b.sessionId);
  add({
    name: 'no double order or job',
    ok: !doubleOrders.length && !doubleJobs.length && !both.length && !wrongNumber.length,
    detail:
      `${made?.orders} orders and ${made?.jobs} junk jobs from ${made?.sessions} sessions; sessions with 2+ orders: ${doubleOrders.length}, 2+ jobs: ${doubleJobs.length}, ` +
      `an order and a job: ${both.length}; confirm answers naming another number than the session's: ${wrongNumber.length}` +
      list([...doubleOrders, ...doubleJobs, ...both, ...wrongNumber]),
    numbers: {
      ...made,
      doubleOrders: doubleOrders.length,
      doubleJobs: doubleJobs.length,
      wrongNumber: wrongNumber.length,
    },
  });

  // 2. Money: every capture is exactly the booking's gross total, recorded as such; every confirmed
  //    booking is paid; nothing held or rejected was captured.
  const money = await rows<{
    kind: string;
    number: number;
    status: string;
    payment_status: string;
    gross: number;
    intent_status: string | null;
    intent_amount: number | null;
    payment_row: string | null;
    payment_amount: number | null;
    invoice_status: string | null;
  }>(
    db,
    `with made as (
        select 'order' as kind, id, company_id, order_number as number, status, payment_status, gross_total_cents as gross, session_id,
               (select id from invoices v where v.order_id = o.id limit 1) as invoice_id from orders o
        union all
        select 'job', id, company_id, job_number, status, payment_status, gross_total_cents, session_id,
               (select id from invoices v where v.junk_job_id = j.id limit 1) from junk_jobs j)
      select m.kind, m.number, m.status, m.payment_status, m.gross,
             i.status as intent_status, i.amount_cents as intent_amount,
             p.status as payment_row, p.amount_cents as payment_amount, v.status as invoice_status
        from made m
        left join booking_sessions s on s.company_id = m.company_id and s.session_id = m.session_id
        left join sandbox_payment_intents i on i.id = s.payment_intent_id
        left join invoices v on v.id = m.invoice_id
        left join payments p on p.invoice_id = m.invoice_id`,
  );
  const problems: unknown[] = [];
  let captured = 0;
  let capturedCents = 0;
  for (const r of money) {
    const live = r.status !== 'pending_risk_review' && r.status !== 'canceled';
    const take = r.intent_status === 'succeeded';
    if (take) {
      captured++;
      capturedCents += r.intent_amount ?? 0;
    }
    const wrong =
      (take && (r.intent_amount !== r.gross || r.payment_row !== 'captured' || r.payment_amount !== r.gross)) ||
      (take && r.payment_status !== 'paid') ||
      (r.payment_status === 'paid' && !take) ||
      (live && !take) ||
      (r.status === 'pending_risk_review' && r.intent_status !== 'requires_capture') ||
      (r.payment_row === 'captured' && !take);
    if (wrong) problems.push(r);
  }
  const [sums] = await rows<{ intents: number; bookings: number }>(
    db,
    // The field charges' captures (no booking's: metadata field_charge) are checks-field.ts's.
    `select (select coalesce(sum(amount_cents), 0) from sandbox_payment_intents
              where status = 'succeeded' and metadata->>'field_charge' is null)::bigint as intents,
            (select coalesce(sum(gross_total_cents), 0) from orders where payment_status = 'paid')::bigint
          + (select coalesce(sum(gross_total_cents), 0) from junk_jobs where payment_status = 'paid')::bigint as bookings`,
  );
  const sumsMatch = Number(sums?.intents) === Number(sums?.bookings);
  add({
    name: 'every capture equals its booking',
    ok: !problems.length && sumsMatch,
    detail:
      `${captured} captures ($${(capturedCents / 100).toFixed(2)}) each equal to its order's or job's gross total (card fee included), ` +
      `recorded captured and paid; every confirmed booking paid, every held one authorized only; ` +
      `sandbox captured $${(Number(sums?.intents) / 100).toFixed(2)}, bookings paid $${(Number(sums?.bookings) / 100).toFixed(2)}; ` +
      `mismatches: ${problems.length}${list(problems, 3)}`,
    numbers: {
      captured,
      capturedCents,
      mismatches: problems.length,
      sandboxCents: Number(sums?.intents),
      paidCents: Number(sums?.bookings),
    },
  });

  // 3. No card authorized (or charged) without its booking; the declined made nothing.
  const orphans = await authorizedWithoutBooking(db);
  const abandoned = input.bookings.filter((b) => b.outcome === 'abandoned');
  const recovered = abandoned.filter((b) => recorded.has(b.sessionId));
  const declined = input.bookings.filter((b) => b.outcome === 'declined');
  const declinedMade = declined.filter((b) => recorded.has(b.sessionId)).map((b) => b.sessionId);
  add({
    name: 'no authorized card without an order',
    ok: !orphans.length && recovered.length === abandoned.length && !declinedMade.length,
    detail:
      `sandbox intents authorized or captured without an order or job: ${orphans.length}${list(orphans)}; ` +
      `customers who left after paying: ${abandoned.length}, their bookings made by the recovery worker: ${recovered.length}; ` +
      `declined cards: ${declined.length}, bookings made for them: ${declinedMade.length}`,
    numbers: {
      orphans: orphans.length,
      abandoned: abandoned.length,
      recovered: recovered.length,
      declined: declined.length,
    },
  });
}

/** Check 7, from the load's records. */
export function outcomeCheck(input: ChecksInput, add: (c: Check) => void) {
  // 7. The customers: each booking ended as its card says (the office's and the recovery's part included).
  const failedBookings = input.bookings.filter((b) => b.outcome === 'failed');
  const outcomes: Record<string, number> = {};
  for (const b of input.bookings)
    outcomes[`${b.kind}:${b.card}->${b.outcome}`] = (outcomes[`${b.kind}:${b.card}->${b.outcome}`] ?? 0) + 1;
  add({
    name: 'every booking ended as its card says',
    ok: !failedBookings.length,
    detail: `${input.bookings.length} bookings ${JSON.stringify(outcomes)}; failed: ${failedBookings.length}${list(failedBookings.map((b) => ({ kind: b.kind, card: b.card, session: b.sessionId, error: b.error })))}`,
    numbers: { bookings: input.bookings.length, outcomes, failed: failedBookings.length },
  });
}
