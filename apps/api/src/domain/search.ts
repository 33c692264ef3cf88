/**
 * The Data API's `q` (docs/decisions/data-api-lists.md): a part of a name or e-mail, matched
 * case-insensitively, or a part of a phone number, matched on its digits whatever the punctuation.
 */
export type Search = {
  /** Matched as a substring of names and e-mails. */
  text: string;
  /** Matched as a substring of phone digits; null when q does not look like (part of) a phone number. */
  digits: string | null;
};

/** At least this many digits before q is read as a phone number: "1" would match nearly every phone. */
export const MIN_PHONE_DIGITS = 3;

export function searchOf(q: string): Search {
  const text = q.trim();
  const phoneLike = /^\+?[\d\s().-]+$/.test(text);
  const digits = text.replace(/\D/g, '');
  return { text, digits: phoneLike && digits.length >= MIN_PHONE_DIGITS ? digits : null };
}

/** A LIKE pattern that finds `text` anywhere, its own % _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The office's search box (docs/decisions/office-lists.md): a booking's number
 * ("1042" or "#1042"), or a part of a street, name or e-mail (lowercased), or of a phone's digits whatever
 * the punctuation. A part shorter than MIN_TEXT characters is refused, except as a number: a trigram index
 * cannot narrow it, so it would read every booking of the company.
 */
export type OfficeSearch = { text: string | null; digits: string | null; number: number | null };

export const MIN_TEXT = 3;

export function officeSearchOf(q: string): OfficeSearch | { error: string } {
  const { text, digits } = searchOf(q);
  const numbered = /^#?\s*(\d{1,9})$/.exec(text);
  const number = numbered ? Number(numbered[1]) : null;
  const usable = text.length >= MIN_TEXT && !/^#\s*\d+$/.test(text);
  if (!usable && number === null) {
    return { error: `Type at least ${MIN_TEXT} characters of a name, street, e-mail or phone, or a number.` };
  }
  return { text: usable ? text.toLowerCase() : null, digits, number };
}
