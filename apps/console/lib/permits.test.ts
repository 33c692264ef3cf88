import { describe, expect, it } from 'vitest';
import { checkPermitForm, deadlineDay, permitStatus, taskText } from './permits';

describe('the permit task as Needs action says it', () => {
  it('names the deadline as "Tue Dec 8"', () => {
    expect(deadlineDay('2026-12-08')).toBe('Tue Dec 8');
    expect(deadlineDay('2027-01-01')).toBe('Fri Jan 1');
  });

  it('tells a new permit from an extension', () => {
    expect(taskText({ kind: 'apply_for_permit', apply_by: '2026-12-08' })).toBe('Street permit — apply by Tue Dec 8');
    expect(taskText({ kind: 'extend_permit', apply_by: '2026-12-29' })).toBe(
      'Street permit extension — apply by Tue Dec 29',
    );
  });
});

describe("the order's permit status", () => {
  it.each([
    ['needed', '2026-12-08', 'Needed: apply by Tue Dec 8', 'warning'],
    ['recorded', null, 'Recorded', 'success'],
    ['customer_applies', null, 'The customer applies', 'neutral'],
    ['overridden', null, 'Sent out without a permit', 'danger'],
  ] as const)('%s reads "%s"', (status, applyBy, label, tone) => {
    expect(permitStatus({ status, apply_by: applyBy })).toEqual({ label, tone });
  });
});

describe('the record form checks before the API', () => {
  const good = { number: ' ROW-2026-118 ', starts_on: '2026-12-21', ends_on: '2026-12-28' };

  it('passes a number and two dates in order, with or without a scan', () => {
    expect(checkPermitForm(good)).toEqual({});
    expect(checkPermitForm(good, { type: 'image/png', size: 1000 })).toEqual({});
  });

  it('names each field that is wrong', () => {
    expect(checkPermitForm({ number: ' ', starts_on: '', ends_on: '' })).toEqual({
      number: expect.stringMatching(/permit number/),
      starts_on: expect.stringMatching(/first day/),
      ends_on: expect.stringMatching(/last day/),
    });
    expect(checkPermitForm({ ...good, number: 'x'.repeat(65) }).number).toMatch(/at most 64/);
    expect(checkPermitForm({ ...good, ends_on: '2026-12-20' })).toEqual({ ends_on: expect.stringMatching(/before/) });
  });

  it('refuses a scan the API would refuse', () => {
    expect(checkPermitForm(good, { type: 'application/pdf', size: 1000 }).scan).toMatch(/JPEG, PNG or WebP/);
    expect(checkPermitForm(good, { type: 'image/jpeg', size: 9 * 1024 * 1024 }).scan).toMatch(/8 MB/);
  });
});
