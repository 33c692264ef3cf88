/**
 * CSV as RFC 4180 writes it (CRLF line ends, a field quoted when it holds a comma, quote or line break),
 * made safe to open in a spreadsheet: a text field that a spreadsheet would read as a formula (=, @, + or -,
 * unless the whole field is a number or a phone) gets a leading apostrophe (OWASP, "CSV Injection"). A customer types their
 * name; the bookkeeper must not run it.
 */

export type Cell = string | number | null;

const FORMULA = /^[=@\t\r+-]/;
/** A number or a phone ("-12.50", "+1 (512) 555-0100"): a sign, then digits and their punctuation only. */
const NUMBER_LIKE = /^[+-]?[\d\s().-]+$/;

export function csvCell(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA.test(value) && !NUMBER_LIKE.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: Cell[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** A CSV's columns: a header and how a row gives its cell. */
export type CsvColumns<Row> = [header: string, cell: (row: Row) => Cell][];

export const csvHeader = <Row>(columns: CsvColumns<Row>) => csvLine(columns.map(([header]) => header));

export const csvRows = <Row>(columns: CsvColumns<Row>, rows: Row[]) =>
  rows.map((row) => csvLine(columns.map(([, cell]) => cell(row)))).join('');
