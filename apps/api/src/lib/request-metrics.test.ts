import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { DURATION_BUCKETS, requestMetrics } from './request-metrics';

/** The same requests, counted by prom-client's own Counter and Histogram, as the metrics were before. */
function promClient() {
  const registry = new Registry();
  const registers = [registry];
  const requests = new Counter({
    name: 'svc_http_requests_total',
    help: 'Requests answered, by surface, operation and status.',
    labelNames: ['surface', 'operation', 'status'],
    registers,
  });
  const duration = new Histogram({
    name: 'svc_http_request_duration_seconds',
    help: 'Time to answer a request (to its headers; a streamed download counts until its first chunk).',
    labelNames: ['surface', 'operation'],
    buckets: DURATION_BUCKETS,
    registers,
  });
  return {
    registry,
    record: (surface: string, operation: string, status: number, seconds: number) => {
      requests.inc({ surface, operation, status: String(status) });
      duration.observe({ surface, operation }, seconds);
    },
  };
}

/** Exposition lines in a fixed order: Prometheus reads series in any order. */
const lines = (text: string) => text.split('\n').filter(Boolean).sort();

/** The JSON form's metrics and their values (labels, value, name), in a fixed order. */
const json = (metrics: Awaited<ReturnType<Registry['getMetricsAsJSON']>>) =>
  metrics.map(({ name, help, type, aggregator, values }) => ({
    name,
    help,
    type,
    aggregator,
    values: values
      .map((v) => {
        const { labels, value, metricName } = v as typeof v & { metricName?: string };
        return JSON.stringify({ labels, value, metricName });
      })
      .sort(),
  }));

const REQUESTS: [string, string, number, number][] = [
  ['booking', 'listSizes', 200, 0.0004],
  ['booking', 'quote', 200, 0.005], // on a bound: counted in that bucket
  ['data', 'listOrders', 200, 0.0051],
  ['booking', 'listSizes', 401, 0.00002],
  ['booking', 'quote', 422, 0.25],
  ['data', 'listOrders', 500, 12], // past every bound: +Inf only
  ['booking', 'listSizes', 200, 1.7],
  ['console', 'unmatched', 404, 0.01],
];

describe('request metrics', () => {
  it("scrape as prom-client's Counter and Histogram fed the same requests", async () => {
    const ours = new Registry();
    const metrics = requestMetrics(ours);
    const theirs = promClient();
    const recorders = new Map<string, ReturnType<typeof metrics.surface>>();
    for (const [surface, operation, status, seconds] of REQUESTS) {
      if (!recorders.has(surface)) recorders.set(surface, metrics.surface(surface));
      recorders.get(surface)?.(operation, status, seconds);
      theirs.record(surface, operation, status, seconds);
    }
    const text = await ours.metrics();
    expect(lines(text)).toEqual(lines(await theirs.registry.metrics()));
    expect(text).toContain(
      'svc_http_request_duration_seconds_bucket{le="0.005",surface="booking",operation="quote"} 1',
    );
    expect(text).toContain('svc_http_requests_total{surface="booking",operation="listSizes",status="200"} 2');
    expect(json(await ours.getMetricsAsJSON())).toEqual(json(await theirs.registry.getMetricsAsJSON()));
  });

  it('count again from zero after a reset, and a second scrape says the same', async () => {
    const ours = new Registry();
    const record = requestMetrics(ours).surface('booking');
    record('quote', 200, 0.001);
    ours.resetMetrics();
    record('quote', 200, 0.002);
    const first = await ours.metrics();
    expect(first).toContain('svc_http_requests_total{surface="booking",operation="quote",status="200"} 1');
    expect(first).toContain('svc_http_request_duration_seconds_count{surface="booking",operation="quote"} 1');
    expect(first).toContain('svc_http_request_duration_seconds_sum{surface="booking",operation="quote"} 0.002');
    expect(await ours.metrics()).toBe(first);
  });
});
