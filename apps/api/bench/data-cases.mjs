// The benchmark's cases: GET /data/v1/orders on the first, a middle and the last page, with and without
// ?status=, each page checked once against a plain OFFSET; and POST /data/v1/leads with its mix of people.
import { PER_PAGE, STATUS } from './data-config.mjs';

/** The list cases, from the counts of listable orders (all of them, and those of the status filter). */
export function orderCasesOf(counts) {
  const pages = (listed) => {
    const last = Math.ceil(listed / PER_PAGE);
    return { first: 1, middle: Math.ceil(last / 2), last };
  };
  const orderCases = [];
  for (const [filter, listed] of [
    [undefined, counts['*']],
    [STATUS, counts[STATUS]],
  ]) {
    for (const [where, page] of Object.entries(pages(listed))) {
      const query = `per_page=${PER_PAGE}&page=${page}${filter ? `&status=${filter}` : ''}`;
      orderCases.push({
        label: `GET /orders ${where} page${filter ? ` status=${filter}` : ''}`,
        page,
        status: filter,
        path: `/data/v1/orders?${query}`,
        listed,
      });
    }
  }
  return orderCases;
}

/** Runs each page once and checks it (throws on the first page that is wrong); notes its rows on the case. */
export async function checkPages({ get, sql, companyId, orderCases }) {
  // Each page once, checked: a full page but the last, has_more until the last, newest first, the rows of
  // a plain OFFSET.
  for (const c of orderCases) {
    const res = await get(c.path);
    const body = JSON.parse(res.text);
    const expected = c.page * PER_PAGE <= c.listed ? PER_PAGE : c.listed - (c.page - 1) * PER_PAGE;
    const sorted = body.data.every((o, i, all) => i === 0 || all[i - 1].created_at >= o.created_at);
    const statusOk = !c.status || body.data.every((o) => o.status === c.status);
    if (res.status !== 200 || body.data.length !== expected || body.has_more !== c.page * PER_PAGE < c.listed) {
      throw new Error(`${c.path}: ${res.status}, ${body.data?.length} rows, has_more ${body.has_more}`);
    }
    if (!sorted || !statusOk) throw new Error(`${c.path}: not newest first or another status`);
    // The same rows as a plain OFFSET (which reads every row before the page: slow, once, as the reference).
    const plain = await sql.query(
      `select order_number from orders where company_id = $1 and not is_demo and status <> 'pending_risk_review'
       and ($2::text is null or status = $2) order by created_at desc, order_number desc offset $3 limit $4`,
      [companyId, c.status ?? null, (c.page - 1) * PER_PAGE, PER_PAGE],
    );
    if (plain.rows.map((r) => r.order_number).join() !== body.data.map((o) => o.order_number).join()) {
      throw new Error(`${c.path}: not the rows a plain OFFSET gives`);
    }
    c.rows = body.data.length;
    c.order_numbers = `${body.data[0].order_number}..${body.data.at(-1).order_number}`;
  }
}

/** The leads case: a request body per push, made as autocannon sends it. */
export function leadsCase(seedPhones) {
  // Leads: 8 in 10 are new people; 1 in 10 a returning person whose phone is on a seeded lead (older than
  // 10 minutes: the index finds it, the window does not, so a new lead); 1 in 10 pushes again, with phone
  // and e-mail, the new person of 45 requests earlier (200, existing). New people send a phone, an e-mail
  // or both (a third each).
  const tag = String(Date.now() % 1e8).padStart(8, '0');
  let n = 0;
  const person = (k) => ({
    phone: `+1 (555) ${tag.slice(0, 3)}-${tag.slice(3)}${String(k).padStart(7, '0')}`,
    email: `bench-${tag}-${k}@example.org`,
  });
  const leadBody = (k) => {
    const kind = k % 10;
    const repeat = kind === 9 && k >= 45;
    const who = repeat ? person(k - 45) : person(k);
    if (kind === 5) who.phone = seedPhones[Math.floor(k / 10) % seedPhones.length];
    // 0: phone, 1: e-mail, 2: both; returning people come back by phone.
    const fields = repeat ? 2 : kind === 5 ? 0 : k % 3;
    return JSON.stringify({
      name: `Bench Lead ${k}`,
      ...(fields !== 1 ? { phone: who.phone } : {}),
      ...(fields !== 0 ? { email: who.email } : {}),
      address: '12 Oak Ave, Hoboken, NJ 07030',
      size_label: 'Roll-off 20 Yard',
      note: 'Garage clean-out, wants Friday delivery',
    });
  };
  const leads = {
    path: '/data/v1/leads',
    method: 'POST',
    requests: [{ method: 'POST', setupRequest: (req) => ({ ...req, body: leadBody(n++) }) }],
  };
  return leads;
}
