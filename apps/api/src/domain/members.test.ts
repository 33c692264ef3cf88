import { describe, expect, it } from 'vitest';
import { checkMemberChange, type MemberChange } from './members';

const owner = { id: 'o1', role: 'owner' as const };
const owner2 = { id: 'o2', role: 'owner' as const };
const staff = { id: 's1', role: 'staff' as const };
const remove: MemberChange = { kind: 'remove' };
const toStaff: MemberChange = { kind: 'role', role: 'staff' };
const toOwner: MemberChange = { kind: 'role', role: 'owner' };

describe('what an owner may do to a member', () => {
  it.each([
    ['remove staff', staff, [owner, staff], remove],
    ['make staff an owner', staff, [owner, staff], toOwner],
    ['remove another owner while one stays', owner2, [owner, owner2], remove],
    ['make another owner staff while one stays', owner2, [owner, owner2], toStaff],
    ['make an owner an owner (no change)', owner2, [owner, owner2], toOwner],
  ] as const)('may %s', (_case, target, members, change) => {
    expect(() => checkMemberChange('o1', target, members, change)).not.toThrow();
  });

  it.each([
    ['remove themselves', owner, [owner, owner2], remove, /cannot remove yourself/],
    ['change their own role', owner, [owner, owner2], toStaff, /cannot change your own role/],
    // The actor's own row missing from the list (removed meanwhile): the last owner still stays.
    ['remove the last owner', owner2, [owner2, staff], remove, /at least one owner/],
    ['make the last owner staff', owner2, [owner2], toStaff, /at least one owner/],
  ] as const)('may not %s: 409 with a sentence', (_case, target, members, change, sentence) => {
    expect(() => checkMemberChange('o1', target, members, change)).toThrow(sentence);
    try {
      checkMemberChange('o1', target, members, change);
    } catch (err) {
      expect(err).toMatchObject({ code: 'state_conflict' });
    }
  });
});
