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
import { listDataOrders } from '../src/use-cases/data/orders';

type Input = {
  slug: string;
  cases: { label: string; page: number; status?: string }[];
  lead: { phone: string; email: string };
};
const input = JSON.parse(process.argv[2] ?? '') as Input;
const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/svc_bench_data';
const pool = new pg.Pool({ connectionString: url, max: 1 });
let logged: { sql: string; params: unknown[] }[] = [];
const db = drizzle(pool, {
  schema,
  logger: { logQuery: (sql, params) => logged.push({ sql, params }) },
}) as unknown as Db;

async function explain(label: string, run: () => Promise<unknown>) {
  logged = [];
  await run();
  const statements = logged;
  const queries = [];
  for (const { sql, params } of statements) {
    const { rows } = await pool.query(`explain (analyze, buffers) ${sql}`, params);
    const plan = rows.map((r) => r['QUERY PLAN'] as string);
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
await pool.end();
console.log(JSON.stringify(out));
