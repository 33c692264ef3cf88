import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scopeOf } from '../../src/cli/common';
import type { Database } from '../../src/db/client';
import { findCompanyBySlug, loadCatalog } from '../../src/db/repositories/catalog';
import type { Catalog } from '../../src/domain/catalog';
import { LEADS_PER_DAY, WINDOW_SECONDS } from '../../src/domain/data-plan';
import { todayIn } from '../../src/domain/dates';
import { DomainError } from '../../src/domain/errors';
import { applyCompanyConfig } from '../../src/use-cases/company/apply-config';
import { decideDataApi, requestDataApi, setPlan } from '../../src/use-cases/data/access';
import { createWindows } from '../../src/use-cases/data/window';
import { pushLead } from '../../src/use-cases/leads/push';
import { createLocation, type DatabaseLocation, drivers, open } from '../support/databases';
import { ACME_TZ, acmeConfig } from '../support/fixtures';
import { keyScope } from '../support/scope';

// The free plan's window and lead quota, and lead dedupe, on a real database with an injected clock: the
// use cases take `now`, so a day, a window and ten minutes pass without waiting (data spec section 8).
const UPGRADE = 'https://console.example/settings/api#plan';

/** An instant given as a wall-clock time in New York (acme's timezone), with an explicit offset. */
const ny = (local: string) => new Date(local);

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe.each(drivers())('the free plan and lead dedupe on %s, with an injected clock', (driver) => {
  let location: DatabaseLocation;
  let database: Database;
  let catalog: Catalog;

  beforeAll(async () => {
    location = await createLocation(driver, 'plan');
    database = await open(location);
    await applyCompanyConfig(database, acmeConfig(todayIn(ACME_TZ, new Date())));
    await requestDataApi(database, await scopeOf(database, 'acme'), 'Leads from our website form', new Date());
    await decideDataApi(database, await scopeOf(database, 'acme'), 'approved', new Date());
    await setPlan(database, await scopeOf(database, 'acme'), 'free');
    const company = await findCompanyBySlug(database.db, 'acme');
    catalog = (await loadCatalog(database.db, company?.id as string)) as Catalog;
    expect(catalog.company.dataApi).toEqual({ access: 'approved', enabled: true, plan: 'free' });
  });
  afterAll(async () => {
    await database?.close();
    await location?.dispose();
  });

  it('the first read of the local day opens a 10-minute window; it ends; the next local day opens another', async () => {
    let now = ny('2031-03-04T22:00:00-05:00');
    const windows = createWindows(database.db, () => now, UPGRADE);
    expect(await windows.remaining(keyScope(catalog, 'data'))).toBe(WINDOW_SECONDS);
    now = ny('2031-03-04T22:09:59-05:00');
    expect(await windows.remaining(keyScope(catalog, 'data'))).toBe(1);
    now = ny('2031-03-04T22:10:00-05:00');
    const ended = await refusal(windows.remaining(keyScope(catalog, 'data')));
    expect(ended).toMatchObject({ code: 'daily_window_ended', upgradeUrl: UPGRADE });
    // Another instance (a fresh cache) sees the same window: it is kept in the database.
    const other = createWindows(database.db, () => now, UPGRADE);
    expect((await refusal(other.remaining(keyScope(catalog, 'data')))).code).toBe('daily_window_ended');
    // 23:59 in New York is still the same day, though it is already the 5th in UTC.
    now = ny('2031-03-04T23:59:00-05:00');
    expect((await refusal(windows.remaining(keyScope(catalog, 'data')))).code).toBe('daily_window_ended');
    now = ny('2031-03-05T00:00:30-05:00');
    expect(await windows.remaining(keyScope(catalog, 'data'))).toBe(WINDOW_SECONDS);
    now = ny('2031-03-05T00:05:30-05:00');
    expect(await windows.remaining(keyScope(catalog, 'data'))).toBe(300);
  });

  it('the same phone or e-mail within 10 minutes is the same lead; after 10 minutes it is a new one', async () => {
    const at = ny('2031-04-01T09:00:00-04:00');
    const push = (body: { name: string; phone?: string; email?: string }, now: Date) =>
      pushLead(database.db, keyScope(catalog, 'data'), body, { now, upgradeUrl: UPGRADE });
    const first = await push({ name: 'Dana', phone: '+1 (212) 555-0142' }, at);
    expect(first.existing).toBe(false);
    const again = await push({ name: 'Dana R.', phone: '+12125550142' }, new Date(at.getTime() + 599_000));
    expect(again).toMatchObject({ existing: true, lead: { id: first.lead.id, name: 'Dana' } });
    const byMail = await push({ name: 'Eli', email: 'Eli@Example.com' }, at);
    const byMailAgain = await push({ name: 'Eli', email: ' eli@example.COM ' }, new Date(at.getTime() + 60_000));
    expect(byMailAgain).toMatchObject({ existing: true, lead: { id: byMail.lead.id } });
    const later = await push({ name: 'Dana', phone: '2125550142' }, new Date(at.getTime() + 601_000));
    expect(later.existing).toBe(false); // no leading +: another number, and past the 10 minutes anyway
    const after = await push({ name: 'Dana', phone: '+1 212 555 0142' }, new Date(at.getTime() + 601_000));
    expect(after.existing).toBe(false);
    expect(after.lead.id).not.toBe(first.lead.id);
  });

  it('200 new leads a local day; a duplicate still answers; the next local day takes leads again', async () => {
    const dayStart = ny('2031-05-10T00:00:00-04:00');
    const push = (i: number, now: Date) =>
      pushLead(
        database.db,
        keyScope(catalog, 'data'),
        { name: `Lead ${i}`, phone: `+1555000${String(i).padStart(4, '0')}` },
        {
          now,
          upgradeUrl: UPGRADE,
        },
      );
    for (let i = 0; i < LEADS_PER_DAY; i++) {
      expect((await push(i, new Date(dayStart.getTime() + i * 1000))).existing).toBe(false);
    }
    const lateEvening = ny('2031-05-10T23:59:00-04:00');
    const over = await refusal(push(LEADS_PER_DAY, lateEvening));
    expect(over).toMatchObject({ code: 'lead_quota_exceeded', upgradeUrl: UPGRADE });
    // A push of a lead made minutes ago makes no lead, so the quota does not refuse it.
    const dup = await push(LEADS_PER_DAY - 1, new Date(dayStart.getTime() + 300_000));
    expect(dup.existing).toBe(true);
    expect((await push(LEADS_PER_DAY + 1, ny('2031-05-11T00:00:01-04:00'))).existing).toBe(false);
  });

  it('the day of the quota and the window is fixed when it opens: a timezone switched at 200 leads gives none', async () => {
    const dayStart = ny('2031-07-10T00:00:00-04:00');
    const push = (i: number, now: Date, at: Catalog = catalog) =>
      pushLead(
        database.db,
        keyScope(at, 'data'),
        { name: `Tz ${i}`, phone: `+1666000${String(i).padStart(4, '0')}` },
        {
          now,
          upgradeUrl: UPGRADE,
        },
      );
    for (let i = 0; i < LEADS_PER_DAY; i++) await push(i, new Date(dayStart.getTime() + i * 1000));
    const windows = createWindows(database.db, () => now, UPGRADE);
    let now = ny('2031-07-10T20:00:00-04:00');
    expect(await windows.remaining(keyScope(catalog, 'data'))).toBe(WINDOW_SECONDS);
    expect((await refusal(push(LEADS_PER_DAY, now))).code).toBe('lead_quota_exceeded');

    try {
      // The owner switches to UTC, where the 11th has just begun (20:10 in New York is 00:10 UTC).
      await applyCompanyConfig(database, { ...acmeConfig(todayIn(ACME_TZ, new Date())), timezone: 'UTC' });
      const utc = (await loadCatalog(database.db, catalog.company.id)) as Catalog;
      expect(utc.company.timezone).toBe('UTC');
      now = ny('2031-07-10T20:10:00-04:00');
      expect((await refusal(push(LEADS_PER_DAY + 1, now, utc))).code).toBe('lead_quota_exceeded');
      // Another instance (a fresh cache) reads the same day: its window ended and opens no second one.
      now = ny('2031-07-10T20:20:00-04:00');
      const other = createWindows(database.db, () => now, UPGRADE);
      expect((await refusal(other.remaining(keyScope(utc, 'data')))).code).toBe('daily_window_ended');
      expect((await refusal(push(LEADS_PER_DAY + 2, now, utc))).code).toBe('lead_quota_exceeded');

      // The day that opened in New York ends at New York's midnight; the next one is UTC's, from there.
      now = ny('2031-07-11T00:00:01-04:00');
      expect((await push(LEADS_PER_DAY + 3, now, utc)).existing).toBe(false);
      expect(await other.remaining(keyScope(utc, 'data'))).toBe(WINDOW_SECONDS);
    } finally {
      await applyCompanyConfig(database, acmeConfig(todayIn(ACME_TZ, new Date())));
    }
  });

  it('concurrent pushes of the same person make one lead', async () => {
    const now = ny('2031-06-01T12:00:00-04:00');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        pushLead(
          database.db,
          keyScope(catalog, 'data'),
          { name: `Racer ${i}`, email: 'racer@example.com' },
          { now, upgradeUrl: UPGRADE },
        ),
      ),
    );
    expect(new Set(results.map((r) => r.lead.id)).size).toBe(1);
    expect(results.filter((r) => !r.existing)).toHaveLength(1);
  });
});
