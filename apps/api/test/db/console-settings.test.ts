import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CompanyConfig } from '../../src/company-config/schema';
import type { Database } from '../../src/db/client';
import { findCompanyBySlug, loadCatalog } from '../../src/db/repositories/catalog';
import { enqueueWebhooks, listOutbox, type OutboxRow } from '../../src/db/repositories/outbox';
import type { AttemptRow } from '../../src/db/repositories/webhook-attempts';
import { consoleAudit, webhookAttempts } from '../../src/db/schema';
import { todayIn } from '../../src/domain/dates';
import type { Scope } from '../../src/domain/scope';
import { deliverDue } from '../../src/events/deliver';
import { verifySignature } from '../../src/events/signature';
import { presentDelivery, presentDeliveryLog } from '../../src/present/webhook-deliveries';
import { applyCompanyConfig } from '../../src/use-cases/company/apply-config';
import { consoleDataApi, createConsoleDataKey, requestConsoleDataApi } from '../../src/use-cases/company/console-keys';
import { readCompanyConfig } from '../../src/use-cases/company/read-config';
import { readSettings, type SettingsChange, saveSettingsSection } from '../../src/use-cases/company/settings';
import { decideDataApi } from '../../src/use-cases/data/access';
import { listEndpointDeliveries, resendDelivery, sendTestEvent } from '../../src/use-cases/webhooks/deliveries';
import { addWebhookEndpoint } from '../../src/use-cases/webhooks/endpoints';
import { createLocation, type DatabaseLocation, drivers, open } from '../support/databases';
import { ACME_TZ, acmeConfig } from '../support/fixtures';
import { receiver } from '../support/receiver';

// The console's settings write through the config use case; its delivery log is written by the worker.
describe.each(drivers())('console settings and delivery log on %s', (driver) => {
  let location: DatabaseLocation;
  let database: Database;
  let acme: string;
  let rival: string;
  const hook = receiver();
  let hookUrl = '';

  beforeAll(async () => {
    location = await createLocation(driver, 'console-settings');
    database = await open(location);
    const config = acmeConfig(todayIn(ACME_TZ, new Date()));
    await applyCompanyConfig(database, config);
    await applyCompanyConfig(database, { ...config, slug: 'rival', name: 'Rival' });
    acme = (await findCompanyBySlug(database.db, 'acme'))?.id as string;
    rival = (await findCompanyBySlug(database.db, 'rival'))?.id as string;
    hookUrl = await hook.start();
  });
  afterAll(async () => {
    await hook.stop();
    await database?.close();
    await location?.dispose();
  });
  beforeEach(() => {
    hook.received.length = 0;
    hook.answerWith((res) => res.writeHead(200).end('ok'));
  });

  /** The operator's scope (an owner's rights, no user to audit), or a staff member's. */
  const scopeOf = (companyId: string, owner = true): Scope =>
    owner
      ? { companyId, actor: { kind: 'cli' } }
      : { companyId, actor: { kind: 'member', userId: 'staff', role: 'staff', email: '', name: '' } };
  const save = (section: SettingsChange['section'], values: unknown, owner = true) =>
    saveSettingsSection(database, scopeOf(acme, owner), { section, values });
  const presented = (sent: { delivery: OutboxRow; attempts: AttemptRow[] }) =>
    presentDelivery(sent.delivery, sent.attempts);
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => {
        throw new Error('expected a refusal');
      },
      (err) => ({ code: err.code, field: err.field, message: err.message, issues: err.details?.issues }),
    );

  it('reads back the config it was given: applying what it reads changes nothing', async () => {
    const before = await loadCatalog(database.db, acme);
    const read = await readCompanyConfig(database, acme);
    expect(CompanyConfig.safeParse(read).error?.issues).toBeUndefined();
    await applyCompanyConfig(database, read);
    expect(await readCompanyConfig(database, acme)).toEqual(read);
    expect(await loadCatalog(database.db, acme)).toEqual(before);
  });

  it('saves a size price through the config use case, live in the read model', async () => {
    const { sections } = await readSettings(database, scopeOf(acme));
    const sizes = structuredClone((sections.sizes as { sizes: { key: string; prices: { d7: number } }[] }).sizes);
    (sizes[0] as { prices: { d7: number } }).prices.d7 = 412.5;
    const saved = await save('sizes', { sizes });
    expect((saved.sections.sizes as typeof sections.sizes & { sizes: typeof sizes }).sizes[0]?.prices.d7).toBe(412.5);
    const catalog = await loadCatalog(database.db, acme);
    expect(catalog?.sizes.find((s) => s.key === sizes[0]?.key)?.prices.d7).toBe(41250);
    const audit = await database.db.select().from(consoleAudit).where(eq(consoleAudit.companyId, acme));
    expect(audit.map((a) => a.action)).toContain('settings.sizes');
  });

  it('names the form field of each problem', async () => {
    const { sections } = await readSettings(database, scopeOf(acme));
    const sizes = structuredClone((sections.sizes as { sizes: any[] }).sizes);
    sizes[0].prices.d7 = 12.345;
    sizes[1].label = '';
    const bad = await refusal(save('sizes', { sizes }));
    expect(bad).toMatchObject({ code: 'invalid_body', field: 'sizes.0.prices.d7' });
    expect(bad.issues.map((i: { field: string }) => i.field)).toEqual(['sizes.0.prices.d7', 'sizes.1.label']);
    // A rule's field is named as the form names it, not by its place in the config file.
    expect(await refusal(save('rules', { min_notice_days: -1 }))).toMatchObject({ field: 'min_notice_days' });
    expect(await refusal(save('card-fees', { handling: 'customer_pays', percent: 11, fixed: 0.3 }))).toMatchObject({
      field: 'percent',
    });
    expect(await refusal(save('profile', { slug: 'stolen' }))).toMatchObject({ code: 'invalid_body', field: 'slug' });
    expect(await findCompanyBySlug(database.db, 'stolen')).toBeUndefined();
  });

  it('shows card fee handling to owners only (changing it is refused to staff by its operation: console-settings.test.ts)', async () => {
    expect((await readSettings(database, scopeOf(acme, false))).sections.card_fees).toBeNull();
    const saved = await save('card-fees', { handling: 'customer_pays', percent: 2.9, fixed: 0.3 });
    expect(saved.sections.card_fees).toEqual({ handling: 'customer_pays', percent: 2.9, fixed: 0.3 });
    expect((await save('rules', { min_notice_days: 2 })).sections.rules).toMatchObject({ min_notice_days: 2 });
  });

  it('logs every attempt of the worker and of a resend, and sends a test event', async () => {
    process.env.SVC_WEBHOOK_ALLOW_HTTP = '1';
    const endpoint = await addWebhookEndpoint(database, scopeOf(acme), { url: hookUrl });
    const worker = { db: database.db, channels: { email: null, sms: null }, allowLocalWebhooks: true };
    hook.answerWith((res) => res.writeHead(503).end('down'));
    await enqueueWebhooks(database.db, acme, 'booking', 'booking.completed', { order_number: 1001 });
    expect(await deliverDue({ ...worker, now: () => new Date(Date.now() + 1000) })).toMatchObject({ failed: 1 });

    const log = presentDeliveryLog(await listEndpointDeliveries(database, scopeOf(acme), endpoint.id, 1));
    const [delivery] = log.deliveries;
    expect(delivery).toMatchObject({
      event: 'booking.completed',
      status: 'retrying',
      attempts: 1,
      test: false,
      last_response: { status_code: 503 },
      attempt_log: [{ attempt: 1, status_code: 503, manual: false, error: 'HTTP 503' }],
    });
    const rows = await database.db.select().from(webhookAttempts).where(eq(webhookAttempts.endpointId, endpoint.id));
    expect(JSON.stringify(rows)).not.toContain(endpoint.secret);

    // Another company's endpoint or delivery is not found.
    await expect(listEndpointDeliveries(database, scopeOf(rival), endpoint.id, 1)).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(
      resendDelivery(database, scopeOf(rival), endpoint.id, delivery?.id as string, {
        now: new Date(),
        allowLocal: true,
      }),
    ).rejects.toMatchObject({ code: 'not_found' });

    hook.answerWith((res) => res.writeHead(200).end('ok'));
    const resent = presented(
      await resendDelivery(database, scopeOf(acme), endpoint.id, delivery?.id as string, {
        now: new Date(),
        seen: 1,
        allowLocal: true,
      }),
    );
    expect(resent).toMatchObject({
      status: 'delivered',
      attempts: 2,
      attempt_log: [{ status_code: 503 }, { attempt: 2, status_code: 200, manual: true, error: null }],
    });
    const got = hook.received.at(-1);
    expect(got?.headers['x-svc-delivery']).toBe(delivery?.id);
    expect(
      verifySignature(
        endpoint.secret,
        got?.body as string,
        got?.headers['x-svc-signature'] as string,
        Math.floor(Date.now() / 1000),
      ),
    ).toBe(true);
    // A second click with what the page showed sends nothing more.
    const sent = hook.received.length;
    await expect(
      resendDelivery(database, scopeOf(acme), endpoint.id, delivery?.id as string, {
        now: new Date(),
        seen: 1,
        allowLocal: true,
      }),
    ).rejects.toMatchObject({ code: 'state_conflict' });
    expect(hook.received).toHaveLength(sent);
    // The worker does not send a delivered one again.
    expect(await deliverDue({ ...worker, now: () => new Date(Date.now() + 3_600_000) })).toMatchObject({
      failed: 0,
      delivered: 0,
    });

    const test = presented(
      await sendTestEvent(database, scopeOf(acme), endpoint.id, 'booking.held', { now: new Date(), allowLocal: true }),
    );
    expect(test).toMatchObject({ event: 'booking.held', status: 'delivered', test: true, attempts: 1 });
    expect(JSON.parse(hook.received.at(-1)?.body as string)).toMatchObject({
      event: 'booking.held',
      data: { status: 'pending_risk_review', order_number: 0 },
    });
    await expect(
      sendTestEvent(database, scopeOf(acme), endpoint.id, 'order.created', { now: new Date(), allowLocal: true }),
    ).rejects.toMatchObject({ code: 'invalid_body', field: 'event' });
    const outbox = await listOutbox(database.db, acme);
    expect(outbox.find((r) => r.id === Number(test.id))?.status).toBe('delivered');
    const mine = await database.db
      .select()
      .from(webhookAttempts)
      .where(and(eq(webhookAttempts.companyId, acme), eq(webhookAttempts.manual, true)));
    expect(mine).toHaveLength(2);
  });

  it('asks for Data API access with its use; a key waits for the approval and is shown once', async () => {
    const owner = scopeOf(rival);
    const now = new Date();
    expect(await consoleDataApi(database, owner, now)).toMatchObject({ access: 'none', keys: [] });
    await expect(createConsoleDataKey(database, owner, undefined, now)).rejects.toMatchObject({
      code: 'state_conflict',
    });
    const asked = await requestConsoleDataApi(database, owner, 'Our orders into our accounting system', now);
    expect(asked).toMatchObject({ access: 'requested', use: 'Our orders into our accounting system' });
    await expect(createConsoleDataKey(database, owner, undefined, now)).rejects.toMatchObject({
      code: 'state_conflict',
      message: expect.stringMatching(/once the platform approves/),
    });
    // The platform decides, at the machine.
    await decideDataApi(database, { companyId: rival, actor: { kind: 'cli' } }, 'approved', now);
    const key = await createConsoleDataKey(database, owner, 'books', now);
    expect(key.key).toMatch(/^svc_live_/);
    const listed = await consoleDataApi(database, owner, now);
    expect(listed.keys.map((k) => k.id)).toEqual([key.id]);
    expect(JSON.stringify(listed)).not.toContain(key.key);
    await expect(requestConsoleDataApi(database, owner, 'Once more, please', now)).rejects.toMatchObject({
      code: 'state_conflict',
    });
  });
});
