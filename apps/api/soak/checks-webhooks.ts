// The webhooks: every delivery in the outbox delivered at least once and seen by the receiver, no endpoint
// switched off.
import { type Check, type ChecksInput, list } from './checks-common';
import { rows } from './checks-sql';

/** Check 4, from the outbox and the receiver's log. */
export async function webhookCheck(input: ChecksInput, add: (c: Check) => void) {
  const { db } = input;

  // 4. Every webhook delivered at least once, and the receiver saw it.
  const outbox = await rows<{ id: string; status: string; topic: string; attempts: number; endpoint: string }>(
    db,
    `select o.id::text, o.status, o.topic, o.attempts, e.url as endpoint
       from outbox o join webhook_endpoints e on e.id = o.endpoint_id where o.channel = 'webhook'`,
  );
  const receivedIds = new Set(input.deliveries.map((d) => d.id));
  const missing = outbox.filter((r) => !receivedIds.has(Number(r.id)));
  const notDelivered = outbox.filter((r) => r.status !== 'delivered');
  const byStatus: Record<string, number> = {};
  for (const r of outbox) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
  const byTopic: Record<string, number> = {};
  for (const r of outbox) byTopic[r.topic] = (byTopic[r.topic] ?? 0) + 1;
  const retried = outbox.filter((r) => r.attempts > 1).length;
  const duplicates = input.deliveries.length - receivedIds.size;
  const endpoints = await rows<{ url: string; enabled: boolean; consecutive_failures: number }>(
    db,
    `select url, enabled, consecutive_failures from webhook_endpoints`,
  );
  const streaks = await rows<{ url: string; longest: number }>(
    db,
    // The longest run of failed attempts per endpoint (20 in a row switch one off: both specs, section 6).
    `with a as (
        select endpoint_id, id, error is not null as failed,
               row_number() over (partition by endpoint_id order by created_at, id)
             - row_number() over (partition by endpoint_id, error is not null order by created_at, id) as grp
          from webhook_attempts)
      select e.url, coalesce(max(n), 0)::int as longest
        from webhook_endpoints e
        left join (select endpoint_id, grp, count(*) as n from a where failed group by 1, 2) s on s.endpoint_id = e.id
       group by e.url`,
  );
  const off = endpoints.filter((e) => !e.enabled);
  add({
    name: 'every webhook delivered at least once',
    ok: !missing.length && !notDelivered.length && !off.length,
    detail:
      `${outbox.length} webhook deliveries (${Object.entries(byTopic)
        .map(([t, n]) => `${t} ${n}`)
        .join(', ')}); outbox ${JSON.stringify(byStatus)}; ${retried} needed more than one attempt; ` +
      `not seen by the receiver: ${missing.length}${list(missing)}; received more than once: ${duplicates}; ` +
      `endpoints switched off: ${off.length}; longest failure streak per endpoint: ${streaks.map((s) => `${new URL(s.url).pathname} ${s.longest}`).join(', ')} (20 switch one off)`,
    numbers: {
      deliveries: outbox.length,
      byStatus,
      byTopic,
      retried,
      missing: missing.length,
      duplicates,
      switchedOff: off.length,
      longestStreaks: Object.fromEntries(streaks.map((s) => [new URL(s.url).pathname, s.longest])),
    },
  });
}
