import type { Database } from '../../db/client';
import { setDayWindow, updateDataApi } from '../../db/repositories/data-api';
import { publishChange } from '../../db/repositories/platform';
import type { DataApiAccess } from '../../db/schema';
import { WINDOW_SECONDS } from '../../domain/data-plan';
import { DomainError } from '../../domain/errors';
import { companyBySlug } from '../company/find-company';
import { currentPlanDay } from './plan-days';

/**
 * The Data API's access as the platform decides it (data spec section 5): a company asks with a
 * description of its use, the platform approves or revokes; the company's own switch and its plan. Every
 * change is published, so every instance's gate sees it at once.
 */
const MAX_USE = 2000;

type Row = Awaited<ReturnType<typeof companyBySlug>>;

function present(row: Row) {
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

async function change(database: Database, slug: string, decide: (row: Row) => Parameters<typeof updateDataApi>[2]) {
  const company = await companyBySlug(database.db, slug);
  return database.db.transaction(async (tx) => {
    const row = await updateDataApi(tx, company.id, decide(company));
    await publishChange(tx);
    return present(row);
  });
}

export function requestDataApi(database: Database, slug: string, use: string, now: Date) {
  const text = use.trim();
  if (text.length < 10) {
    throw new DomainError('invalid_body', 'Say in a sentence what the Data API will be used for (--use "…").', {
      field: 'use',
    });
  }
  if ([...text].length > MAX_USE) {
    throw new DomainError('invalid_body', `The description is at most ${MAX_USE} characters.`, { field: 'use' });
  }
  return change(database, slug, (row) => {
    if (row.dataApiAccess === 'approved') {
      throw new DomainError('invalid_body', `${slug} already has Data API access.`, { field: 'slug' });
    }
    return { dataApiAccess: 'requested', dataApiUse: text, dataApiRequestedAt: now, dataApiDecidedAt: null };
  });
}

export function decideDataApi(
  database: Database,
  slug: string,
  access: Extract<DataApiAccess, 'approved' | 'revoked'>,
  now: Date,
) {
  return change(database, slug, (row) => {
    if (access === 'approved' && row.dataApiAccess === 'none') {
      throw new DomainError(
        'invalid_body',
        `${slug} has not asked for Data API access: it asks first (svc data-api request ${slug} --use "…").`,
        { field: 'slug' },
      );
    }
    return { dataApiAccess: access, dataApiDecidedAt: now };
  });
}

export const setDataApiEnabled = (database: Database, slug: string, enabled: boolean) =>
  change(database, slug, () => ({ dataApiEnabled: enabled }));

export const setPlan = (database: Database, slug: string, plan: 'free' | 'paid') =>
  change(database, slug, () => ({ plan }));

export async function dataApiStatus(database: Database, slug: string) {
  return present(await companyBySlug(database.db, slug));
}

/**
 * Today's free-plan window of a company, for the platform's support: shown, ended now (`end`), or given
 * back (`reset`: the next read opens a new one). Today is the plan day that contains now.
 */
export async function dataApiWindow(database: Database, slug: string, action: 'show' | 'end' | 'reset', now: Date) {
  const company = await companyBySlug(database.db, slug);
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
    slug,
    plan: company.plan,
    day: day.day,
    opened_at: openedAt?.toISOString() ?? null,
    remaining_seconds: left,
    state: openedAt === null ? 'not opened' : left ? 'open' : 'ended',
  };
}
