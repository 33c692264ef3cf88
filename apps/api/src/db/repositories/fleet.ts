import { sql } from 'drizzle-orm';
import type { DayCounts } from '../../domain/fleet';
import type { Queryable } from '../client';
import { preparedStatement } from '../prepared';

type CountRow = { size: string; day: number; out: number; back: number };
type CountValues = { companyId: string; sizes: string; since: string; to: string };

/**
 * The counts of some sizes per day from `since` through `to`, as the database keeps them (fleet_days: every
 * order that is not canceled and its applied swaps, kept by triggers in the transaction of each write,
 * drizzle/0017_fleet_days.sql; docs/decisions/fleet.md). `since` is the first day whose cans back still matter
 * (the range's start minus the turnaround). One index range of the primary key per size: a row a day, never
 * the rentals. A prepared statement (db/prepared.ts): this runs on every calendar a customer opens.
 */
const countsOfSizes = preparedStatement<CountRow, CountValues>(sql`
  select size_id as size, day - date '1970-01-01' as day, cans_out as out, cans_back as back
  from fleet_days
  where company_id = ${sql.placeholder('companyId')}
    and size_id = any(string_to_array(${sql.placeholder('sizes')}::text, ',')::uuid[])
    and day between ${sql.placeholder('since')}::date and ${sql.placeholder('to')}::date`);

/** The same with one order's own rental taken out (its swaps stay counted): a change to its days. */
const countsOfSizesExcept = preparedStatement<CountRow, CountValues & { except: string }>(sql`
  select f.size_id as size, f.day - date '1970-01-01' as day,
         f.cans_out - (x.id is not null and f.day between x.delivery_date and x.back_on)::int as out,
         f.cans_back - (x.id is not null and f.day = x.back_on and x.back_on >= x.delivery_date)::int as back
  from fleet_days f
  left join orders x on x.id = ${sql.placeholder('except')}::uuid and x.company_id = f.company_id
    and x.size_id = f.size_id and x.status <> 'canceled'
  where f.company_id = ${sql.placeholder('companyId')}
    and f.size_id = any(string_to_array(${sql.placeholder('sizes')}::text, ',')::uuid[])
    and f.day between ${sql.placeholder('since')}::date and ${sql.placeholder('to')}::date`);

export async function dayCountsOfSizes(
  db: Queryable,
  companyId: string,
  sizeIds: string[],
  range: { since: string; to: string },
  /** An order left out of the counts: the one a change is about (it takes its own can along). */
  except?: string,
): Promise<Map<string, DayCounts>> {
  const values = { companyId, sizes: sizeIds.join(','), since: range.since, to: range.to };
  const rows = except ? await countsOfSizesExcept(db, { ...values, except }) : await countsOfSizes(db, values);
  const bySize = new Map<string, DayCounts>(sizeIds.map((id) => [id, []]));
  for (const row of rows) {
    bySize.get(row.size)?.push({ day: Number(row.day), out: Number(row.out), back: Number(row.back) });
  }
  return bySize;
}
