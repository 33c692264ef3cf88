import path from 'node:path';
import { dataDir } from '../lib/paths';

/** Request headers a server reads (Node's default is 16 KB): past our own limits, the error is ours. */
export const MAX_HEADER_BYTES = 64 * 1024;

/**
 * How long our servers keep an idle keep-alive connection (Node's default is 5 s): longer than the idle
 * timeouts of the clients in front of them (Node's and undici's agents, 4 to 5 s; load balancers, 60 s), so
 * the client closes an idle connection first and never sends a request on one the server is closing (the
 * console's "read ECONNRESET").
 */
export function keepIdleConnections(server: { keepAliveTimeout: number; headersTimeout: number }) {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}

/** Everything the platform reads from the environment, in one place (documented in the README). */
export function readEnv(env = process.env) {
  const apiPort = Number(env.PORT ?? 3000);
  const hostedPort = Number(env.HOSTED_PORT ?? 3001);
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    /** PostgreSQL connections each instance keeps (docs/deploy.md): fewer when the database shares the CPUs. */
    databasePoolMax: poolMax(env.DATABASE_POOL_MAX),
    pgliteDir: path.join(dataDir(env), 'pglite'),
    redisUrl: env.REDIS_URL || undefined,
    apiPort,
    standalonePort: Number(env.STANDALONE_PORT ?? 3100),
    hostedPort,
    /** Where the hosted booking pages are (apps/hosted): reported as hosted_page_url, trusted as channel 'link'. */
    hostedBaseUrl: (env.HOSTED_BASE_URL ?? `http://localhost:${hostedPort}`).replace(/\/$/, ''),
    ratePerMinute: Number(env.SVC_RATE_LIMIT_PER_MINUTE ?? 120),
    /** The Data API's requests per minute per key (spec: 60); raised only for load tests and the test suite. */
    dataRatePerMinute: Number(env.SVC_DATA_RATE_LIMIT_PER_MINUTE ?? 60),
    /** The company console (apps/console): where upgrade_url and e-mails point. */
    consoleBaseUrl: (env.CONSOLE_BASE_URL ?? `http://localhost:${Number(env.CONSOLE_PORT ?? 3002)}`).replace(/\/$/, ''),
    /** Signs console sessions and CSRF tokens; unset: one is made and kept in the data directory (accounts/secret.ts). */
    betterAuthSecret: env.BETTER_AUTH_SECRET || undefined,
    /** Multiplies every company's payment intent caps: load tests and the browser suite (one IP books for all). */
    intentLimitFactor: Number(env.SVC_INTENT_LIMIT_FACTOR ?? 1),
    /** Behind proxies that add to X-Forwarded-For: how many to trust (the API, standalone or in Next). */
    trustProxyHops: Number(env.SVC_TRUST_PROXY_HOPS ?? 0),
    /**
     * The secret our hosted pages' server presents when it calls on a visitor's behalf (runtime/client-ip.ts);
     * one shorter than PROXY_TOKEN_MIN_LENGTH could be guessed, so it trusts no one.
     */
    proxyToken: proxyToken(env.SVC_PROXY_TOKEN),
    /** SMTP for e-mail (smtp://user:pass@host:port); unset: e-mail stays in the local outbox. */
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.SVC_MAIL_FROM ?? 'svc bookings <no-reply@svc.localhost>',
    /** Development and tests only: webhooks to loopback and plain http receivers. */
    allowLocalWebhooks: env.SVC_WEBHOOK_ALLOW_HTTP === '1',
    /** Stripe, for companies whose processor is stripe; STRIPE_API_BASE only for a local stand-in. */
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
    stripeApiBase: env.STRIPE_API_BASE || undefined,
    /** Background workers (outbox, recovery) run in every platform process unless switched off. */
    workers: env.SVC_WORKERS !== 'off',
    /** Junk photos: a folder under the data directory, or S3-compatible storage when a bucket is named. */
    photosDir: path.join(dataDir(), 'photos'),
    photosS3: env.SVC_PHOTOS_S3_BUCKET
      ? {
          bucket: env.SVC_PHOTOS_S3_BUCKET,
          region: env.SVC_PHOTOS_S3_REGION ?? 'us-east-1',
          endpoint: env.SVC_PHOTOS_S3_ENDPOINT || undefined,
          accessKeyId: env.SVC_PHOTOS_S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: env.SVC_PHOTOS_S3_SECRET_ACCESS_KEY || undefined,
        }
      : undefined,
    /** /metrics on the API's port answers a scrape that sends this as a bearer token (unset: 404 there). */
    metricsToken: env.SVC_METRICS_TOKEN || undefined,
    /** A port of its own for /metrics, /healthz and /readyz, with no token: bind it where only the scraper reaches. */
    metricsPort: env.SVC_METRICS_PORT ? Number(env.SVC_METRICS_PORT) : undefined,
    metricsHost: env.SVC_METRICS_HOST || '127.0.0.1',
    /** On SIGTERM: how long requests in flight and workers' passes may take before the process exits anyway. */
    shutdownTimeoutMs: Number(env.SVC_SHUTDOWN_TIMEOUT_MS ?? 20_000),
    /**
     * On SIGTERM: how long the server keeps accepting and answering (readyz 503, `Connection: close`) before it
     * stops listening; behind a balancer, longer than its upstream keep-alive timeout (docs/deploy.md).
     */
    drainMs: drainMs(env.SVC_DRAIN_MS),
    /** How often the recovery worker looks for authorized sessions without an order. */
    recoveryIntervalMs: Number(env.SVC_RECOVERY_INTERVAL_MS ?? 15_000),
  };
}
export type PlatformEnv = ReturnType<typeof readEnv>;

export const PROXY_TOKEN_MIN_LENGTH = 32;

function proxyToken(value: string | undefined): string | undefined {
  return value && value.length >= PROXY_TOKEN_MIN_LENGTH ? value : undefined;
}

/** SVC_DRAIN_MS: whole milliseconds from 0 to 120000; unset, 0 (nothing in front to drain from). */
export function drainMs(value: string | undefined): number {
  if (value === undefined || value === '') return 0;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 120_000) {
    throw new Error(`SVC_DRAIN_MS must be a whole number of milliseconds from 0 to 120000, not "${value}".`);
  }
  return n;
}

/** DATABASE_POOL_MAX: a whole number from 1 to 100; unset, 10. A value past that is a mistake to say at start. */
export function poolMax(value: string | undefined): number {
  if (value === undefined || value === '') return 10;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 100) {
    throw new Error(`DATABASE_POOL_MAX must be a whole number from 1 to 100, not "${value}".`);
  }
  return n;
}
