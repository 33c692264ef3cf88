import { or, type SQL, sql } from 'drizzle-orm';
import { containsPattern, searchOf } from '../../domain/search';

/**
 * The Data API's `q` as a condition (domain/search.ts): one of the texts contains it, case-insensitively,
 * or `digits` (an expression giving a phone's digits only) contains its digits. A scan within one company's rows, never an index: q narrows a
 * company's list for a person looking for someone, it is not how a sync reads (docs/decisions/data-api-search.md).
 */
export function matchesSearch(q: string, texts: SQL[], digits: SQL): SQL {
  const search = searchOf(q);
  const pattern = containsPattern(search.text);
  const clauses = texts.map((t) => sql`${t} ilike ${pattern}`);
  if (search.digits) clauses.push(sql`${digits} like ${containsPattern(search.digits)}`);
  return or(...clauses) as SQL;
}
