import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { Queryable } from './client';

/** What a prepared statement needs of a handle: drizzle's session and dialect (a database's or a transaction's). */
type Session = {
  dialect: PgDialect;
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: false,
    ): {
      execute(values: Record<string, unknown>): Promise<{ rows: unknown[] }>;
    };
  };
};

/**
 * A statement a hot read sends on every request, written once with `sql.placeholder(…)` for its values and
 * run as a named prepared statement: on PostgreSQL each connection parses and plans it once, under a name
 * made from its text (planning was a third of a Data API page's time in PostgreSQL), and its text is built
 * once per process (drizzle building it cost a tenth of the server's time on a list page). It goes through
 * drizzle's session like any statement, so the query logger (the Data API bench's EXPLAIN) and the type
 * parsers apply, in a transaction too; PGlite runs it as any.
 */
export function preparedStatement<Row, Values extends Record<string, unknown>>(query: SQL) {
  let built: { sql: string; params: unknown[]; name: string } | undefined;
  return async (db: Queryable, values: Values): Promise<Row[]> => {
    const { dialect, session } = db as unknown as Session;
    if (!built) {
      const { sql, params } = dialect.sqlToQuery(query);
      built = { sql, params, name: `svc_${createHash('sha256').update(sql).digest('hex').slice(0, 20)}` };
    }
    return (await session.prepareQuery(built, undefined, built.name, false).execute(values)).rows as Row[];
  };
}
