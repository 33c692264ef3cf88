/**
 * The Data API's `q` (docs/decisions.md, "Data API resources"): a part of a name or e-mail, matched
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
