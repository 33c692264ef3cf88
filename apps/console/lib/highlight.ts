/**
 * Where a search matched a cell, for the lists to mark it: the text's own letters (case aside), or, for a
 * phone, its digits whatever the punctuation on either side ("512.555" marks "(512) 555" in
 * "+1 (512) 555-0142"). Pure: the API decides what matches; this only shows where.
 */
export type Part = { text: string; hit: boolean };

const MIN_DIGITS = 3;

function range(value: string, q: string): [number, number] | null {
  const query = q.trim().replace(/^#/, '').toLowerCase();
  if (!query) return null;
  const at = value.toLowerCase().indexOf(query);
  if (at >= 0) return [at, at + query.length];
  const digits = query.replace(/\D/g, '');
  if (digits.length < MIN_DIGITS || !/^\+?[\d\s().-]+$/.test(query)) return null;
  // The positions of the value's digits, then the run of them that spells the query's digits.
  const positions = [...value].flatMap((c, i) => (/\d/.test(c) ? [i] : []));
  const start = positions
    .map((i) => value[i])
    .join('')
    .indexOf(digits);
  if (start < 0) return null;
  return [positions[start] as number, (positions[start + digits.length - 1] as number) + 1];
}

export function highlightParts(value: string, q: string | null | undefined): Part[] {
  const found = q ? range(value, q) : null;
  if (!found) return [{ text: value, hit: false }];
  const [from, to] = found;
  return [
    { text: value.slice(0, from), hit: false },
    { text: value.slice(from, to), hit: true },
    { text: value.slice(to), hit: false },
  ].filter((p) => p.text);
}
