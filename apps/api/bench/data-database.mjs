// The benchmark's database: reached (made when missing), seeded when the company is not in it
// (bench/seed-data.ts), and what the run reads of it first (the list counts, the sizes, seeded leads' phones).
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { apiDir, SLUG, STATUS, tsx, url } from './data-config.mjs';

/** The open connection, the company's id and what the cases and the report need to know of the data. */
export async function openDatabase() {
  const where = url.replace(/\/\/[^@]*@/, '//');
  let sql = new pg.Client({ connectionString: url });
  try {
    await sql.connect();
  } catch (err) {
    // A fresh machine has the server but not the database: it is made here (on the server's own `postgres`
    // database), and the seed below fills it.
    if (err.code !== '3D000') {
      console.error(`cannot reach ${where}: ${err.message}`);
      process.exit(1);
    }
    const name = new URL(url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).href });
    await admin.connect();
    await admin.query(`create database ${pg.escapeIdentifier(name)}`);
    await admin.end();
    console.log(`created the database ${where}`);
    sql = new pg.Client({ connectionString: url });
    await sql.connect();
  }
  const seeded = async () =>
    (await sql.query(`select to_regclass('public.companies') as t`)).rows[0].t &&
    (await sql.query('select id from companies where slug = $1', [SLUG])).rows[0]?.id;
  let companyId = await seeded();
  if (!companyId) {
    console.log(`${SLUG} is not in this database: seeding it (bench/seed-data.ts)\n`);
    execFileSync(tsx, ['bench/seed-data.ts'], {
      cwd: apiDir,
      env: { ...process.env, DATABASE_URL: url },
      stdio: 'inherit',
    });
    companyId = await seeded();
  }
  const counts = Object.fromEntries(
    (
      await sql.query(
        `select status, sum(listed)::int as n from order_list_counts
       where company_id = $1 and status in ('*', $2) group by status`,
        [companyId, STATUS],
      )
    ).rows.map((r) => [r.status, r.n]),
  );
  const data = (
    await sql.query(
      `select (select count(*) from orders where company_id = $1)::int as orders,
            (select count(*) from leads where company_id = $1)::int as leads`,
      [companyId],
    )
  ).rows[0];
  const postgres = (await sql.query('show server_version')).rows[0].server_version;
  const seedPhones = (
    await sql.query(
      `select array_agg(phone) as phones from (select phone from leads where company_id = $1 and phone is not null
     order by created_at limit 20000) l`,
      [companyId],
    )
  ).rows[0].phones;
  return { sql, companyId, counts, data, postgres, seedPhones };
}
