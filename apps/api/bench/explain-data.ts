// The plans of the Data API's queries on the benchmark's database (run by bench/data.mjs): it calls the
// use case and the repository themselves through a drizzle logger, so the SQL explained is exactly what
// the server sends, with the same parameters, then runs EXPLAIN (ANALYZE, BUFFERS) on each statement.
// Argument: JSON { slug, cases: [{ label, page, status? }], lead: { phone, email } }. Prints JSON.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../src/db/client';
import { findCompanyBySlug, loadCatalog } from '../src/db/repositories/catalog';
import { findRecentLead } from '../src/db/repositories/leads';
import * as schema from '../src/db/schema';
import { dedupeSince } from '../src/domain/leads';
import type { CatalogScope } from '../src/domain/scope';
import { listDataOrders } from '../src/use-cases/orders/data-api';

type Input = {
  slug: string;
  cases: { label: string; page: number; status?: string }[];
  lead: { phone: string; email: string };
};
const input = JSON.parse(process.argv[2] ?? '') as Input;
const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/svc_bench_data';
const pool = new pg.Pool({ connectionString: url, max: 2 });
let logged: { sql: string; params: unknown[] }[] = [];
const db = drizzle(pool, {
  schema,
  logger: { logQuery: (sql, params) => logged.push({ sql, params }) },
}) as unknown as Db;

// The statements a database function runs (order_list_page) are explained too: auto_explain logs each
// nested statement's plan, as it ran, and sends it to this client as a notice. The bench's user is the
// superuser that may LOAD it; without it only the outer plan is shown.
const explainer = await pool.connect();
const nested: string[] = [];
explainer.on('notice', (notice) => {
  if (!/Query Text: explain \(/.test(notice.message ?? '')) nested.push(notice.message ?? '');
});
try {
  await explainer.query(`load 'auto_explain'`);
  await explainer.query(`set auto_explain.log_min_duration = 0; set auto_explain.log_analyze = on;
    set auto_explain.log_buffers = on; set auto_explain.log_nested_statements = on; set client_min_messages = log`);
} catch (err) {
  console.error(`auto_explain is not available (${(err as Error).message}): nested statements are not explained`);
}

async function explain(label: string, run: () => Promise<unknown>) {
  logged = [];
  await run();
  const statements = logged;
  const queries = [];
  for (const { sql, params } of statements) {
    await explainer.query(sql, params); // once first: a function plans its statements on its first call
    nested.length = 0;
    const { rows } = await explainer.query(`explain (analyze, buffers) ${sql}`, params);
    const plan = rows.map((r) => r['QUERY PLAN'] as string);
    for (const message of nested) plan.push('', ...message.split('\n'));
    queries.push({ sql, params, plan });
  }
  return { label, queries };
}

const company = await findCompanyBySlug(db, input.slug);
if (!company) throw new Error(`no company ${input.slug}: seed first`);
const catalog = await loadCatalog(db, company.id);
if (!catalog) throw new Error(`no catalog for ${input.slug}`);
const scope: CatalogScope = { companyId: company.id, actor: { kind: 'cli' }, catalog };
const out = [];
for (const c of input.cases) {
  out.push(await explain(c.label, () => listDataOrders(db, scope, { page: c.page, per_page: 100, status: c.status })));
}
out.push(
  await explain('POST /leads: the dedupe lookup (phone or e-mail within 10 minutes)', () =>
    findRecentLead(db, company.id, input.lead, dedupeSince(new Date())),
  ),
);
explainer.release();
await pool.end();
console.log(JSON.stringify(out));
