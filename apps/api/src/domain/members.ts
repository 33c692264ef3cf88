import { DomainError } from './errors';

/** A console member's role (the same two as db/schema/console.ts, which the domain does not import). */
export type ConsoleRole = 'owner' | 'staff' | 'driver';

/** What an owner does to a member of the company's console. */
export type MemberChange = { kind: 'remove' } | { kind: 'role'; role: ConsoleRole };

/**
 * Whether an owner may make this change, given the company's members as they are now. Nobody removes or
 * demotes themselves (another owner does it: a slip would lock them out), and the company always keeps one
 * owner, who alone can manage keys, webhooks, card fees and the team. Pure: the use case locks the company's
 * members before it asks, so two owners demoting each other at once cannot both pass.
 */
export function checkMemberChange(
  actorId: string,
  target: { id: string; role: ConsoleRole },
  members: readonly { id: string; role: ConsoleRole }[],
  change: MemberChange,
): void {
  if (target.id === actorId) {
    throw new DomainError(
      'state_conflict',
      change.kind === 'remove'
        ? 'You cannot remove yourself from the team; another owner can.'
        : 'You cannot change your own role; another owner can.',
      { field: 'id' },
    );
  }
  const losesOwner = target.role === 'owner' && (change.kind === 'remove' || change.role !== 'owner');
  const owners = members.filter((m) => m.role === 'owner').length;
  if (losesOwner && owners <= 1) {
    throw new DomainError('state_conflict', 'The company needs at least one owner: make someone else an owner first.', {
      field: change.kind === 'remove' ? 'id' : 'role',
    });
  }
}

/** Settings sections only an owner sees: card fees (staff do not see card settings). */
const OWNER_SEES: readonly string[] = ['card-fees'];
/** Settings sections only an owner changes, as the refusal names them: those, and the fleet, whose counts decide what is sold. */
const OWNER_CHANGES: Readonly<Record<string, string>> = {
  'card-fees': 'card fee handling',
  fleet: 'the fleet',
  permits: 'the street permit rules',
};

/** Whether a section of the settings is shown to a member of this role (null: the operator at the machine). */
export const mayReadSection = (role: ConsoleRole | null, section: string) =>
  role === null || role === 'owner' || (role === 'staff' && !OWNER_SEES.includes(section));

/** What only an owner may change in a settings section, as a refusal names it; null when staff may too. */
export const ownerOnlyChange = (section: string): string | null => OWNER_CHANGES[section] ?? null;
