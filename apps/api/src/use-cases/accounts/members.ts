import type { Database } from '../../db/client';
import { insertAudit } from '../../db/repositories/audit';
import { deleteConsoleUser, lockConsoleUsers, setConsoleRole } from '../../db/repositories/console-users';
import type { ConsoleRole } from '../../db/schema/console';
import { DomainError } from '../../domain/errors';
import { checkMemberChange, type MemberChange } from '../../domain/members';
import type { Scope } from '../../domain/scope';
import { isUuid } from '../../lib/uuid';

/** The acting owner's user id: the rules (domain/members.ts) are about who acts on whom. */
function actingOwner(scope: Scope): string {
  if (scope.actor.kind !== 'member') throw new DomainError('forbidden', 'Only a member of the company can do this.');
  return scope.actor.userId;
}

const noSuchMember = () =>
  new DomainError('not_found', 'There is no member by that id in your company.', { field: 'id' });

/**
 * An owner removes a member or changes their role, on the company's members locked for the decision
 * (domain/members.ts says what may be done), with an audit row. A removed member's sessions end with their
 * row, so their next request is 401; a role takes effect on their next request (the gate reads it each time).
 * Another company's member and a made-up id are the same 404.
 */
async function changeMember(database: Database, scope: Scope, id: string, change: MemberChange, now: Date) {
  const actor = { companyId: scope.companyId, userId: actingOwner(scope) };
  if (!isUuid(id)) throw noSuchMember();
  return database.db.transaction(async (tx) => {
    const members = await lockConsoleUsers(tx, actor.companyId);
    const target = members.find((m) => m.id === id);
    if (!target) throw noSuchMember();
    checkMemberChange(actor.userId, target, members, change);
    if (change.kind === 'remove') await deleteConsoleUser(tx, actor.companyId, id);
    else await setConsoleRole(tx, actor.companyId, id, change.role, now);
    await insertAudit(tx, {
      companyId: actor.companyId,
      userId: actor.userId,
      action: change.kind === 'remove' ? 'member.removed' : 'member.role',
      subject: `member:${id}`,
      detail: change.kind === 'remove' ? target.name : `${target.role} -> ${change.role}`,
      at: now,
    });
    return target;
  });
}

export async function removeMember(database: Database, scope: Scope, id: string, now: Date) {
  await changeMember(database, scope, id, { kind: 'remove' }, now);
  return { id, removed: true as const };
}

export async function changeMemberRole(database: Database, scope: Scope, id: string, role: ConsoleRole, now: Date) {
  await changeMember(database, scope, id, { kind: 'role', role }, now);
  return { id, role };
}
