import { describe, expect, it } from 'vitest';
import { bookingReference } from './booking-reference';

describe('bookingReference', () => {
  it('is the same for a session every time, another for another session, and never carries the id', () => {
    const id = 'pk_ses_4f9a2c1e8b7d0a1b2c3d4e5f';
    expect(bookingReference(id)).toBe(bookingReference(id));
    expect(bookingReference(id)).toMatch(/^BK-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    expect(bookingReference(`${id}x`)).not.toBe(bookingReference(id));
    expect(bookingReference(id)).not.toContain('4f9a');
  });

  it('spreads ten thousand sessions over distinct references', () => {
    const seen = new Set(Array.from({ length: 10_000 }, (_, i) => bookingReference(`ses_${i}`)));
    expect(seen.size).toBe(10_000);
  });
});
