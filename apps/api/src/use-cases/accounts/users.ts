import { hashPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../accounts/passwords';
import type { Queryable } from '../../db/client';
import { findConsoleUserByEmail, insertConsoleUser, listConsoleUsers } from '../../db/repositories/console-users';
import type { ConsoleRole } from '../../db/schema/console';
import { DomainError } from '../../domain/errors';
import type { Scope } from '../../domain/scope';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The rules for a new password: long enough to resist guessing, short enough to hash. */
export function checkNewPassword(password: string, field = 'password') {
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    throw new DomainError('invalid_body', `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters.`, {
      field,
    });
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw new DomainError('invalid_body', `Choose a password of at most ${MAX_PASSWORD_LENGTH} characters.`, {
      field,
    });
  }
}

/** Makes a console user of a company with a password (the demo owner, test fixtures, accepted invitations). */
export async function createConsoleUser(
  db: Queryable,
  scope: Scope,
  input: { email: string; name: string; role: ConsoleRole; password: string },
) {
  checkNewPassword(input.password);
  const email = normalizeEmail(input.email);
  if (await findConsoleUserByEmail(db, email)) {
    throw new DomainError('state_conflict', `${email} already has a console account.`, { field: 'email' });
  }
  return insertConsoleUser(db, scope.companyId, {
    email,
    name: input.name.trim(),
    role: input.role,
    passwordHash: await hashPassword(input.password),
  });
}

export async function listCompanyUsers(db: Queryable, scope: Scope) {
  return listConsoleUsers(db, scope.companyId);
}
