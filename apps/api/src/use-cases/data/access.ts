import type { Database } from '../../db/client';
import { type CompanyRow, findCompany } from '../../db/repositories/catalog';
import { setDayWindow, updateDataApi } from '../../db/repositories/data-api';
import { publishChange } from '../../db/repositories/platform';
import type { DataApiAccess } from '../../db/schema';
import { WINDOW_SECONDS } from '../../domain/data-plan';
import { DomainError } from '../../domain/errors';
import type { Scope } from '../../domain/scope';
import { currentPlanDay } from './plan-days';

/**
 * The Data API's access as the platform decides it (data spec section 5): a company asks with a
 * description of its use, the platform approves or revokes; the company's own switch and its plan. Every
 * change is published, so every instance's gate sees it at once.
 */
const MAX_USE = 2000;

/** The scope's company as the platform's commands read it (the edge found it by its slug). */
async function companyOf(database: Database, scope: Scope): Promise<CompanyRow> {
  const company = await findCompany(database.db, scope.companyId);
  if (!company) throw new DomainError('not_found', 'This company does not exist any more.', { field: 'slug' });
  return company;
}

function present(row: CompanyRow) {
  return {
    slug: row.slug,
    access: row.dataApiAccess,
    use: row.dataApiUse,
    requested_at: row.dataApiRequestedAt?.toISOString() ?? null,
    decided_at: row.dataApiDecidedAt?.toISOString() ?? null,
    enabled: row.dataApiEnabled,
    plan: row.plan,
  };
}

async function change(
  database: Database,
  scope: Scope,
  decide: (row: CompanyRow) => Parameters<typeof updateDataApi>[2],
) {
  const company = await companyOf(database, scope);
  return database.db.transaction(async (tx) => {
    const row = await updateDataApi(tx, company.id, decide(company));
    await publishChange(tx);
    return present(row);
  });
}

export function requestDataApi(database: Database, scope: Scope, use: string, now: Date) {
  const text = use.trim();
  if (text.length < 10) {
    throw new DomainError('invalid_body', 'Say in a sentence what the Data API will be used for (--use "…").', {
      field: 'use',
    });
  }
  if ([...text].length > MAX_USE) {
    throw new DomainError('invalid_body', `The description is at most ${MAX_USE} characters.`, { field: 'use' });
  }
  return change(database, scope, (row) => {
    if (row.dataApiAccess === 'approved') {
      throw new DomainError('invalid_body', `${row.slug} already has Data API access.`, { field: 'slug' });
    }
    return { dataApiAccess: 'requested', dataApiUse: text, dataApiRequestedAt: now, dataApiDecidedAt: null };
  });
}

export function decideDataApi(
  database: Database,
  scope: Scope,
  access: Extract<DataApiAccess, 'approved' | 'revoked'>,
  now: Date,
) {
  return change(database, scope, (row) => {
    if (access === 'approved' && row.dataApiAccess === 'none') {
      throw new DomainError(
        'invalid_body',
        `${row.slug} has not asked for Data API access: it asks first (svc data-api request ${row.slug} --use "…").`,
        { field: 'slug' },
      );
    }
    return { dataApiAccess: access, dataApiDecidedAt: now };
  });
}

export const setDataApiEnabled = (database: Database, scope: Scope, enabled: boolean) =>
  change(database, scope, () => ({ dataApiEnabled: enabled }));

export const setPlan = (database: Database, scope: Scope, plan: 'free' | 'paid') =>
  change(database, scope, () => ({ plan }));

export async function dataApiStatus(database: Database, scope: Scope) {
  return present(await companyOf(database, scope));
}

/**
 * Today's free-plan window of a company, for the platform's support: shown, ended now (`end`), or given
 * back (`reset`: the next read opens a new one). Today is the plan day that contains now.
 */
export async function dataApiWindow(database: Database, scope: Scope, action: 'show' | 'end' | 'reset', now: Date) {
  const company = await companyOf(database, scope);
  let day = await currentPlanDay(database.db, company, now);
  if (action !== 'show') {
    await database.db.transaction(async (tx) => {
      const openedAt = action === 'end' ? new Date(now.getTime() - WINDOW_SECONDS * 1000) : null;
      await setDayWindow(tx, company.id, day.startsAt, openedAt);
      await publishChange(tx);
    });
    day = await currentPlanDay(database.db, company, now);
  }
  const { openedAt } = day;
  const left = openedAt
    ? Math.max(0, Math.ceil((openedAt.getTime() + WINDOW_SECONDS * 1000 - now.getTime()) / 1000))
    : null;
  return {
    slug: company.slug,
    plan: company.plan,
    day: day.day,
    opened_at: openedAt?.toISOString() ?? null,
    remaining_seconds: left,
    state: openedAt === null ? 'not opened' : left ? 'open' : 'ended',
  };
}
