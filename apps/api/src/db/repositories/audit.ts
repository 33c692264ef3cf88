import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../client';
import { consoleAudit, consoleUsers } from '../schema';

/** The console's audit: what members decided, moved and changed, and the rows an order's or job's page shows. */

/**
 * One row of the console's audit: a member's decision, move or change of settings. `at` is the use case's
 * clock; without it the row takes the database's time.
 */
export async function insertAudit(
  db: Queryable,
  row: {
    companyId: string;
    userId: string | null;
    action: string;
    subject: string;
    detail?: string | null;
    at?: Date;
  },
): Promise<void> {
  await db.insert(consoleAudit).values({
    companyId: row.companyId,
    userId: row.userId,
    action: row.action,
    subject: row.subject,
    detail: row.detail ?? null,
    createdAt: row.at,
  });
}

export async function auditOf(db: Queryable, companyId: string, subject: string) {
  return db
    .select({
      action: consoleAudit.action,
      detail: consoleAudit.detail,
      createdAt: consoleAudit.createdAt,
      userName: consoleUsers.name,
      userEmail: consoleUsers.email,
    })
    .from(consoleAudit)
    .leftJoin(consoleUsers, eq(consoleUsers.id, consoleAudit.userId))
    .where(and(eq(consoleAudit.companyId, companyId), eq(consoleAudit.subject, subject)))
    .orderBy(asc(consoleAudit.createdAt))
    .limit(200);
}
