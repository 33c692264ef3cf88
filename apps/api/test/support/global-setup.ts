import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { forgetCodesSeen, recordServed } from './codes-seen';
import { type Driver, drivers } from './databases';
import { assertBuilt, type ServerKind, startTarget, type Target } from './servers';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Both ways of serving and both drivers, in two servers with generous limits: the main suite. */
    targets: Target[];
    /** One per way of serving with the spec's 120 requests a minute, for the rate-limit tests. */
    strictTargets: Target[];
    /** The strict servers' SVC_PROXY_TOKEN: the tests speak as the hosted pages' server with it. */
    proxyToken: string;
    /** The main servers' SVC_METRICS_TOKEN: a scrape of /metrics sends it. */
    metricsToken: string;
  }
}

/**
 * The servers every HTTP file runs on (docs/architecture.md, "Tests, by layer"): the API inside Next on
 * PGlite, which is what `npm start` runs, and standalone on PostgreSQL, how the platform scales out.
 * Between them each file runs through both ways of serving and on both drivers; the other two pairings
 * would prove nothing these two do not (nothing of ours depends on both at once), at twice the time.
 * Without PostgreSQL (a developer's machine), both ways of serving on PGlite.
 */
export function servedPairs(drivers: Driver[]): [ServerKind, Driver][] {
  return [
    ['next', 'pglite'],
    ['standalone', drivers.includes('postgres') ? 'postgres' : 'pglite'],
  ];
}

/** Starts the servers of one lane of the HTTP suite (vitest.config.ts) once for all its files. */
export default async function setup(project: TestProject) {
  assertBuilt();
  forgetCodesSeen();
  // Webhooks go to receivers the tests run on loopback.
  const metricsToken = randomBytes(24).toString('hex');
  const generous = {
    SVC_METRICS_TOKEN: metricsToken,
    SVC_RATE_LIMIT_PER_MINUTE: '1000000',
    SVC_DATA_RATE_LIMIT_PER_MINUTE: '1000000',
    SVC_INTENT_LIMIT_FACTOR: '1000',
    SVC_WEBHOOK_ALLOW_HTTP: '1',
  };
  const proxyToken = randomBytes(32).toString('hex');
  const strict = { SVC_PROXY_TOKEN: proxyToken };
  const started = await Promise.all([
    ...servedPairs(drivers()).map(([kind, driver]) => startTarget(kind, driver, generous)),
    // Both trust one proxy hop so the tests can speak for many client addresses, as a proxy would.
    startTarget('standalone', 'pglite', { ...strict, SVC_TRUST_PROXY_HOPS: '1' }, 'standalone-strict'),
    startTarget('next', 'pglite', { ...strict, SVC_TRUST_PROXY_HOPS: '1' }, 'next-strict'),
  ]);
  const all = started.map((s) => s.target);
  recordServed(all.filter((t) => !t.name.endsWith('-strict')).map((t) => t.name));
  project.provide(
    'targets',
    all.filter((t) => !t.name.endsWith('-strict')),
  );
  project.provide(
    'strictTargets',
    all.filter((t) => t.name.endsWith('-strict')),
  );
  project.provide('proxyToken', proxyToken);
  project.provide('metricsToken', metricsToken);
  return async () => {
    await Promise.all(started.map((s) => s.stop()));
  };
}
