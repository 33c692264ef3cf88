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
