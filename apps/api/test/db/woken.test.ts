import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client';
import { pgliteSocketUrl } from '../../src/db/pglite-folder';
import { Registry } from '../../src/db/registry';
import { findCompanyBySlug } from '../../src/db/repositories/catalog';
import { enqueueMessages, listOutbox } from '../../src/db/repositories/outbox';
import { todayIn } from '../../src/domain/dates';
import { startWorkers, type Workers } from '../../src/runtime/workers';
import { applyCompanyConfig } from '../../src/use-cases/company/apply-config';
import { setCompanyFlags } from '../../src/use-cases/company/keys';
import { createLocation, type DatabaseLocation, drivers, open } from '../support/databases';
import { ACME_TZ, acmeConfig } from '../support/fixtures';
import { copyPgliteTemplate } from '../support/pglite-template';

/**
 * The read model and the outbox worker are woken, not polled (docs/decisions/woken-not-polled.md): a
 * change reaches them through a NOTIFY, or on the embedded database through a statement of its socket
 * (the CLI's way in), within a second, with no timer that would have found it (the worker's idle wait is
 * set to a minute here).
 */
const QUICK = { timeout: 3_000, interval: 50 };

/** The platform's workers with nothing to send through and an idle wait of a minute: only a wake-up makes a pass. */
const quietWorkers = (database: Database) =>
  startWorkers({
    database,
    channels: { email: null, sms: null },
    processorFor: () => {
      throw new Error('no payments here');
    },
    allowLocalWebhooks: true,
    outboxIdleMs: 60_000,
    recoveryMs: 60_000,
  });

/**
 * Once the worker's first pass (at start) is over, and a pass the set-up's statements woke is through too:
 * from then on only a wake-up makes another within the minute.
 */
async function settled(workers: Workers) {
  await expect.poll(() => workers.passes().outbox, QUICK).toBeGreaterThan(0);
  await new Promise((r) => setTimeout(r, 200));
}

/** A message nobody can send (no provider configured): the worker marks it 'kept' once it has seen it. */
const message = (to: string) => ({ channel: 'email' as const, topic: 'test', to, subject: 'Hi', text: 'Hello' });

describe.each(drivers())('woken, not polled, on %s', (driver) => {
  let location: DatabaseLocation;
  let database: Database;
  let registry: Registry;
  let workers: Workers;
  let companyId: string;

  beforeAll(async () => {
    location = await createLocation(driver, 'woken');
    database = await open(location);
    await applyCompanyConfig(database, acmeConfig(todayIn(ACME_TZ, new Date())));
    companyId = (await findCompanyBySlug(database.db, 'acme'))?.id as string;
    registry = new Registry(database);
    await registry.start();
    workers = await quietWorkers(database);
  });
  afterAll(async () => {
    await workers?.stop();
    registry?.stop();
    await database?.close();
    await location?.dispose();
  });

  it('a row the outbox gets is delivered at once, not at the next idle pass', async () => {
    await settled(workers);
    await enqueueMessages(database.db, companyId, [message('first@example.com')]);
    await expect
      .poll(async () => (await listOutbox(database.db, companyId)).map((r) => r.status), QUICK)
      .toEqual(['kept']);
    // And inside a transaction: heard on commit.
    await database.db.transaction((tx) => enqueueMessages(tx, companyId, [message('second@example.com')]));
    await expect
      .poll(async () => (await listOutbox(database.db, companyId)).map((r) => r.status), QUICK)
      .toEqual(['kept', 'kept']);
  });

  it("a published change drops the registry's read model", async () => {
    expect((await registry.catalog(companyId))?.company.bookingOnline).toBe(true);
    await setCompanyFlags(database, { companyId, actor: { kind: 'cli' } }, { bookingOnline: false });
    await expect.poll(async () => (await registry.catalog(companyId))?.company.bookingOnline, QUICK).toBe(false);
    await setCompanyFlags(database, { companyId, actor: { kind: 'cli' } }, { bookingOnline: true });
    await expect.poll(async () => (await registry.catalog(companyId))?.company.bookingOnline, QUICK).toBe(true);
  });
});

describe('woken, not polled, through the embedded database shared with the CLI', () => {
  let dir: string;
  let server: Database;
  let cli: Database;
  let registry: Registry;
  let workers: Workers;
  let companyId: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'svc-woken-'));
    await copyPgliteTemplate(path.join(dir, 'pglite'));
    // As the platform opens it: shared over its socket. The CLI, in another process, reaches it through the
    // socket; here a second handle on that socket stands for it.
    server = await openDatabase({ dataDir: path.join(dir, 'pglite'), migrate: true, share: true });
    await applyCompanyConfig(server, acmeConfig(todayIn(ACME_TZ, new Date())));
    companyId = (await findCompanyBySlug(server.db, 'acme'))?.id as string;
    registry = new Registry(server);
    await registry.start();
    workers = await quietWorkers(server);
    cli = await openDatabase({ url: pgliteSocketUrl(path.join(dir, 'pglite')), migrate: false });
  });
  afterAll(async () => {
    await cli?.close();
    await workers?.stop();
    registry?.stop();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("the CLI's change drops the server's read model: its NOTIFY goes to the CLI, the statement wakes the server", async () => {
    expect((await registry.catalog(companyId))?.company.bookingOnline).toBe(true);
    await setCompanyFlags(cli, { companyId, actor: { kind: 'cli' } }, { bookingOnline: false });
    await expect.poll(async () => (await registry.catalog(companyId))?.company.bookingOnline, QUICK).toBe(false);
  });

  it("the CLI's outbox row is delivered at once", async () => {
    await settled(workers);
    await enqueueMessages(cli.db, companyId, [message('cli@example.com')]);
    await expect
      .poll(async () => (await listOutbox(server.db, companyId)).map((r) => r.status), QUICK)
      .toEqual(['kept']);
  });
});
