import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scopeOf } from '../../src/cli/common';
import type { Database } from '../../src/db/client';
import { Registry } from '../../src/db/registry';
import { findCompanyBySlug, listCompanies, loadCatalog } from '../../src/db/repositories/catalog';
import { findEmbedBySlug } from '../../src/db/repositories/keys';
import { apiKeys, companies, promoCodes, sizes } from '../../src/db/schema';
import { addDays, todayIn } from '../../src/domain/dates';
import { DomainError } from '../../src/domain/errors';
import { evaluatePromo } from '../../src/domain/promo';
import { fingerprint } from '../../src/lib/api-keys';
import { applyCompanyConfig } from '../../src/use-cases/company/apply-config';
import { createKey, listCompanyKeys, revokeCompanyKey, setCompanyFlags } from '../../src/use-cases/company/keys';
import { createLocation, type DatabaseLocation, drivers, open } from '../support/databases';
import { ACME_TZ, acmeConfig } from '../support/fixtures';

/** The problems a refused config lists, one per path. */
const issuesOf = (err: unknown) => (err as DomainError).details?.issues as { path: string; message: string }[];

describe.each(drivers())('repositories on %s', (driver) => {
  let location: DatabaseLocation;
  let database: Database;
  const today = todayIn(ACME_TZ, new Date());
  const config = acmeConfig(today);

  beforeAll(async () => {
    location = await createLocation(driver, 'repo');
    database = await open(location);
    await applyCompanyConfig(database, config);
  });
  afterAll(async () => {
    await database?.close();
    await location?.dispose();
  });

  const acmeId = async () => (await findCompanyBySlug(database.db, 'acme'))?.id as string;
  const acme = () => scopeOf(database, 'acme');

  it('stores a config as rows, money in integer cents', async () => {
    const catalog = await loadCatalog(database.db, await acmeId());
    expect(catalog?.company).toMatchObject({
      slug: 'acme',
      cardFee: { handling: 'customer_pays', percentMilli: 3000, fixedCents: 30 },
      nonWorkingWeekdays: [7],
      serviceAreaZips: ['10001', '10002'],
      closedDates: [
        { date: addDays(today, 5), kind: 'holiday', reason: 'Test Holiday' },
        { date: addDays(today, 6), kind: 'blackout', reason: 'Yard inventory' },
      ],
    });
    expect(catalog?.sizes.map((s) => s.key)).toEqual(['10yd', '20yd']); // 15yd is inactive
    expect(catalog?.sizes[0]).toMatchObject({
      prices: { d3: 30_000, d7: 35_000, d10: 40_000, d14: 45_000, d30: 60_000 },
      extraDayCents: 2_000,
      tax: { enabled: true, percentMilli: 8_875 },
      fuelFee: { enabled: true, amountCents: 3_000 },
    });
    expect(catalog?.materials.find((m) => m.slug === 'concrete')?.sizes).toEqual([
      {
        sizeId: catalog?.sizes[0]?.id,
        priceCents: 50_000,
        maxWeightTons: 10,
        overageMode: 'flat',
        overagePerTonCents: 15_000,
      },
    ]);
    expect(catalog?.promos.get('FIFTY')).toMatchObject({ type: 'amount', amountCents: 5_000 });
  });

  it('re-applying keeps ids and promo usage, and deactivates what was left out', async () => {
    const before = await loadCatalog(database.db, await acmeId());
    await database.db.update(promoCodes).set({ timesUsed: 7 }).where(eq(promoCodes.code, 'TENOFF'));
    await applyCompanyConfig(database, {
      ...config,
      name: 'Acme Renamed',
      sizes: config.sizes.filter((s) => s.key !== '20yd'),
      promo_codes: config.promo_codes?.filter((p) => p.code !== 'FIFTY'),
      materials: { ...config.materials, items: config.materials?.items?.filter((m) => m.slug !== 'shingles') },
    });
    const after = await loadCatalog(database.db, await acmeId());
    expect(after?.company.name).toBe('Acme Renamed');
    expect(after?.sizes.map((s) => s.id)).toEqual([before?.sizes[0]?.id]);
    expect(after?.promos.has('FIFTY')).toBe(false);
    expect(after?.promos.get('TENOFF')?.timesUsed).toBe(7);
    expect(after?.materials.map((m) => m.slug)).toEqual(['household', 'concrete']);
    const [twenty] = await database.db.select().from(sizes).where(eq(sizes.key, '20yd'));
    expect(twenty?.active).toBe(false);
    await applyCompanyConfig(database, config);
    expect((await loadCatalog(database.db, await acmeId()))?.sizes.map((s) => s.id)).toEqual(
      before?.sizes.map((s) => s.id),
    );
  });

  it('a promo at its usage cap is refused', async () => {
    await database.db.update(promoCodes).set({ maxUses: 3, timesUsed: 3 }).where(eq(promoCodes.code, 'FIFTY'));
    const catalog = await loadCatalog(database.db, await acmeId());
    expect(evaluatePromo(catalog!.promos, 'fifty', today)).toMatchObject({ ok: false, reason: 'usage_limit_reached' });
  });

  it('refuses an invalid config with every problem by path, writing nothing', async () => {
    const count = (await listCompanies(database.db)).length;
    const bad = {
      ...config,
      slug: 'broken',
      timezone: 'Mars/Olympus',
      sizes: [config.sizes[0], config.sizes[0]],
      materials: { items: [{ slug: 'dirt', label: 'Dirt', sizes: [{ size: '40yd' }] }] },
    };
    const err = await applyCompanyConfig(database, bad).catch((e) => e);
    expect(err).toBeInstanceOf(DomainError);
    const paths = issuesOf(err).map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['timezone']));
    expect((await listCompanies(database.db)).length).toBe(count);

    const refine = await applyCompanyConfig(database, {
      ...config,
      slug: 'broken',
      materials: { items: [{ slug: 'dirt', label: 'Dirt', sizes: [{ size: '40yd' }] }] },
      sizes: [config.sizes[0], config.sizes[0]],
    }).catch((e) => e);
    expect(issuesOf(refine).map((i) => i.path)).toEqual(
      expect.arrayContaining(['sizes.1.key', 'materials.items.0.sizes.0.size']),
    );
    expect((await listCompanies(database.db)).length).toBe(count);
  });

  it('keeps only a fingerprint of a server key, and at most two active', async () => {
    const first = await createKey(database, await acme(), { kind: 'server' }, new Date());
    const second = await createKey(database, await acme(), { kind: 'server' }, new Date());
    await expect(createKey(database, await acme(), { kind: 'server' }, new Date())).rejects.toThrow(DomainError);
    const [row] = await database.db.select().from(apiKeys).where(eq(apiKeys.id, first.id));
    expect(row?.fingerprint).toBe(fingerprint(first.key));
    expect(JSON.stringify(row)).not.toContain(first.key.slice(15));
    await revokeCompanyKey(database, await acme(), second.id);
    const third = await createKey(database, await acme(), { kind: 'server' }, new Date());
    const listed = await listCompanyKeys(database, await acme(), new Date());
    expect(listed.find((k) => k.id === second.id)?.status).toBe('revoked');
    expect(listed.find((k) => k.id === third.id)).toMatchObject({
      status: 'active',
      key: `svc_sk_booking_…${third.key.slice(-4)}`,
    });
  });

  it('holds the two-key limit under concurrent creation', async () => {
    for (const key of await listCompanyKeys(database, await acme(), new Date()))
      if (key.status === 'active' && key.kind === 'server') await revokeCompanyKey(database, await acme(), key.id);
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, async () => createKey(database, await acme(), { kind: 'server' }, new Date())),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
  });

  it('requires allowed domains on publishable keys, normalized', async () => {
    await expect(createKey(database, await acme(), { kind: 'publishable' }, new Date())).rejects.toThrow(
      /allowed domain/,
    );
    await expect(
      createKey(database, await acme(), { kind: 'publishable', domains: ['not a domain'] }, new Date()),
    ).rejects.toThrow(/not a domain/);
    const pk = await createKey(
      database,
      await acme(),
      { kind: 'publishable', domains: ['HTTPS://Shop.Acme.Example/'] },
      new Date(),
    );
    expect(pk.allowed_domains).toEqual(['shop.acme.example']);
    await expect(scopeOf(database, 'nobody')).rejects.toThrow(/no company/);
  });

  it('finds a company for our pages with its usable publishable keys only, newest first (the embed lookup)', async () => {
    const now = new Date();
    const older = await createKey(database, await acme(), { kind: 'publishable', domains: ['older.example'] }, now);
    const newer = await createKey(database, await acme(), { kind: 'publishable', domains: ['newer.example'] }, now);
    const revoked = await createKey(database, await acme(), { kind: 'publishable', domains: ['gone.example'] }, now);
    await revokeCompanyKey(database, await acme(), revoked.id);
    const expired = await createKey(database, await acme(), { kind: 'publishable', domains: ['old.example'] }, now);
    await database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(now.getTime() - 60_000) })
      .where(eq(apiKeys.id, expired.id));

    const found = await findEmbedBySlug(database.db, 'acme');
    expect(found).toMatchObject({ slug: 'acme', name: config.name, active: true });
    expect(typeof found?.bookingOnline).toBe('boolean');
    expect(typeof found?.paymentsReady).toBe('boolean');
    const keys = found?.keys.map((k) => k.key) ?? [];
    expect(keys.indexOf(newer.key)).toBeGreaterThanOrEqual(0);
    expect(keys.indexOf(newer.key)).toBeLessThan(keys.indexOf(older.key)); // newest first
    expect(keys).not.toContain(revoked.key);
    expect(keys).not.toContain(expired.key);
    expect(found?.keys.find((k) => k.key === older.key)?.allowedDomains).toEqual(['older.example']);
    // Exactly the keys the company's key list calls active and publishable.
    const active = (await listCompanyKeys(database, await acme(), now)).filter(
      (k) => k.kind === 'publishable' && k.status === 'active',
    );
    expect(keys).toHaveLength(active.length);
    expect(await findEmbedBySlug(database.db, 'nobody')).toBeUndefined();
  });

  it('the registry drops its cache when a change is published', async () => {
    const registry = new Registry(database);
    await registry.start();
    try {
      const id = await acmeId();
      expect((await registry.catalog(id))?.company.bookingOnline).toBe(true);
      await setCompanyFlags(database, await acme(), { bookingOnline: false });
      await expect.poll(async () => (await registry.catalog(id))?.company.bookingOnline, { timeout: 3000 }).toBe(false);
      // An unknown key is remembered as unknown until the next change.
      const key = await registry.key('0'.repeat(64));
      expect(key).toBeNull();
    } finally {
      registry.stop();
      await setCompanyFlags(database, await acme(), { bookingOnline: true });
    }
  });

  // PostgreSQL only: PGlite has no server to drop connections.
  (driver === 'postgres' ? it : () => {})(
    'survives the server dropping its connections, and hears changes after',
    async () => {
      const registry = new Registry(database);
      await registry.start();
      try {
        const id = await acmeId();
        expect((await registry.catalog(id))?.company.bookingOnline).toBe(true);
        // What a PostgreSQL restart or failover does to every open connection, the LISTEN one included.
        await database.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
        );
        await setCompanyFlags(database, await acme(), { bookingOnline: false });
        await expect
          .poll(async () => (await registry.catalog(id))?.company.bookingOnline, { timeout: 5000 })
          .toBe(false);
      } finally {
        registry.stop();
        await setCompanyFlags(database, await acme(), { bookingOnline: true });
      }
    },
  );

  // PostgreSQL only: a restart drops a connection a transaction holds between two statements.
  (driver === 'postgres' ? it : () => {})(
    'a transaction whose connection the server drops fails alone: the process lives on',
    async () => {
      let dropped: (() => void) | undefined;
      const waiting = new Promise<void>((resolve) => {
        dropped = resolve;
      });
      const failed = database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select set_config('application_name', 'svc_dropped_tx', false)`);
          await waiting;
          await tx.execute(sql`select 1`);
        })
        .then(
          () => 'committed',
          () => 'failed',
        );
      await expect
        .poll(async () => {
          const rows = await database.db.execute(
            sql`select pg_terminate_backend(pid) as done from pg_stat_activity where application_name = 'svc_dropped_tx'`,
          );
          return (rows as unknown as { rows: unknown[] }).rows.length;
        })
        .toBe(1);
      // The connection is gone while the transaction waits on its code: the client reports it, unheard of
      // by the pool (it is checked out). Without a listener on the client, this process would end here.
      await new Promise((r) => setTimeout(r, 300));
      dropped?.();
      expect(await failed).toBe('failed');
      expect((await database.db.select({ id: companies.id }).from(companies)).length).toBeGreaterThan(0);
    },
  );

  it('migrations are idempotent: opening again changes nothing', async () => {
    const again = driver === 'postgres' ? await open(location) : database;
    expect((await again.db.select({ id: companies.id }).from(companies)).length).toBeGreaterThan(0);
    if (again !== database) await again.close();
  });
});
