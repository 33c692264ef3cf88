// The leads: the same phone or e-mail within 10 minutes is one lead, and each person was answered with one.

import { type Check, type ChecksInput, list } from './checks-common';
import { rows } from './checks-sql';

/** Check 5, from the leads table and the load's pushes. */
export async function leadCheck(input: ChecksInput, add: (c: Check) => void) {
  const { db } = input;

  // 5. Leads: the same phone or e-mail within 10 minutes is one lead.
  const dupLeads = await rows<{ a: string; b: string; by: string }>(
    db,
    `select a.id as a, b.id as b, case when a.phone_normalized = b.phone_normalized then 'phone' else 'email' end as by
       from leads a join leads b on a.company_id = b.company_id and a.id < b.id
        and ((a.phone_normalized is not null and a.phone_normalized = b.phone_normalized)
          or (a.email_normalized is not null and a.email_normalized = b.email_normalized))
        and abs(extract(epoch from a.created_at - b.created_at)) < 600`,
  );
  const [leadCount] = await rows<{ n: number }>(db, `select count(*)::int as n from leads`);
  const splitPeople = [...input.people.values()].filter((p) => p.leadIds.size > 1).map((p) => p.key);
  const dupPushes = input.pushes.filter((p) => p.kind === 'duplicate');
  const concurrent = input.pushes.filter((p) => p.kind === 'concurrent');
  add({
    name: 'no lead duplicated within 10 minutes',
    ok: !dupLeads.length && !splitPeople.length,
    detail:
      `${input.pushes.length} pushes (${dupPushes.length} repeats of a person within 10 min, ${concurrent.length} sent twice at once) made ${leadCount?.n} leads for ${input.people.size} people; ` +
      `pairs of leads of one person within 10 min: ${dupLeads.length}${list(dupLeads)}; people answered with two lead ids: ${splitPeople.length}${list(splitPeople)}`,
    numbers: {
      pushes: input.pushes.length,
      repeats: dupPushes.length,
      leads: leadCount?.n,
      people: input.people.size,
      duplicates: dupLeads.length,
    },
  });
}
