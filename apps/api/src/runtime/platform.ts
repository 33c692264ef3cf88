import { consoleSecret } from '../accounts/secret';
import { CONSOLE_BASE } from '../contract/console';
import { DATA_BASE } from '../contract/data';
import { EMBED_BASE } from '../contract/embed';
import { type Database, openDatabase } from '../db/client';
import { Registry } from '../db/registry';
import { channelsFromEnv } from '../events/channels';
import { createIntentCaps } from '../http/intent-caps';
import { createBookingSurface } from '../http/surfaces/booking';
import { createConsoleSurface } from '../http/surfaces/console';
import { createDataSurface } from '../http/surfaces/data';
import { createEmbedSurface } from '../http/surfaces/embed';
import { createSandboxSurface } from '../http/surfaces/sandbox';
import { dataDir } from '../lib/paths';
import { processorsFor } from '../payments/processors';
import { SANDBOX_BASE } from '../payments/sandbox-api';
import { photoStoreFromEnv } from '../photos/store';
import { createWindows } from '../use-cases/data/window';
import type { ClientIp, ClientIpTrust } from './client-ip';
import { type PlatformEnv, readEnv } from './config';
import { startWorkers } from './workers';

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
  const database = await openDatabase({ url: env.databaseUrl, dataDir: env.pgliteDir, migrate: true, share: true });
  const registry = new Registry(database);
  await registry.start();
  let redis: { quit(): Promise<unknown> } | undefined;
  if (env.redisUrl) {
    const { Redis } = await import('ioredis');
    redis = new Redis(env.redisUrl, { enableOfflineQueue: false });
  }
  const sandboxApp = createSandboxSurface(database.db);
  // A company set to Stripe on a platform without Stripe keys answers payments_not_ready.
  const processorFor = processorsFor(database.db, env);
  const photos = await photoStoreFromEnv({ photosDir: env.photosDir, s3: env.photosS3 });
  const booking = createBookingSurface({
    photos,
    registry,
    db: database.db,
    processorFor,
    clientIp: options.clientIp(env),
    hostedBaseUrl: env.hostedBaseUrl,
    ratePerMinute: env.ratePerMinute,
    redis,
    intentCaps: createIntentCaps({ redis, factor: env.intentLimitFactor }),
  });
  const embed = createEmbedSurface({ db: database.db, hostedBaseUrl: env.hostedBaseUrl });
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
    secret: consoleSecret(env.betterAuthSecret, dataDir()),
    redis,
    clientIp: options.clientIp(env),
  });
  const stopWorkers = env.workers
    ? startWorkers({
        db: database.db,
        channels: channelsFromEnv(env),
        processorFor,
        allowLocalWebhooks: env.allowLocalWebhooks,
        recoveryMs: env.recoveryIntervalMs,
      })
    : async () => {};
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
      const path = new URL(request.url).pathname;
      if (path.startsWith(SANDBOX_BASE)) return sandboxApp.fetch(request, env as object);
      if (path.startsWith(EMBED_BASE)) return embed.fetch(request, env as object);
      if (path.startsWith(DATA_BASE)) return data.fetch(request, env as object);
      if (path.startsWith(CONSOLE_BASE)) return consoleApp.fetch(request, env as object);
      return booking.fetch(request, env);
    },
    async close() {
      await stopWorkers();
      registry.stop();
      await redis?.quit();
      await database.close();
    },
  };
}

const KEY = Symbol.for('svc.platform');
type Holder = { [KEY]?: Promise<Platform> };

/** The process's platform, created on first use (kept on globalThis so dev reloads reuse it). */
export function getPlatform(clientIp: (trust: ClientIpTrust) => ClientIp): Promise<Platform> {
  const holder = globalThis as Holder;
  holder[KEY] ??= createPlatform({ clientIp });
  return holder[KEY];
}
