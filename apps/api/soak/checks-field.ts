// The driver's day: one overage charge per weigh ticket whatever the phones repeated or raced, each charge
// taken once (one payment row, one sandbox intent that took money, for its gross total), none left charging
// or waiting, and every ticketed order's weights the sum of its tickets.

import { type Check, type ChecksInput, list } from './checks-common';
import { rows } from './checks-sql';

/** Check 8, from the database (the platform's records and the sandbox's) and the tickets the load sent. */
export async function fieldCheck(input: ChecksInput, add: (c: Check) => void) {
  const { db } = input;

  // Every weigh ticket and the overage charges made of it.
  const tickets = await rows<{ id: string; stop_key: string; order_number: number; tons: number; overages: number }>(
    db,
    `select t.id, t.stop_key, o.order_number, t.net_weight_tons as tons,
            count(c.id) filter (where c.kind = 'overage')::int as overages
       from weigh_tickets t
       join orders o on o.id = t.order_id
       left join field_charges c on c.ticket_id = t.id
      group by t.id, o.order_number`,
  );
  const doubles = tickets.filter((t) => t.overages > 1);
  const ticketsPerStop = await rows<{ stop_key: string; tickets: number }>(
    db,
    `select stop_key, count(*)::int as tickets from weigh_tickets group by 1 having count(*) > 1`,
  );
  const overageWithoutTicket = await rows<{ id: string }>(
    db,
    `select id from field_charges where kind = 'overage' and ticket_id is null`,
  );

  // Every field charge and the money behind it: payment rows, the sandbox's intents (metadata field_charge).
  const charges = await rows<{
    id: string;
    kind: string;
    status: string;
    gross: number;
    payment_intent_id: string | null;
    payment_rows: number;
    payments_right: number;
    intents: number;
    intents_taking: number;
    intent_right: number;
  }>(
    db,
    `select c.id, c.kind, c.status, c.gross_total_cents as gross, c.payment_intent_id,
            (select count(*) from payments p where p.payment_intent_id = c.payment_intent_id)::int as payment_rows,
            (select count(*) from payments p where p.payment_intent_id = c.payment_intent_id
                and p.status = 'captured' and p.amount_cents = c.gross_total_cents)::int as payments_right,
            (select count(*) from sandbox_payment_intents i where i.metadata->>'field_charge' = c.id::text)::int as intents,
            (select count(*) from sandbox_payment_intents i where i.metadata->>'field_charge' = c.id::text
                and i.status in ('requires_capture', 'succeeded'))::int as intents_taking,
            (select count(*) from sandbox_payment_intents i where i.metadata->>'field_charge' = c.id::text
                and i.id = c.payment_intent_id and i.status = 'succeeded' and i.amount_cents = c.gross_total_cents)::int as intent_right
       from field_charges c`,
  );
  const taken = (c: (typeof charges)[number]) => c.status === 'charged' || c.status === 'paid';
  const wrongMoney = charges.filter((c) =>
    taken(c)
      ? c.payment_rows !== 1 ||
        c.payments_right !== 1 ||
        c.intents_taking !== 1 ||
        c.intent_right !== 1 ||
        (c.status === 'charged' && c.intents !== 1)
      : c.payment_rows !== 0 || c.intents_taking !== 0,
  );
  const open = charges.filter((c) => c.status === 'charging' || c.status === 'noticed');
  const byStatus: Record<string, number> = {};
  for (const c of charges.filter((c) => c.kind === 'overage')) byStatus[c.status] = (byStatus[c.status] ?? 0) + 1;
  // The sandbox's captures for field charges, against the charges taken.
  const [sums] = await rows<{ captured: number; charged: number; stray: number }>(
    db,
    `select (select coalesce(sum(amount_cents), 0) from sandbox_payment_intents
              where status = 'succeeded' and metadata->>'field_charge' is not null)::bigint as captured,
            (select coalesce(sum(gross_total_cents), 0) from field_charges where status in ('charged', 'paid'))::bigint as charged,
            (select count(*) from sandbox_payment_intents i
              where i.metadata->>'field_charge' is not null and i.status in ('requires_capture', 'succeeded')
                and not exists (select 1 from field_charges c where c.id::text = i.metadata->>'field_charge'
                                and c.status in ('charged', 'paid')))::int as stray`,
  );
  const sumsMatch = Number(sums?.captured) === Number(sums?.charged) && Number(sums?.stray) === 0;

  // Every ticketed order weighs the sum of its tickets; it is completed, or waits at the landfill for an owed overage.
  const orders = await rows<{
    order_number: number;
    status: string;
    net: number | null;
    tons: number;
    cost: number | null;
    cents: number;
    owed: boolean;
  }>(
    db,
    `select o.order_number, o.status, o.net_weight_tons as net, sum(t.net_weight_tons)::float8 as tons,
            o.landfill_cost_cents as cost, sum(t.landfill_cost_cents)::int as cents,
            exists (select 1 from field_charges c where c.order_id = o.id and c.kind = 'overage'
                    and c.status in ('declined', 'held', 'noticed', 'charging')) as owed
       from orders o join weigh_tickets t on t.order_id = o.id
      group by o.id`,
  );
  const wrongWeights = orders.filter(
    (o) => o.net === null || Math.abs(o.net - Math.round(o.tons * 100) / 100) > 1e-6 || o.cost !== o.cents,
  );
  const wrongStatus = orders.filter((o) => o.status !== (o.owed ? 'waiting_landfill' : 'completed'));

  // What the phones were answered: a ticket over the allowance made one overage, one under made none; a
  // ticket sent again under its id was applied once; of two ids racing, one was refused.
  const byStop = new Map(tickets.map((t) => [t.stop_key, t]));
  const sent = input.tickets;
  const lost = sent.filter((t) => t.accepted && !byStop.has(t.stop));
  const wrongRule = sent
    .filter((t) => byStop.has(t.stop))
    .filter((t) => (byStop.get(t.stop)?.overages ?? 0) !== (t.over ? 1 : 0))
    .map((t) => ({ order: t.order, tons: t.tons, included: t.includedTons, overages: byStop.get(t.stop)?.overages }));
  const twiceAccepted = sent.filter((t) => t.acceptedIds > 1 || t.applied > 1);
  const repeated = sent.filter((t) => t.plan === 'repeated');
  const raced = sent.filter((t) => t.plan === 'raced');
  const racedRefused = raced.filter((t) => t.refused === 1 && t.acceptedIds === 1).length;
  const over = sent.filter((t) => t.over).length;

  add({
    name: 'one overage charge per ticket',
    ok:
      !doubles.length &&
      !ticketsPerStop.length &&
      !overageWithoutTicket.length &&
      !wrongMoney.length &&
      !open.length &&
      sumsMatch &&
      !wrongWeights.length &&
      !wrongStatus.length &&
      !lost.length &&
      !wrongRule.length &&
      !twiceAccepted.length &&
      !input.fieldFailed,
    detail:
      `tickets ${tickets.length} (sent ${sent.length}: ${over} over the allowance, ${sent.length - over} under, ${sent.filter((t) => t.photo).length} with a photo; ` +
      `${repeated.length} sent 2-3 times at once under one id, ${raced.length} raced by two ids, ${racedRefused} of those refused 409), ` +
      `overage charges ${charges.filter((c) => c.kind === 'overage').length} ${JSON.stringify(byStatus)}, ${doubles.length} doubles; ` +
      `charged $${(Number(sums?.charged) / 100).toFixed(2)}, the sandbox captured $${(Number(sums?.captured) / 100).toFixed(2)}; ` +
      `charges without exactly one payment and one intent for their gross total: ${wrongMoney.length}${list(wrongMoney, 3)}; ` +
      `intents that took money for no charge taken: ${sums?.stray ?? '-'}; left charging or waiting: ${open.length}${list(open, 3)}; ` +
      `stops with 2+ tickets: ${ticketsPerStop.length}${list(ticketsPerStop)}; overages without a ticket: ${overageWithoutTicket.length}; ` +
      `orders whose weights are not their tickets': ${wrongWeights.length}${list(wrongWeights, 3)}; ` +
      `orders neither completed nor waiting on an owed overage: ${wrongStatus.length}${list(wrongStatus, 3)}; ` +
      `tickets answered taken but not recorded: ${lost.length}${list(lost.map((t) => t.order))}; ` +
      `charged against the rule (over: one, under: none): ${wrongRule.length}${list(wrongRule, 3)}; ` +
      `taken by two ids or applied twice: ${twiceAccepted.length}${list(twiceAccepted.map((t) => t.order))}; ` +
      `steps of the driver's day answered otherwise than expected: ${input.fieldFailed} (see the unexpected answers)`,
    numbers: {
      tickets: tickets.length,
      sent: sent.length,
      over,
      repeated: repeated.length,
      raced: raced.length,
      racedRefused,
      overageCharges: charges.filter((c) => c.kind === 'overage').length,
      byStatus,
      doubles: doubles.length,
      chargedCents: Number(sums?.charged),
      capturedCents: Number(sums?.captured),
      wrongMoney: wrongMoney.length,
      open: open.length,
      wrongWeights: wrongWeights.length,
      wrongStatus: wrongStatus.length,
      lost: lost.length,
      wrongRule: wrongRule.length,
      twiceAccepted: twiceAccepted.length,
      fieldFailed: input.fieldFailed,
    },
  });
}
