import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingSessions } from '../../src/db/schema';
import { book, intentBody, payWithCard } from '../support/booking';
import { svc } from '../support/cli';
import { type ApiResponse, apiClient } from '../support/client';
import { drivers, open } from '../support/databases';
import { freeSlot, junkBody } from '../support/junk';
import { seededLocation, spawnServer, type Target } from '../support/servers';

type Api = ReturnType<typeof apiClient>;
type Paid = { session_id: string; payment_intent_id: string; amount: { gross_total: number } };

// A crash between the card's authorization and the order (or junk job): the process is killed (SIGKILL)
// with an authorized card and nothing made. After a restart, the recovery worker makes it exactly once.
describe.each(drivers())('a crash after authorization, on %s', (driver) => {
  // Each test's database, seeded before the tests: the first PGlite this process opens costs it several seconds
  // (the WASM compiled), which belongs to the setup's time, not to the restart's.
  const seeded = new Map<string, Awaited<ReturnType<typeof seededLocation>>>();
  beforeAll(async () => {
    for (const label of ['crash', 'crash-junk']) seeded.set(label, await seededLocation(driver, label));
  });
  afterAll(async () => {
    for (const { location } of seeded.values()) await location.dispose();
  });

  /**
   * Opens and pays a booking with `pay` on a first server, kills it, ages the session past the recovery
   * worker's grace minute, and hands a second server on the same database to `check`.
   */
  async function crashAfterAuthorization(
    label: string,
    pay: (api: Api, target: Target) => Promise<Paid>,
    check: (again: Api, target: Target, intent: Paid) => Promise<void>,
  ) {
    const { location, fixtures } = seeded.get(label) as Awaited<ReturnType<typeof seededLocation>>;
    const extra = { SVC_RATE_LIMIT_PER_MINUTE: '100000', SVC_RECOVERY_INTERVAL_MS: '300' };
    const first = await spawnServer('standalone', location.env, extra);
    const target: Target = {
      name: label,
      kind: 'standalone',
      driver,
      baseUrl: first.baseUrl,
      env: location.env,
      fixtures,
    };
    const intent = await pay(apiClient(first.baseUrl), target);
    await first.kill();

    // While it is down, time passes: the session is older than the recovery worker's grace minute.
    const db = await open(location);
    await db.db.execute(
      sql`update ${bookingSessions} set created_at = now() - interval '3 minutes', updated_at = now() - interval '3 minutes' where session_id = ${intent.session_id}`,
    );
    await db.close();

    const second = await spawnServer('standalone', location.env, extra);
    try {
      const again = apiClient(second.baseUrl);
      const key = fixtures.acme.server;
      await expect
        .poll(async () => (await again.get(`/sessions/${intent.session_id}`, { key })).body.data.state, {
          timeout: 15_000,
        })
        .toBe('confirmed');
      await check(again, { ...target, baseUrl: second.baseUrl }, intent);
    } finally {
      await second.stop();
    }
  }

  const paid = async (target: Target, res: ApiResponse) => {
    const intent = res.body.data;
    expect((await payWithCard(target, intent)).body.status).toBe('requires_capture');
    return intent as Paid;
  };

  it('the restarted server creates the order once and captures the card', async () => {
    await crashAfterAuthorization(
      'crash',
      async (api, target) => {
        // One ordinary order first, so the crashed one is not the company's only order.
        expect((await book(api, target)).confirmed.body.data.state).toBe('confirmed');
        return paid(target, await api.post('/intents', { key: target.fixtures.acme.server, body: intentBody(target) }));
      },
      async (again, target, intent) => {
        const ordersOf = async () =>
          ((await svc(target, 'orders', 'list', 'acme')) as any[]).filter((o) => o.session_id === intent.session_id);
        // The order is made in the session's transaction; the card is captured after that commit.
        // Each look opens the database as the CLI does (on PGlite, through the server's socket, with the
        // migrations checked): every 500 ms, not as fast as it can, while the server recovers.
        await expect
          .poll(async () => (await ordersOf())[0]?.payment_status, { timeout: 15_000, interval: 500 })
          .toBe('paid');
        const orders = await ordersOf();
        expect(orders).toHaveLength(1);
        expect(orders[0]).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
        // The page's own /confirm, arriving late, gets the same order.
        const late = await again.post('/confirm', {
          key: target.fixtures.acme.server,
          body: { session_id: intent.session_id, payment_intent_id: intent.payment_intent_id },
        });
        expect(late.body.data).toMatchObject({
          state: 'confirmed',
          order_number: orders[0].order_number,
          already: true,
        });
      },
    );
  });

  it('the same for a junk job: one job, one capture, the late /junk/confirm answers it', async () => {
    await crashAfterAuthorization(
      'crash-junk',
      async (api, target) =>
        paid(
          target,
          await api.post('/junk/intents', {
            key: target.fixtures.acme.server,
            body: junkBody(await freeSlot(api, target)),
          }),
        ),
      async (again, target, intent) => {
        const jobsOf = async () =>
          ((await svc(target, 'jobs', 'list', 'acme')) as any[]).filter((j) => j.session_id === intent.session_id);
        await expect
          .poll(async () => (await jobsOf())[0]?.payment_status, { timeout: 15_000, interval: 500 })
          .toBe('paid');
        const jobs = await jobsOf();
        expect(jobs).toHaveLength(1);
        expect(jobs[0]).toMatchObject({
          status: 'confirmed',
          payment_status: 'paid',
          charged: intent.amount.gross_total,
        });
        const late = await again.post('/junk/confirm', {
          key: target.fixtures.acme.server,
          body: { session_id: intent.session_id, payment_intent_id: intent.payment_intent_id },
        });
        expect(late.body.data).toMatchObject({ state: 'confirmed', job_number: jobs[0].job_number, already: true });
      },
    );
  });
});
