import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { requestMetrics } from './request-metrics';

/**
 * The platform's Prometheus metrics (prom-client), one set per process. Label values come from closed sets
 * (surfaces, operation ids, statuses, outcomes, channels): never a company, a key or a path, so a series
 * count cannot grow with traffic (docs/decisions/metrics.md).
 */
function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'svc_' });
  const registers = [registry];
  return {
    registry,
    /** svc_http_requests_total and svc_http_request_duration_seconds (lib/request-metrics.ts). */
    requests: requestMetrics(registry),
    intents: new Counter({
      name: 'svc_payment_intents_total',
      help: 'Payment intents opened for bookings, by kind (dumpster, junk) and outcome (created, replayed).',
      labelNames: ['kind', 'outcome'] as const,
      registers,
    }),
    settles: new Counter({
      name: 'svc_confirms_total',
      help: 'Settlements of paid sessions (confirm and the recovery worker), by kind, path and outcome: confirmed, held, declined, not_authorized, refused, mismatch, busy, upstream.',
      labelNames: ['kind', 'via', 'outcome'] as const,
      registers,
    }),
    webhookAttempts: new Counter({
      name: 'svc_webhook_attempts_total',
      help: 'Webhook delivery attempts, by API (booking, data) and outcome (delivered, failed).',
      labelNames: ['api', 'outcome'] as const,
      registers,
    }),
    workerPasses: new Counter({
      name: 'svc_worker_passes_total',
      help: 'Passes of the background workers (outbox, recovery), by outcome (ok, failed).',
      labelNames: ['worker', 'outcome'] as const,
      registers,
    }),
    readRetries: new Counter({
      name: 'svc_db_read_retries_total',
      help: 'Reads of GET and HEAD requests (a statement or a transaction) whose database connection was lost, run again on a fresh one (db/read-retry.ts), by outcome: recovered, gave_up (the wait allowed spent: the request answered 500).',
      labelNames: ['outcome'] as const,
      registers,
    }),
    readinessRuns: new Counter({
      name: 'svc_readiness_checks_total',
      help: 'Runs of the readiness checks behind GET /readyz (at most one a second, however often it is asked).',
      registers,
    }),
    photoUploads: new Counter({
      name: 'svc_junk_photo_uploads_total',
      help: 'Junk photos stored (a refused upload is counted by svc_http_requests_total with its status).',
      registers,
    }),
    photoBytes: new Counter({
      name: 'svc_junk_photo_bytes_total',
      help: 'Bytes of junk photos stored (after resizing).',
      registers,
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const KEY = Symbol.for('svc.metrics');
type Holder = { [KEY]?: Metrics };

/** The process's metrics (on globalThis: Next loads our code once per route bundle, and names register once). */
export function metrics(): Metrics {
  const holder = globalThis as Holder;
  holder[KEY] ??= createMetrics();
  return holder[KEY];
}

/** A gauge whose value is read when scraped (outbox depth, pool use): registered once per process. */
export function scrapedGauge<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  collect: (set: (labels: Partial<Record<L, string>>, value: number) => void) => Promise<void> | void,
) {
  const registry = metrics().registry;
  if (registry.getSingleMetric(name)) registry.removeSingleMetric(name);
  new Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      this.reset();
      // A database that is away leaves this gauge empty for the scrape; the rest of /metrics is still
      // answered, when an operator needs it most.
      await Promise.resolve(collect((labels, value) => this.set(labels as never, value))).catch(() => this.reset());
    },
  });
}
