import type { Database } from '../db/client';
import { findCompanyBySlug } from '../db/repositories/catalog';
import { DomainError } from '../domain/errors';
import type { Scope } from '../domain/scope';

/** What every group of the svc CLI shares: its refusals, its answers and its tables. */

/** A command line the CLI cannot run: said with the help's pointer, exit 1. */
export class UsageError extends Error {}

export type Out = Record<string, unknown> | Record<string, unknown>[];
export type Answer = { text: string; json: Out };

/** A required positional or option, or a UsageError naming it. */
export type Need = (value: string | undefined, what: string) => string;

export const need: Need = (value, what) => {
  if (!value) throw new UsageError(`missing ${what}; see npm run svc -- --help`);
  return value;
};

/** An order or job number as typed: a whole number, or a UsageError. */
export function wholeNumber(value: string | undefined, what: string): number {
  const number = Number(need(value, what));
  if (!Number.isInteger(number) || number < 1) throw new UsageError(`the ${what} is a whole number`);
  return number;
}

export function table(rows: Record<string, unknown>[]): string {
  if (!rows.length) return '(none)';
  const cols = Object.keys(rows[0] as object);
  const cell = (v: unknown) => (v === null || v === undefined ? '-' : String(v));
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c]).length)));
  const line = (vals: string[]) =>
    vals
      .map((v, i) => v.padEnd(widths[i] as number))
      .join('  ')
      .trimEnd();
  return [line(cols), ...rows.map((r) => line(cols.map((c) => cell(r[c]))))].join('\n');
}

/**
 * The company a command names by its slug, as the scope its use cases take (the operator at the machine
 * acts): one lookup per command, here at the CLI's edge; an unknown slug is not_found.
 */
export async function scopeOf(database: Database, slug: string): Promise<Scope> {
  const company = await findCompanyBySlug(database.db, slug);
  if (!company) throw new DomainError('not_found', `no company with slug "${slug}"`, { field: 'slug' });
  return { companyId: company.id, actor: { kind: 'cli' } };
}
