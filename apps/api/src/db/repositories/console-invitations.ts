import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Queryable } from '../client';
import { companies } from '../schema/companies';
import { type ConsoleRole, consoleInvitations } from '../schema/console';

export type InvitationRow = typeof consoleInvitations.$inferSelect;

export async function insertInvitation(
  db: Queryable,
  companyId: string,
  values: { email: string; role: ConsoleRole; tokenHash: string; invitedBy: string | null; expiresAt: Date },
): Promise<InvitationRow> {
  const [row] = await db
    .insert(consoleInvitations)
    .values({ companyId, ...values })
    .returning();
  return row as InvitationRow;
}

/** A newer invitation replaces the pending ones to the same address: only the latest link works. */
export async function expirePendingInvitations(db: Queryable, companyId: string, email: string, now: Date) {
  await db
    .update(consoleInvitations)
    .set({ expiresAt: now })
    .where(
      and(
        eq(consoleInvitations.companyId, companyId),
        eq(consoleInvitations.email, email),
        isNull(consoleInvitations.acceptedAt),
        gt(consoleInvitations.expiresAt, now),
      ),
    );
}

/**
 * An invitation by its token's hash, with its company: the token is the only thing a visitor has, so this
 * lookup is not scoped by a company (the token names one). `lock` holds the row for an acceptance.
 */
export async function findInvitationByTokenHash(db: Queryable, tokenHash: string, lock = false) {
  const query = db
    .select({ invitation: consoleInvitations, company: { slug: companies.slug, name: companies.name } })
    .from(consoleInvitations)
    .innerJoin(companies, eq(companies.id, consoleInvitations.companyId))
    .where(eq(consoleInvitations.tokenHash, tokenHash));
  const [row] = lock ? await query.for('update', { of: consoleInvitations }) : await query;
  return row;
}

export async function markInvitationAccepted(db: Queryable, id: string, now: Date) {
  await db.update(consoleInvitations).set({ acceptedAt: now }).where(eq(consoleInvitations.id, id));
}

/** The company's invitations not yet accepted and not expired, newest first. */
export async function listPendingInvitations(db: Queryable, companyId: string, now: Date) {
  return db
    .select()
    .from(consoleInvitations)
    .where(
      and(
        eq(consoleInvitations.companyId, companyId),
        isNull(consoleInvitations.acceptedAt),
        gt(consoleInvitations.expiresAt, now),
      ),
    )
    .orderBy(desc(consoleInvitations.createdAt));
}

/** Ends one open invitation of the company (its link stops working); false when it has none by that id. */
export async function revokePendingInvitation(db: Queryable, companyId: string, id: string, now: Date) {
  const rows = await db
    .update(consoleInvitations)
    .set({ expiresAt: now })
    .where(
      and(
        eq(consoleInvitations.companyId, companyId),
        eq(consoleInvitations.id, id),
        isNull(consoleInvitations.acceptedAt),
        gt(consoleInvitations.expiresAt, now),
      ),
    )
    .returning({ id: consoleInvitations.id });
  return rows.length > 0;
}
