import { describe, expect, it } from 'vitest';
import { csvCell, csvHeader, csvRows } from './csv';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    // A spreadsheet would run these: an apostrophe makes them text.
    ['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['+cmd', "'+cmd"],
    ['-2+3+cmd', "'-2+3+cmd"],
    ['-1+A1', "'-1+A1"],
    ['\tx', "'\tx"],
    // Phones and negative amounts stay as they are.
    ['+1 (512) 555-0100', '+1 (512) 555-0100'],
    ['-12.50', '-12.50'],
    ['', ''],
  ])('%j -> %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('writes numbers as they are and null as empty', () => {
    expect(csvCell(433.5)).toBe('433.5');
    expect(csvCell(null)).toBe('');
  });
});

describe('csvRows', () => {
  it('writes a header and a CRLF line per row', () => {
    const columns: [string, (r: { n: number; s: string }) => string | number][] = [
      ['number', (r) => r.n],
      ['name', (r) => r.s],
    ];
    expect(csvHeader(columns) + csvRows(columns, [{ n: 1, s: 'a,b' }])).toBe('number,name\r\n1,"a,b"\r\n');
  });
});
