import { DATA_ORDER_FIELDS } from './data';

/**
 * The `json_build_object(…)` the `orders.list_json` trigger writes, rendered from DATA_ORDER_FIELDS (the one
 * definition of a Data API order). `pnpm run db:order-json` prints the whole function for a new migration;
 * data-order-sql.test.ts fails when the newest migration defining it differs from this.
 */
export function orderListJsonSql(): string {
  const object = (entries: [string, string][], indent: string): string =>
    `json_build_object(\n${entries.map(([key, value]) => `${indent}  '${key}', ${value}`).join(',\n')}\n${indent})`;
  const fields = Object.entries(DATA_ORDER_FIELDS).map(([key, field]): [string, string] => [
    key,
    typeof field.sql === 'string' ? field.sql : object(Object.entries(field.sql), '    '),
  ]);
  return `${object(fields, '  ')}::text`;
}

/** The trigger function, as a migration replaces it. */
export function orderListJsonFunction(): string {
  return `CREATE OR REPLACE FUNCTION "order_list_json"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_json := ${orderListJsonSql()};
  RETURN NEW;
END $$;`;
}
