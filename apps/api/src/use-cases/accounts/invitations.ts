import { createHash, randomBytes } from 'node:crypto';
import { hashPassword } from '../../accounts/passwords';
import type { Database } from '../../db/client';
import { findCompany } from '../../db/repositories/catalog';
import {
  expirePendingInvitations,
  findInvitationByTokenHash,
  insertInvitation,
  listPendingInvitations,
  markInvitationAccepted,
  revokePendingInvitation,
} from '../../db/repositories/console-invitations';
import { findConsoleUserByEmail, insertConsoleUser, listConsoleUsers } from '../../db/repositories/console-users';
import { enqueueMessages } from '../../db/repositories/outbox';
import type { ConsoleRole } from '../../db/schema/console';
import { DomainError } from '../../domain/errors';
import { actingUser, type Scope } from '../../domain/scope';
import { isUuid } from '../../lib/uuid';
import { checkNewPassword, normalizeEmail } from './users';

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;
const ROLES: readonly ConsoleRole[] = ['owner', 'staff', 'driver'];

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const invitationLink = (consoleBaseUrl: string, token: string) =>
  `${consoleBaseUrl}/accept-invitation?token=${encodeURIComponent(token)}`;

const gone = () =>
  new DomainError('not_found', 'This invitation link is not valid any more; ask the company’s owner for a new one.', {
    field: 'token',
  });
const accepted = () =>
  new DomainError('state_conflict', 'This invitation was already accepted; sign in with its e-mail address.', {
    field: 'token',
  });

export type Invited = { email: string; role: ConsoleRole; expires_at: string; link: string };

/**
 * Invites someone to a company's console: a one-time token (we keep its SHA-256), e-mailed through the
 * outbox with the link to accept it. The console (an owner) and `svc users invite` both come here; the link
 * is returned for the CLI, which prints it once. A newer invitation to the same address replaces older ones.
 */
export async function inviteMember(
  database: Database,
  scope: Scope,
  input: { email: string; role: string },
  context: { now: Date; consoleBaseUrl: string },
): Promise<Invited> {
  const company = await findCompany(database.db, scope.companyId);
  if (!company) throw new DomainError('not_found', 'This company does not exist any more.');
  const email = normalizeEmail(input.email);
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
    throw new DomainError('invalid_body', `"${input.email}" is not an e-mail address.`, { field: 'email' });
  }
  const role = input.role as ConsoleRole;
  if (!ROLES.includes(role)) {
    throw new DomainError('invalid_body', 'The role is owner, staff or driver.', { field: 'role' });
  }
  if (await findConsoleUserByEmail(database.db, email)) {
    throw new DomainError('state_conflict', `${email} already has a console account.`, { field: 'email' });
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(context.now.getTime() + INVITATION_DAYS * 24 * 60 * 60 * 1000);
  const link = invitationLink(context.consoleBaseUrl, token);
  await database.db.transaction(async (tx) => {
    await expirePendingInvitations(tx, company.id, email, context.now);
    await insertInvitation(tx, company.id, {
      email,
      role,
      tokenHash: hashToken(token),
      invitedBy: actingUser(scope),
      expiresAt,
    });
    await enqueueMessages(tx, company.id, [
      {
        channel: 'email',
        topic: 'console.invitation',
        to: email,
        subject: `You are invited to ${company.name} on svc`,
        text:
          `You are invited to join ${company.name}'s console as ${role === 'owner' ? 'an owner' : 'staff'}.\n\n` +
          `Accept the invitation and choose your password:\n${link}\n\n` +
          `The link works for ${INVITATION_DAYS} days. If you did not expect it, ignore this e-mail.`,
      },
    ]);
  });
  return { email, role, expires_at: expiresAt.toISOString(), link };
}

/** What the accept page shows before the person chooses a password. */
export async function readInvitation(database: Database, token: string, now: Date) {
  const found = await findInvitationByTokenHash(database.db, hashToken(token));
  if (!found) throw gone();
  if (found.invitation.acceptedAt) throw accepted();
  if (found.invitation.expiresAt <= now) throw gone();
  return {
    company: found.company,
    email: found.invitation.email,
    role: found.invitation.role,
    expires_at: found.invitation.expiresAt.toISOString(),
  };
}

/**
 * Accepts an invitation: the user is made with the chosen password (argon2id) in one transaction with the
 * invitation's acceptance, the row locked, so a double click makes one account and the second is 409.
 */
export async function acceptInvitation(
  database: Database,
  input: { token: string; name: string; password: string },
  now: Date,
): Promise<{ email: string }> {
  checkNewPassword(input.password);
  const name = input.name.trim();
  if (!name) throw new DomainError('invalid_body', 'Tell us your name.', { field: 'name' });
  const passwordHash = await hashPassword(input.password);
  return database.db.transaction(async (tx) => {
    const found = await findInvitationByTokenHash(tx, hashToken(input.token), true);
    if (!found) throw gone();
    const { invitation } = found;
    if (invitation.acceptedAt) throw accepted();
    if (invitation.expiresAt <= now) throw gone();
    if (await findConsoleUserByEmail(tx, invitation.email)) {
      throw new DomainError('state_conflict', `${invitation.email} already has a console account; sign in.`, {
        field: 'token',
      });
    }
    await insertConsoleUser(tx, invitation.companyId, {
      email: invitation.email,
      name,
      role: invitation.role,
      passwordHash,
    });
    await markInvitationAccepted(tx, invitation.id, now);
    return { email: invitation.email };
  });
}

/** The company's members and its invitations still open, for its owners. */
export async function listMembers(database: Database, scope: Scope, now: Date) {
  const [users, invitations] = await Promise.all([
    listConsoleUsers(database.db, scope.companyId),
    listPendingInvitations(database.db, scope.companyId, now),
  ]);
  return {
    members: users.map((u) => ({
      id: u.id,
      name: u.name,
      email: u.email,
      role: u.role,
      created_at: u.createdAt.toISOString(),
    })),
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      role: i.role,
      expires_at: i.expiresAt.toISOString(),
      created_at: i.createdAt.toISOString(),
    })),
  };
}

/**
 * Withdraws an open invitation of the company: it expires now, so its link answers 404 like a replaced one.
 * Another company's id, an accepted or expired one and a made-up one are all the same 404.
 */
export async function revokeInvitation(database: Database, scope: Scope, id: string, now: Date) {
  const revoked = isUuid(id) && (await revokePendingInvitation(database.db, scope.companyId, id, now));
  if (!revoked)
    throw new DomainError('not_found', 'There is no open invitation by that id in your company.', { field: 'id' });
  return { id, revoked: true as const };
}
