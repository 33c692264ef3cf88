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
import {
  CUSTOMERS_SQL,
  LEADS_SQL,
  ORDER_LIST_COUNTS_SQL,
  ORDER_LIST_MONTHS_SQL,
  ORDERS_SQL,
  RECOUNT_SQL,
} from './seed-sql';

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
const { id: companyId } = await applyCompanyConfig(database, config);
const scope = { companyId, actor: { kind: 'cli' as const } };
await requestDataApi(database, scope, 'The Data API benchmark: orders into accounting, leads from the website', now);
await decideDataApi(database, scope, 'approved', now);
await setPlan(database, scope, 'paid');
const { key } = await createKey(database, scope, { kind: 'data', label: 'bench seed' }, now);
await database.close();
lap('company, Data API access (paid), data key', t);

const client = new pg.Client({ connectionString: url });
await client.connect();
const q = (text: string, values: unknown[] = []) => client.query(text, values);
const company = (await q('select id from companies where slug = $1', [BENCH_SLUG])).rows[0].id as string;
// The same draws on every run (random() follows setseed within one session); dates move with now().
await q('select setseed(0.14)');

t = performance.now();
await q(CUSTOMERS_SQL, [company, CUSTOMERS, YEARS]);
lap(`${CUSTOMERS.toLocaleString('en-US')} customers`, t);

t = performance.now();
await q('begin');
const bulk = !throughTrigger;
let indexes: { name: string; def: string }[] = [];
if (bulk) {
  // For this transaction only, row triggers do not fire: neither the list-count trigger (four upserts of
  // order_list_counts and order_list_months per order), the fleet's counts nor the foreign key checks (three
  // lookups per order). All are made up for below, set-based: the counts in three statements, the references checked
  // with anti-joins. The one that fires always, list_json's, writes each order's JSON as it is inserted. The secondary
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
await q(ORDERS_SQL, [company, ORDERS, YEARS, CUSTOMERS, today]);
lap(`${ORDERS.toLocaleString('en-US')} orders${bulk ? '' : ' (through the trigger and the FK checks)'}`, t);
if (bulk) {
  t = performance.now();
  await q(`set local maintenance_work_mem = '256MB'`);
  for (const { def } of indexes) await q(def);
  lap(`${indexes.length} indexes of orders built again`, t);
  t = performance.now();
  await q(ORDER_LIST_COUNTS_SQL, [company]);
  await q(ORDER_LIST_MONTHS_SQL, [company]);
  lap('order_list_counts and order_list_months', t);
  t = performance.now();
  // The fleet's per-day counts too (drizzle/0017_fleet_days.sql), which its triggers would have kept.
  await q('select fleet_days_recount($1)', [company]);
  lap('fleet_days', t);
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
await q(LEADS_SQL, [company, LEADS, YEARS, CUSTOMERS]);
lap(`${LEADS.toLocaleString('en-US')} leads`, t);

t = performance.now();
await q('vacuum analyze customers, orders, order_list_counts, order_list_months, leads');
lap('vacuum analyze', t);

// The counts made above must be exactly what the trigger keeps: compare with a recount.
t = performance.now();
const mismatched = await q(RECOUNT_SQL);
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
