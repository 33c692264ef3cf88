import { readFileSync } from 'node:fs';
import path from 'node:path';
import { consoleSecret } from '../accounts/secret';
import { CONSOLE_BASE } from '../contract/console';
import { DATA_BASE } from '../contract/data';
import { EMBED_BASE } from '../contract/embed';
import { RENTAL_BASE } from '../contract/rental';
import { type Database, openDatabase } from '../db/client';
import { Registry } from '../db/registry';
import { outboxBacklog } from '../db/repositories/outbox';
import { appliedMigrations } from '../db/repositories/platform';
import { channelsFromEnv } from '../events/channels';
import { createIntentCaps } from '../http/intent-caps';
import { createBookingSurface } from '../http/surfaces/booking';
import { createConsoleSurface } from '../http/surfaces/console';
import { createDataSurface } from '../http/surfaces/data';
import { createEmbedSurface } from '../http/surfaces/embed';
import { type Check, createOpsSurface, OPS_PATHS } from '../http/surfaces/ops';
import { createRentalSurface } from '../http/surfaces/rental';
import { createSandboxSurface } from '../http/surfaces/sandbox';
import { keptFor } from '../lib/kept-for';
import { log } from '../lib/log';
import { scrapedGauge } from '../lib/metrics';
import { dataDir, migrationsDir } from '../lib/paths';
import { urlPath } from '../lib/url-path';
import { processorsFor } from '../payments/processors';
import { SANDBOX_BASE } from '../payments/sandbox-api';
import { photoStoreFromEnv } from '../photos/store';
import { createWindows } from '../use-cases/data/window';
import type { ClientIp, ClientIpTrust } from './client-ip';
import { type PlatformEnv, readEnv } from './config';
import { startWorkers, type Workers } from './workers';

export type Platform = {
  env: PlatformEnv;
  database: Database;
  registry: Registry;
  booking: ReturnType<typeof createBookingSurface>;
  sandbox: ReturnType<typeof createSandboxSurface>;
  embed: ReturnType<typeof createEmbedSurface>;
  data: ReturnType<typeof createDataSurface>;
  console: ReturnType<typeof createConsoleSurface>;
  fetch: (request: Request, env?: unknown) => Response | Promise<Response>;
  close(): Promise<void>;
};

/**
 * Opens the database (migrating it), starts the read-model cache and builds the HTTP apps. One per
 * process: Next's route handlers and the standalone server both call getPlatform().
 */
export async function createPlatform(options: {
  /** How this server learns a client's address, given what the environment says to trust (socketIp, nextIp). */
  clientIp: (trust: ClientIpTrust) => ClientIp;
  env?: PlatformEnv;
}): Promise<Platform> {
  const env = options.env ?? readEnv();
  const database = await openDatabase({
    url: env.databaseUrl,
    poolMax: env.databasePoolMax,
    dataDir: env.pgliteDir,
    migrate: true,
    share: true,
  });
  const registry = new Registry(database);
  await registry.start();
  let redis: { quit(): Promise<unknown>; ping(): Promise<unknown> } | undefined;
  if (env.redisUrl) {
    const { Redis } = await import('ioredis');
    const client = new Redis(env.redisUrl, { enableOfflineQueue: false });
    // While Redis is away each reconnect fails here (the limiters answer from memory meanwhile, /readyz says
    // so); without a listener ioredis prints every one to stderr.
    let lastWarned = 0;
    client.on('error', (err) => {
      if (Date.now() - lastWarned < 5_000) return;
      lastWarned = Date.now();
      log().warn({ err }, 'redis: unreachable');
    });
    redis = client;
  }
  const intentCaps = createIntentCaps({ redis, factor: env.intentLimitFactor });
  const clientIp = options.clientIp(env);
  // The sandbox sees the card form's attempts, as Stripe's Radar does: a decline counts against the visitor.
  const sandboxApp = createSandboxSurface(database.db, {
    onDecline: (companyId, c) => intentCaps.declined(companyId, clientIp(c)),
  });
  // A company set to Stripe on a platform without Stripe keys answers payments_not_ready.
  const processorFor = processorsFor(database.db, env);
  const photos = await photoStoreFromEnv({ photosDir: env.photosDir, s3: env.photosS3 });
  const booking = createBookingSurface({
    photos,
    registry,
    db: database.db,
    processorFor,
    clientIp,
    hostedBaseUrl: env.hostedBaseUrl,
    ratePerMinute: env.ratePerMinute,
    redis,
    intentCaps,
  });
  const embed = createEmbedSurface({
    db: database.db,
    registry,
    hostedBaseUrl: env.hostedBaseUrl,
    clientIp,
    ratePerMinute: env.ratePerMinute,
    redis,
  });
  const rental = createRentalSurface({
    db: database.db,
    processorFor,
    clientIp,
    hostedBaseUrl: env.hostedBaseUrl,
    ratePerMinute: env.ratePerMinute,
    photos,
    redis,
  });
  const upgradeUrl = `${env.consoleBaseUrl}/settings/api#plan`;
  const windows = createWindows(database.db, () => new Date(), upgradeUrl);
  registry.onFlush(() => windows.flush());
  const data = createDataSurface({
    registry,
    db: database.db,
    ratePerMinute: env.dataRatePerMinute,
    redis,
    windows,
    upgradeUrl,
  });
  const consoleApp = createConsoleSurface({
    database,
    registry,
    processorFor,
    consoleBaseUrl: env.consoleBaseUrl,
    hostedBaseUrl: env.hostedBaseUrl,
    allowLocalWebhooks: env.allowLocalWebhooks,
    secret: consoleSecret(env.betterAuthSecret, dataDir()),
    redis,
    intentCaps,
    clientIp: options.clientIp(env),
    photos,
  });
  const workers = env.workers
    ? await startWorkers({
        database,
        channels: channelsFromEnv(env),
        processorFor,
        links: { hostedBaseUrl: env.hostedBaseUrl },
        allowLocalWebhooks: env.allowLocalWebhooks,
        recoveryMs: env.recoveryIntervalMs,
      })
    : undefined;
  const checks = readinessChecks(database, redis, workers);
  observeDatabase(database);
  const ops = createOpsSurface({ checks, metricsToken: env.metricsToken });
  const metricsServer = env.metricsPort
    ? await serveMetrics(createOpsSurface({ checks, open: true }), env.metricsPort, env.metricsHost)
    : undefined;
  return {
    env,
    database,
    registry,
    booking,
    sandbox: sandboxApp,
    embed,
    data,
    console: consoleApp,
    /** Every path the platform serves: the Booking API, the Data API, the console API, the sandbox processor and the public lookups. */
    fetch: (request: Request, env?: unknown) => {
      const path = urlPath(request.url);
      if ((OPS_PATHS as readonly string[]).includes(path)) return ops.fetch(request);
      if (path.startsWith(SANDBOX_BASE)) return sandboxApp.fetch(request, env as object);
      if (path.startsWith(EMBED_BASE)) return embed.fetch(request, env as object);
      if (path.startsWith(RENTAL_BASE)) return rental.fetch(request, env as object);
      if (path.startsWith(DATA_BASE)) return data.fetch(request, env as object);
      if (path.startsWith(CONSOLE_BASE)) return consoleApp.fetch(request, env as object);
      return booking.fetch(request, env);
    },
    async close() {
      await new Promise((resolve) => (metricsServer ? metricsServer.close(resolve) : resolve(undefined)));
      await workers?.stop();
      registry.stop();
      await redis?.quit();
      await database.close();
    },
  };
}

/**
 * What /readyz checks: the database and its migrations (required: nothing is served without them), Redis when
 * configured and the outbox worker's last pass (optional: the limits count in memory while Redis is away, and
 * another instance's worker delivers; their failure is `degraded`, never a reason to take the instance out).
 */
function readinessChecks(
  database: Database,
  redis: { ping(): Promise<unknown> } | undefined,
  workers?: Workers,
): Record<string, Check> {
  const shipped = (
    JSON.parse(readFileSync(path.join(migrationsDir(), 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }
  ).entries.length;
  const optional = (check: () => Promise<string>): Check => Object.assign(check, { optional: true });
  return {
    database: async () => ((await appliedMigrations(database.db)) >= shipped ? 'ok' : 'migrations pending'),
    redis: optional(async () => {
      if (!redis) return 'off';
      await redis.ping();
      return 'ok';
    }),
    // A pass at least every 5 s (runtime/workers.ts); none for 30 s: stuck, or the loop stopped.
    outbox_worker: optional(async () =>
      !workers ? 'off' : Date.now() - workers.lastPass().outbox < 30_000 ? 'ok' : 'stalled',
    ),
  };
}

const OUTBOX_CHANNELS = ['webhook_booking', 'webhook_data', 'email', 'sms'];

/** Gauges read when scraped: the outbox's backlog per channel and the PostgreSQL pool's connections. */
function observeDatabase(database: Database) {
  // One read of the backlog serves both gauges of a scrape (prom-client collects them at once).
  const backlog = keptFor(1_000, () => outboxBacklog(database.db));
  scrapedGauge('svc_outbox_pending', 'Outbox rows waiting for delivery, by channel.', ['channel'], async (set) => {
    const rows = await backlog();
    // Every channel has a value, 0 when none waits, so an alert's series never vanishes.
    for (const channel of OUTBOX_CHANNELS) set({ channel }, 0);
    for (const row of rows) set({ channel: row.channel }, row.pending);
  });
  scrapedGauge(
    'svc_outbox_oldest_pending_seconds',
    'Age of the oldest outbox row waiting for delivery, by channel (absent: none waits).',
    ['channel'],
    async (set) => {
      for (const row of await backlog()) set({ channel: row.channel }, row.oldestSeconds);
    },
  );
  scrapedGauge(
    'svc_db_pool_connections',
    'PostgreSQL pool connections, by state (total, idle, waiting).',
    ['state'],
    (set) => {
      const pool = database.pool?.();
      if (!pool) return;
      set({ state: 'total' }, pool.total);
      set({ state: 'idle' }, pool.idle);
      set({ state: 'waiting' }, pool.waiting);
    },
  );
}

/** The metrics port: /metrics, /healthz and /readyz with no token, for a scraper on a private network. */
async function serveMetrics(
  app: { fetch: (request: Request) => Response | Promise<Response> },
  port: number,
  host: string,
) {
  const { serve } = await import('@hono/node-server');
  return new Promise<import('node:http').Server>((resolve) => {
    const server = serve({ fetch: app.fetch, port, hostname: host }, () =>
      resolve(server as import('node:http').Server),
    );
  });
}

const KEY = Symbol.for('svc.platform');
type Holder = { [KEY]?: Promise<Platform> };

/** The process's platform, created on first use (kept on globalThis so dev reloads reuse it). */
export function getPlatform(clientIp: (trust: ClientIpTrust) => ClientIp): Promise<Platform> {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    const creating = createPlatform({ clientIp });
    holder[KEY] = creating;
    // One that failed (its database unreachable at start) is forgotten, so a later request tries again.
    creating.catch(() => {
      if (holder[KEY] === creating) holder[KEY] = undefined;
    });
  }
  return holder[KEY];
}
