import { describe, expect, it } from 'vitest';
import { DomainError } from './errors';
import { checkLeadMove, dedupeSince, type LeadStatus, normalizeEmail, normalizePhone } from './leads';

describe('lead phone and e-mail as compared', () => {
  it.each([
    ['+1 (212) 555-0100', '+12125550100'],
    ['212.555.0100', '2125550100'],
    ['  +44 20 7946 0958 ', '+442079460958'],
    ['ext. only', null],
    ['', null],
    [undefined, null],
  ])('phone %j -> %j', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it.each([
    ['Dana@Example.COM', 'dana@example.com'],
    ['  a@b.co ', 'a@b.co'],
    ['', null],
    [null, null],
  ])('e-mail %j -> %j', (input, expected) => {
    expect(normalizeEmail(input)).toBe(expected);
  });

  it('a duplicate is one made in the last 10 minutes', () => {
    expect(dedupeSince(new Date('2031-01-01T10:10:00Z')).toISOString()).toBe('2031-01-01T10:00:00.000Z');
  });
});

describe('lead moves', () => {
  const allowed: [LeadStatus, LeadStatus][] = [
    ['new', 'contacted'],
    ['new', 'converted'],
    ['new', 'discarded'],
    ['contacted', 'converted'],
    ['contacted', 'discarded'],
    ['discarded', 'new'],
  ];
  const refused: [LeadStatus, LeadStatus][] = [
    ['new', 'new'],
    ['contacted', 'new'],
    ['converted', 'new'],
    ['converted', 'discarded'],
    ['discarded', 'converted'],
  ];
  it.each(allowed)('%s -> %s is allowed', (from, to) => {
    expect(() => checkLeadMove(from, to)).not.toThrow();
  });
  it.each(refused)('%s -> %s is refused with a field', (from, to) => {
    expect(() => checkLeadMove(from, to)).toThrow(DomainError);
    try {
      checkLeadMove(from, to);
    } catch (err) {
      expect((err as DomainError).field).toBe('status');
    }
  });
});
