import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../client';
import { type ConsoleRole, consoleAccounts, consoleUsers } from '../schema/console';

export type ConsoleUserRow = typeof consoleUsers.$inferSelect;

/**
 * A console user with an e-mail and password, as better-auth would make one (its `credential` account holds
 * the argon2id hash): our use cases make users (invitations, the CLI, the demo owner), better-auth signs
 * them in.
 */
export async function insertConsoleUser(
  db: Queryable,
  companyId: string,
  values: { email: string; name: string; role: ConsoleRole; passwordHash: string },
): Promise<ConsoleUserRow> {
  const id = randomUUID();
  const [user] = await db
    .insert(consoleUsers)
    .values({ id, companyId, email: values.email, name: values.name, role: values.role })
    .returning();
  await db.insert(consoleAccounts).values({
    id: randomUUID(),
    userId: id,
    accountId: id,
    providerId: 'credential',
    password: values.passwordHash,
  });
  return user as ConsoleUserRow;
}

/** By address, on the whole platform (one account per address). */
export async function findConsoleUserByEmail(db: Queryable, email: string): Promise<ConsoleUserRow | undefined> {
  const [row] = await db.select().from(consoleUsers).where(eq(consoleUsers.email, email));
  return row;
}

export async function listConsoleUsers(db: Queryable, companyId: string): Promise<ConsoleUserRow[]> {
  return db
    .select()
    .from(consoleUsers)
    .where(eq(consoleUsers.companyId, companyId))
    .orderBy(asc(consoleUsers.createdAt), asc(consoleUsers.email));
}

export async function findConsoleUser(
  db: Queryable,
  companyId: string,
  userId: string,
): Promise<ConsoleUserRow | undefined> {
  const [row] = await db
    .select()
    .from(consoleUsers)
    .where(and(eq(consoleUsers.companyId, companyId), eq(consoleUsers.id, userId)));
  return row;
}

/** A user by id alone: for better-auth's callbacks, which know the user, not yet the company. */
export async function findConsoleUserById(db: Queryable, userId: string): Promise<ConsoleUserRow | undefined> {
  const [row] = await db.select().from(consoleUsers).where(eq(consoleUsers.id, userId));
  return row;
}

/** Replaces a user's password hash (the demo owner's password, when the saved one was lost). */
export async function setConsolePassword(db: Queryable, userId: string, passwordHash: string): Promise<void> {
  await db
    .update(consoleAccounts)
    .set({ password: passwordHash, updatedAt: new Date() })
    .where(and(eq(consoleAccounts.userId, userId), eq(consoleAccounts.providerId, 'credential')));
}

/** A user's argon2id hash (its `credential` account), or undefined. */
export async function findPasswordHash(db: Queryable, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ password: consoleAccounts.password })
    .from(consoleAccounts)
    .where(and(eq(consoleAccounts.userId, userId), eq(consoleAccounts.providerId, 'credential')));
  return row?.password ?? undefined;
}

/**
 * The company's members, locked until the transaction ends: a change of who is an owner is decided on
 * rows no other change can alter meanwhile (two owners demoting each other at once).
 */
export async function lockConsoleUsers(
  db: Queryable,
  companyId: string,
): Promise<{ id: string; role: ConsoleRole; name: string }[]> {
  return db
    .select({ id: consoleUsers.id, role: consoleUsers.role, name: consoleUsers.name })
    .from(consoleUsers)
    .where(eq(consoleUsers.companyId, companyId))
    .for('update');
}

/** Removes a member: their sessions and password go with the row (on delete cascade). */
export async function deleteConsoleUser(db: Queryable, companyId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(consoleUsers)
    .where(and(eq(consoleUsers.companyId, companyId), eq(consoleUsers.id, userId)))
    .returning({ id: consoleUsers.id });
  return rows.length > 0;
}

export async function setConsoleRole(
  db: Queryable,
  companyId: string,
  userId: string,
  role: ConsoleRole,
  now: Date,
): Promise<ConsoleUserRow | undefined> {
  const [row] = await db
    .update(consoleUsers)
    .set({ role, updatedAt: now })
    .where(and(eq(consoleUsers.companyId, companyId), eq(consoleUsers.id, userId)))
    .returning();
  return row;
}
