// The Data API benchmark's database (`pnpm --filter @svc/api run bench:data:seed [-- --fresh]`): one paid,
// approved company "benchco" with 1,000,000 orders over three years and 100,000 leads, made with set-based
// SQL. DATABASE_URL names the database (default postgres://postgres@127.0.0.1:5432/svc_bench_data); it is
// created when missing, and the seed never writes into a database that already holds a company: --fresh
// drops and recreates it first. Prints the time it took and, last, one JSON line with a data key.
// --through-trigger loads the orders with the list-count trigger and the foreign key checks firing (slower:
// it shows their cost).
import pg from 'pg';
import type { CompanyConfigInput } from '../src/company-config/schema';
import { openDatabase } from '../src/db/client';
import { applyCompanyConfig } from '../src/use-cases/company/apply-config';
import { createKey } from '../src/use-cases/company/keys';
import { decideDataApi, requestDataApi, setPlan } from '../src/use-cases/data/access';

const BENCH_SLUG = 'benchco';
const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/svc_bench_data';
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const LEADS = Number(process.env.BENCH_LEADS ?? 100_000);
const CUSTOMERS = Math.max(1, Math.round(ORDERS / 5));
const YEARS = 3;
const fresh = process.argv.includes('--fresh');
/** Loads the orders with the list-count trigger and the foreign key checks firing, to measure their cost. */
const throughTrigger = process.argv.includes('--through-trigger');

const sizes = [
  [10, 'Roll-off 10 Yard', 2, 325, 375, 425, 475, 650],
  [15, 'Roll-off 15 Yard', 2.5, 365, 415, 465, 525, 700],
  [20, 'Roll-off 20 Yard', 3, 395, 450, 500, 565, 750],
  [30, 'Roll-off 30 Yard', 4, 475, 525, 585, 650, 850],
  [40, 'Roll-off 40 Yard', 5, 550, 600, 660, 725, 950],
] as const;

const config: CompanyConfigInput = {
  slug: BENCH_SLUG,
  name: 'Bench Roll-Off',
  timezone: 'America/New_York',
  currency: 'USD',
  country: 'US',
  contact: { phone: '+1 212 555 0100', email: 'office@benchco.example', website: 'https://benchco.example' },
  address: { line1: '1 Main St', city: 'New York', state: 'NY', zip: '10001' },
  booking: { online: true, payments_ready: true, min_notice_days: 1, max_advance_days: 60 },
  card_fees: { handling: 'customer_pays', percent: 3, fixed: 0.3 },
  service_area: { zips: ['10001', '10002', '10003', '11201', '11211', '07030', '07302', '10451'] },
  sizes: sizes.map(([yards, label, tons, d3, d7, d10, d14, d30]) => ({
    key: `${yards}yd`,
    label,
    yards,
    included_tons: tons,
    overage_per_ton: 70,
    prices: { d3, d7, d10, d14, d30, extra_day: 15 },
    tax: { enabled: true, percent: 8.875 },
    fuel_environmental_fee: { enabled: true, amount: 30 },
    is_default: yards === 20,
  })),
};

/** Creates the database when it is missing (or, with --fresh, drops it first); refuses one holding a company. */
async function prepareDatabase(): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`unexpected database name "${name}"`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount;
    if (exists && fresh) {
      await client.query(`drop database ${pg.escapeIdentifier(name)} with (force)`);
    }
    if (!exists || fresh) {
      await client.query(`create database ${pg.escapeIdentifier(name)}`);
      return;
    }
  } finally {
    await client.end();
  }
  const check = new pg.Client({ connectionString: url });
  await check.connect();
  try {
    const table = await check.query(`select to_regclass('public.companies') as t`);
    if (table.rows[0].t && (await check.query('select 1 from companies limit 1')).rowCount) {
      throw new Error(`${name} already holds companies: run with --fresh to drop and recreate it`);
    }
  } finally {
    await check.end();
  }
}

const started = performance.now();
const lap = (label: string, since: number) =>
  console.log(`  ${label.padEnd(48)} ${((performance.now() - since) / 1000).toFixed(1).padStart(6)} s`);

await prepareDatabase();
let t = performance.now();
const database = await openDatabase({ url, migrate: true });
lap('migrations', t);

t = performance.now();
const now = new Date();
await applyCompanyConfig(database, config);
await requestDataApi(
  database,
  BENCH_SLUG,
  'The Data API benchmark: orders into accounting, leads from the website',
  now,
);
await decideDataApi(database, BENCH_SLUG, 'approved', now);
await setPlan(database, BENCH_SLUG, 'paid');
const { key } = await createKey(database, BENCH_SLUG, { kind: 'data', label: 'bench seed' }, now);
await database.close();
lap('company, Data API access (paid), data key', t);

const client = new pg.Client({ connectionString: url });
await client.connect();
const q = (text: string, values: unknown[] = []) => client.query(text, values);
const company = (await q('select id from companies where slug = $1', [BENCH_SLUG])).rows[0].id as string;
// The same draws on every run (random() follows setseed within one session); dates move with now().
await q('select setseed(0.14)');

t = performance.now();
// Customers have derived ids, so orders reference them without a join.
await q(
  `insert into customers (id, company_id, name, email, phone, type, company_name, created_at)
   select md5('bench-customer-' || n)::uuid, $1, 'Customer ' || n, 'customer' || n || '@example.com',
          '+1212' || lpad((5550000 + n)::text, 7, '0'),
          case when n % 20 = 0 then 'contractor' else 'residential' end,
          case when n % 20 = 0 then 'Builder ' || n else null end,
          to_timestamp(extract(epoch from now())::float8 - (1 - n::float8 / $2::int) * $3::int * 365.25 * 86400)
   from generate_series(1, $2::int) n`,
  [company, CUSTOMERS, YEARS],
);
lap(`${CUSTOMERS.toLocaleString('en-US')} customers`, t);

t = performance.now();
await q('begin');
const bulk = !throughTrigger;
let indexes: { name: string; def: string }[] = [];
if (bulk) {
  // For this transaction only, row triggers do not fire: neither the list-count trigger (two upserts of
  // order_list_counts per order) nor the foreign key checks (three lookups per order). Both are made up for
  // below, set-based: the counts in one statement, the references checked with anti-joins. The secondary
  // indexes are dropped and built again after the load, from their own definitions.
  await q('set local session_replication_role = replica');
  indexes = (
    await q(
      `select indexname as name, indexdef as def from pg_indexes
       where schemaname = 'public' and tablename = 'orders' and indexname <> 'orders_pkey'`,
    )
  ).rows;
  for (const { name } of indexes) await q(`drop index ${pg.escapeIdentifier(name)}`);
}
const today = (await q(`select (now() at time zone 'America/New_York')::date::text as d`)).rows[0].d as string;
// created_at: from three years ago to now, the volume growing (density 0.5 + t on t in [0, 1]), order
// numbers in creation order. Statuses follow the dates: canceled 6% at any age; before delivery placed,
// confirmed, scheduled or waiting_delivery; out_for_delivery on the day; delivered or waiting_pickup during
// the rental; picked_up or waiting_landfill just after; completed afterwards (a few stay stuck). Orders of
// the last three days are held for fraud review at 3%; 0.1% of all are demo data.
await q(
  `with s as (
     select row_number() over (order by yards) as n, id, label, price_d3_cents, price_d7_cents, price_d10_cents,
            price_d14_cents, price_d30_cents, tax_percent_milli, fuel_fee_cents
     from sizes where company_id = $1 and active
   ), g as (
     select i, random() as r1, random() as r2, random() as r3, random() as r4, random() as r5, random() as rc,
            date_trunc('milliseconds', to_timestamp(extract(epoch from now())::float8
              - (1.5 - sqrt(0.25 + 2 * (i - 0.5::float8) / $2::int)) * $3::int * 365.25 * 86400)) as created_at
     from generate_series(1, $2::int) i
   ), d as (
     select g.*, 1 + floor(r5 * 5)::int as size_n,
            (array[3, 7, 7, 7, 10, 14, 14, 30])[1 + floor(r4 * 8)::int] as rental_days,
            (created_at at time zone 'America/New_York')::date + 1 + floor(r3 * 6)::int as delivery_date,
            $5::date as today
     from g
   ), st as materialized (
     select d.*, delivery_date + rental_days as pickup_date,
       case
         when created_at > now() - interval '3 days' and r1 < 0.03 then 'pending_risk_review'
         when r2 < 0.06 then 'canceled'
         when today < delivery_date then
           case when r2 < 0.3 then 'placed' when r2 < 0.6 then 'confirmed' when r2 < 0.9 then 'scheduled'
                else 'waiting_delivery' end
         when today = delivery_date then 'out_for_delivery'
         when today < delivery_date + rental_days then case when r2 < 0.7 then 'delivered' else 'waiting_pickup' end
         when today < delivery_date + rental_days + 3 then
           case when r2 < 0.5 then 'picked_up' when r2 < 0.8 then 'waiting_landfill' else 'completed' end
         when r2 > 0.997 then 'picked_up'
         when r2 > 0.994 then 'waiting_landfill'
         else 'completed'
       end as status
     from d
   ), p as (
     select st.*, s.id as size_id, s.label as size_label, s.tax_percent_milli, s.fuel_fee_cents,
            case st.rental_days when 3 then s.price_d3_cents when 7 then s.price_d7_cents
              when 10 then s.price_d10_cents when 14 then s.price_d14_cents else s.price_d30_cents end as base,
            case when st.status in ('picked_up', 'waiting_landfill', 'completed')
              then round((0.8 + st.r4 * 4)::numeric, 2)::float8 end as tons
     from st join s on s.n = st.size_n
   ), m as (
     select p.*, base + fuel_fee_cents as subtotal,
            round((base + fuel_fee_cents) * tax_percent_milli / 100000.0)::int as tax
     from p
   ), money as materialized (
     select m.*, subtotal + tax as total, round((subtotal + tax) * 0.03 + 30)::int as fee from m
   )
   insert into orders (company_id, order_number, status, payment_status, customer_id, size_id, size_label,
     debris_type, rental_days, delivery_date, pickup_date, address, placement_lat, placement_lng, booking_channel,
     quote, total_cents, processing_fee_cents, gross_total_cents, currency, net_weight_tons, landfill_cost_cents,
     risk_review, is_demo, created_at, updated_at, completed_at)
   select $1, 1000 + i, status,
     case when status = 'canceled' then (case when r3 < 0.5 then 'refunded' else 'no_charge' end)
          when status in ('placed', 'pending_risk_review') then 'unpaid'
          when status = 'completed' and r3 < 0.01 then 'no_charge'
          else 'paid' end,
     md5('bench-customer-' || (1 + floor(rc * rc * $4::int))::int)::uuid,
     size_id, size_label,
     (array['household', 'construction', 'yard waste', 'roofing', 'concrete'])[1 + floor(r3 * 5)::int],
     rental_days, delivery_date, pickup_date,
     jsonb_build_object(
       'line1', (10 + i % 9990) || ' ' || (array['Main St', 'Oak Ave', 'Park Pl', 'Elm St', 'River Rd', 'Hill St',
         'Lake Dr', 'Court St'])[1 + i % 8],
       'city', (array['New York', 'Brooklyn', 'Hoboken', 'Jersey City', 'Bronx'])[1 + (i / 8) % 5],
       'state', (array['NY', 'NY', 'NJ', 'NJ', 'NY'])[1 + (i / 8) % 5],
       'zip', (array['10001', '11201', '07030', '07302', '10451'])[1 + (i / 8) % 5]),
     40.6 + r4 * 0.3, -74.1 + r5 * 0.3,
     (array['link', 'link', 'widget', 'widget', 'api'])[1 + floor(r5 * 5)::int],
     jsonb_build_object('pricing', 'general', 'base', base, 'extraDays', 0, 'fuelFee', fuel_fee_cents,
       'promoDiscount', 0, 'subtotal', subtotal, 'taxPercentMilli', tax_percent_milli, 'tax', tax,
       'total', total, 'processingFee', fee, 'grossTotal', total + fee),
     total, fee, total + fee, 'USD', tons, round(tons * 6500)::int,
     status = 'pending_risk_review', i % 1000 = 7, created_at,
     case when status = 'completed' then ((pickup_date + 1) + time '17:00') at time zone 'America/New_York'
          else created_at end,
     case when status = 'completed' then ((pickup_date + 1) + time '17:00') at time zone 'America/New_York' end
   from money`,
  [company, ORDERS, YEARS, CUSTOMERS, today],
);
lap(`${ORDERS.toLocaleString('en-US')} orders${bulk ? '' : ' (through the trigger and the FK checks)'}`, t);
if (bulk) {
  t = performance.now();
  await q(`set local maintenance_work_mem = '256MB'`);
  for (const { def } of indexes) await q(def);
  lap(`${indexes.length} indexes of orders built again`, t);
  t = performance.now();
  // What the trigger keeps after these inserts: per listable status and '*', per UTC day, the count (in
  // day order, as the trigger would have added them).
  await q(
    `insert into order_list_counts (company_id, status, day, listed)
     select company_id, s.status, (created_at at time zone 'UTC')::date as day, count(*)
     from orders cross join lateral (values (orders.status), ('*')) as s(status)
     where company_id = $1 and not is_demo and orders.status <> 'pending_risk_review'
     group by 1, 2, 3 order by day, status`,
    [company],
  );
  lap('order_list_counts (one statement)', t);
  t = performance.now();
  const dangling = (
    await q(
      `select (select count(*) from orders o where not exists (select from customers c where c.id = o.customer_id))
            + (select count(*) from orders o where not exists (select from sizes s where s.id = o.size_id))
            + (select count(*) from orders o where not exists (select from companies c where c.id = o.company_id))
            as n`,
    )
  ).rows[0].n;
  if (Number(dangling) !== 0) throw new Error(`${dangling} orders reference a missing customer, size or company`);
  lap('foreign keys checked (anti-joins)', t);
}
await q('update companies set next_order_number = $2 where id = $1', [company, 1001 + ORDERS]);
await q('commit');

t = performance.now();
// Leads over the same three years; 70% with a phone, 60% with an e-mail, at least one of them; API leads
// half with an Idempotency-Key; older ones mostly moved on by the office.
await q(
  `with g as (
     select i, random() as r1, random() as r2, random() as r3,
            date_trunc('milliseconds', to_timestamp(extract(epoch from now())::float8
              - (1 - i::float8 / ($2::int + 1)) * $3::int * 365.25 * 86400)) as created_at
     from generate_series(1, $2::int) i
   ), c as (
     select g.*, r1 < 0.7 or r2 >= 0.6 as has_phone, r2 < 0.6 as has_email,
            '+1' || (array['212', '718', '201', '917', '646'])[1 + i % 5] || lpad((i * 7919 % 10000000)::text, 7, '0')
              as phone_normalized,
            case when r3 < 0.8 then 'api' else 'office' end as source,
            case when created_at > now() - interval '30 days' then
                   (array['new', 'new', 'contacted', 'converted', 'discarded'])[1 + floor(r3 * 5)::int]
                 else (array['contacted', 'converted', 'converted', 'discarded', 'discarded'])[1 + floor(r3 * 5)::int]
            end as status
     from g
   )
   insert into leads (company_id, name, phone, phone_normalized, email, email_normalized, address, size_label,
     note, status, source, customer_id, idempotency_key, request_hash, created_at, updated_at)
   select $1, 'Lead ' || i,
     case when has_phone then '+1 (' || substr(phone_normalized, 3, 3) || ') ' || substr(phone_normalized, 6, 3)
       || '-' || substr(phone_normalized, 9) end,
     case when has_phone then phone_normalized end,
     case when has_email then 'Lead' || i || '@Example.net' end,
     case when has_email then 'lead' || i || '@example.net' end,
     case when r1 < 0.5 then (10 + i % 990) || ' Main St, New York, NY 10001' end,
     case when r2 < 0.5 then (array['Roll-off 10 Yard', 'Roll-off 20 Yard', 'Roll-off 30 Yard'])[1 + i % 3] end,
     case when r3 < 0.3 then 'Kitchen remodel, needs it by Friday' end,
     status, source,
     case when status = 'converted' then md5('bench-customer-' || (1 + i % $4::int))::uuid end,
     case when source = 'api' and r1 < 0.5 then 'seed-' || i end,
     case when source = 'api' and r1 < 0.5 then md5('seed-' || i) end,
     created_at, created_at + interval '1 day' * r2
   from c`,
  [company, LEADS, YEARS, CUSTOMERS],
);
lap(`${LEADS.toLocaleString('en-US')} leads`, t);

t = performance.now();
await q('vacuum analyze customers, orders, order_list_counts, leads');
lap('vacuum analyze', t);

// The counts made above must be exactly what the trigger keeps: compare with a recount.
t = performance.now();
const mismatched = await q(
  `with recount as (
     select company_id, s.status, (created_at at time zone 'UTC')::date as day, count(*)::int as listed
     from orders cross join lateral (values (orders.status), ('*')) as s(status)
     where not is_demo and orders.status <> 'pending_risk_review'
     group by 1, 2, 3
   )
   select count(*)::int as n from order_list_counts c full join recount r using (company_id, status, day)
   where c.listed is distinct from r.listed`,
);
const summary = (
  await q(
    `select (select count(*) from orders where company_id = $1)::int as orders,
            (select sum(listed) from order_list_counts where company_id = $1 and status = '*')::int as listed,
            (select count(*) from orders where company_id = $1 and is_demo)::int as demo,
            (select count(*) from orders where company_id = $1 and status = 'pending_risk_review')::int as held,
            (select count(*) from leads where company_id = $1)::int as leads,
            (select count(*) from customers where company_id = $1)::int as customers,
            (select min(created_at) from orders where company_id = $1) as first,
            (select max(created_at) from orders where company_id = $1) as last`,
    [company],
  )
).rows[0];
const statuses = (
  await q(
    `select status, listed::int from (select status, sum(listed) as listed from order_list_counts
     where company_id = $1 and status <> '*' group by status) s order by listed desc`,
    [company],
  )
).rows;
lap('checked order_list_counts against a recount', t);
await client.end();

if (mismatched.rows[0].n !== 0) {
  console.error(`order_list_counts differs from a recount on ${mismatched.rows[0].n} rows`);
  process.exit(1);
}
console.log(
  `\nseeded ${new URL(url).pathname.slice(1)} in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
    `${summary.orders} orders (${summary.listed} listable, ${summary.demo} demo, ${summary.held} held for review), ` +
    `${summary.customers} customers, ${summary.leads} leads; created ${summary.first.toISOString().slice(0, 10)} to ` +
    `${summary.last.toISOString().slice(0, 10)}`,
);
console.log(`listable by status: ${statuses.map((s) => `${s.status} ${s.listed}`).join(', ')}`);
console.log('order_list_counts equals a recount of the orders (what the trigger keeps)');
console.log(JSON.stringify({ slug: BENCH_SLUG, key }));
