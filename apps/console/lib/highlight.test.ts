import { describe, expect, it } from 'vitest';
import { highlightParts } from './highlight';

describe('highlightParts', () => {
  it('marks the letters that matched, case aside', () => {
    expect(highlightParts('14 Elm Street, Austin', 'elm st')).toEqual([
      { text: '14 ', hit: false },
      { text: 'Elm St', hit: true },
      { text: 'reet, Austin', hit: false },
    ]);
  });

  it('marks a phone typed another way across its punctuation', () => {
    expect(highlightParts('+1 (512) 555-0142', '512.555.01')).toEqual([
      { text: '+1 (', hit: false },
      { text: '512) 555-01', hit: true },
      { text: '42', hit: false },
    ]);
  });

  it('marks a number searched with its #', () => {
    expect(highlightParts('1042', '#1042')).toEqual([{ text: '1042', hit: true }]);
  });

  it('marks nothing when nothing matched, or without a search', () => {
    expect(highlightParts('Pat Doe', 'elm')).toEqual([{ text: 'Pat Doe', hit: false }]);
    expect(highlightParts('Pat Doe', undefined)).toEqual([{ text: 'Pat Doe', hit: false }]);
    expect(highlightParts('Pat 12', '12')).toEqual([
      { text: 'Pat ', hit: false },
      { text: '12', hit: true },
    ]);
    // Two digits are not a phone: "5-5" does not mark the 55 of a phone.
    expect(highlightParts('555', '5-5')).toEqual([{ text: '555', hit: false }]);
  });
});
