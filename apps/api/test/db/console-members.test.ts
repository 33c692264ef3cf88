import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { findCompanyBySlug } from '../../src/db/repositories/catalog';
import { consoleAudit, consoleSessions, consoleUsers } from '../../src/db/schema';
import { todayIn } from '../../src/domain/dates';
import { DomainError } from '../../src/domain/errors';
import type { Scope } from '../../src/domain/scope';
import { changeMemberRole, removeMember } from '../../src/use-cases/accounts/members';
import { applyCompanyConfig } from '../../src/use-cases/company/apply-config';
import { createLocation, type DatabaseLocation, drivers, open } from '../support/databases';
import { ACME_TZ, acmeConfig } from '../support/fixtures';

/** An owner's scope, as the console's gate makes it (the rules look at who acts, not at their name). */
const asOwner = (a: { userId: string; companyId: string }): Scope => ({
  companyId: a.companyId,
  actor: { kind: 'member', userId: a.userId, role: 'owner', email: '', name: '' },
});

// An owner's changes to the team (use-cases/accounts/members.ts) on a real database: two owners who act on
// each other at the same moment cannot leave the company with no owner, a removed member's sessions go, and
// another company's member is not found.

describe.each(drivers())('console members on %s', (driver) => {
  let location: DatabaseLocation;
  let database: Database;
  let acmeId: string;
  let rivalId: string;
  const now = new Date();

  async function user(companyId: string, role: 'owner' | 'staff') {
    const id = randomUUID();
    await database.db
      .insert(consoleUsers)
      .values({ id, companyId, role, name: `${role} ${id.slice(0, 4)}`, email: `${id}@members.example` });
    return { userId: id, companyId };
  }

  const roleOf = async (id: string) =>
    (await database.db.select().from(consoleUsers).where(eq(consoleUsers.id, id)))[0]?.role;

  beforeAll(async () => {
    location = await createLocation(driver, 'console-members');
    database = await open(location);
    const today = todayIn(ACME_TZ, new Date());
    await applyCompanyConfig(database, acmeConfig(today));
    await applyCompanyConfig(database, { ...acmeConfig(today), slug: 'rival', name: 'Rival' });
    acmeId = (await findCompanyBySlug(database.db, 'acme'))?.id as string;
    rivalId = (await findCompanyBySlug(database.db, 'rival'))?.id as string;
  });
  afterAll(async () => {
    await database?.close();
    await location?.dispose();
  });

  it.each([
    [
      'make each other staff',
      (a: { userId: string; companyId: string }, b: string) => changeMemberRole(database, asOwner(a), b, 'staff', now),
    ],
    [
      'remove each other',
      (a: { userId: string; companyId: string }, b: string) => removeMember(database, asOwner(a), b, now),
    ],
  ])('the only two owners who %s at once: one wins, the other is refused, one owner stays', async (_case, act) => {
    // A company of its own for each case, so "the only two owners" holds.
    const config = { ...acmeConfig(todayIn(ACME_TZ, new Date())), slug: `duo-${randomUUID().slice(0, 8)}` };
    await applyCompanyConfig(database, config);
    const companyId = (await findCompanyBySlug(database.db, config.slug))?.id as string;
    const a = await user(companyId, 'owner');
    const b = await user(companyId, 'owner');
    const results = await Promise.allSettled([act(a, b.userId), act(b, a.userId)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(DomainError);
    expect(refused.reason).toMatchObject({ code: 'state_conflict' });
    const owners = await database.db
      .select()
      .from(consoleUsers)
      .where(and(eq(consoleUsers.companyId, companyId), eq(consoleUsers.role, 'owner')));
    expect(owners).toHaveLength(1);
  });

  it("removing a member ends their sessions and is audited; their e-mail's row is gone", async () => {
    const owner = await user(acmeId, 'owner');
    const staff = await user(acmeId, 'staff');
    await database.db.insert(consoleSessions).values({
      id: randomUUID(),
      userId: staff.userId,
      token: randomUUID(),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    expect(await removeMember(database, asOwner(owner), staff.userId, now)).toEqual({
      id: staff.userId,
      removed: true,
    });
    expect(await database.db.select().from(consoleSessions).where(eq(consoleSessions.userId, staff.userId))).toEqual(
      [],
    );
    expect(await roleOf(staff.userId)).toBeUndefined();
    const audit = await database.db
      .select()
      .from(consoleAudit)
      .where(eq(consoleAudit.subject, `member:${staff.userId}`));
    expect(audit).toMatchObject([{ action: 'member.removed', userId: owner.userId, companyId: acmeId }]);
  });

  it("another company's member, a made-up id and a malformed one are not found; nothing changes", async () => {
    const owner = await user(acmeId, 'owner');
    const rivalStaff = await user(rivalId, 'staff');
    for (const id of [rivalStaff.userId, randomUUID(), 'not-an-id']) {
      await expect(changeMemberRole(database, asOwner(owner), id, 'owner', now)).rejects.toMatchObject({
        code: 'not_found',
      });
      await expect(removeMember(database, asOwner(owner), id, now)).rejects.toMatchObject({ code: 'not_found' });
    }
    expect(await roleOf(rivalStaff.userId)).toBe('staff');
  });
});
