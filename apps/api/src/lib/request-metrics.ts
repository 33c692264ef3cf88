import { Counter, type Metric, type Registry } from 'prom-client';

/** svc_http_request_duration_seconds's upper bounds (prom-client's default buckets). */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One surface and operation: its requests by status, and its durations by bucket. */
type Series = {
  labels: { surface: string; operation: string };
  statuses: Map<number, number>;
  /** Per bucket, not cumulative; the last holds the durations past the largest bound. */
  buckets: number[];
  sum: number;
  count: number;
};

/** Counts one answered request of a surface. */
export type RecordRequest = (operation: string, status: number, seconds: number) => void;

/**
 * The two metrics every request adds to, svc_http_requests_total and svc_http_request_duration_seconds, kept
 * in plain maps and handed to prom-client when scraped. prom-client's labelled `inc` and `observe` check and
 * hash their labels on every call: 12 µs of a 180 µs quote under load (docs/benchmarks.md, "The API"). Here a request is
 * one look-up of its operation in its surface's map. Names, help, labels and buckets are as they were, and
 * request-metrics.test.ts holds the scraped text to prom-client's own Counter and Histogram fed the same.
 */
export function requestMetrics(registry: Registry) {
  const all: Series[] = [];
  const surfaces = new Map<string, Map<string, Series>>();
  new Counter({
    name: 'svc_http_requests_total',
    help: 'Requests answered, by surface, operation and status.',
    labelNames: ['surface', 'operation', 'status'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { labels, statuses } of all) {
        for (const [status, n] of statuses) this.inc({ ...labels, status: String(status) }, n);
      }
    },
  });
  registry.registerMetric(durationHistogram(all) as unknown as Metric);

  return {
    /** The recorder for one surface's requests (made once, when the surface is). */
    surface(surface: string): RecordRequest {
      const series = surfaces.get(surface) ?? new Map<string, Series>();
      surfaces.set(surface, series);
      return (operation, status, seconds) => {
        let s = series.get(operation);
        if (!s) {
          const buckets = new Array<number>(DURATION_BUCKETS.length + 1).fill(0);
          s = { labels: { surface, operation }, statuses: new Map(), buckets, sum: 0, count: 0 };
          series.set(operation, s);
          all.push(s);
        }
        s.statuses.set(status, (s.statuses.get(status) ?? 0) + 1);
        let bucket = 0;
        while (bucket < DURATION_BUCKETS.length && seconds > (DURATION_BUCKETS[bucket] as number)) bucket++;
        s.buckets[bucket] = (s.buckets[bucket] as number) + 1;
        s.sum += seconds;
        s.count += 1;
      };
    },
  };
}

/**
 * The duration histogram as prom-client's registry reads a metric, with the values its Histogram gives:
 * `getForPromString` for the text (the series' labels shared by its lines), `get` for JSON (labels merged).
 */
function durationHistogram(all: Series[]) {
  const name = 'svc_http_request_duration_seconds';
  const help = 'Time to answer a request (to its headers; a streamed download counts until its first chunk).';
  const values = (merged: boolean) => {
    const out: { labels: object; sharedLabels?: object; value: number; metricName: string }[] = [];
    const push = (own: object, shared: Series['labels'], value: number, metricName: string) =>
      out.push(
        merged
          ? { labels: { ...own, ...shared }, value, metricName }
          : { labels: own, sharedLabels: shared, value, metricName },
      );
    for (const s of all) {
      let cumulative = 0;
      DURATION_BUCKETS.forEach((le, i) => {
        cumulative += s.buckets[i] as number;
        push({ le }, s.labels, cumulative, `${name}_bucket`);
      });
      push({ le: '+Inf' }, s.labels, s.count, `${name}_bucket`);
      push({}, s.labels, s.sum, `${name}_sum`);
      push({}, s.labels, s.count, `${name}_count`);
    }
    return { name, help, type: 'histogram', values: out, aggregator: 'sum' };
  };
  return {
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    labelNames: ['surface', 'operation'],
    getForPromString: async () => values(false),
    get: async () => values(true),
    reset() {
      for (const s of all) {
        s.statuses.clear();
        s.buckets.fill(0);
        s.sum = 0;
        s.count = 0;
      }
    },
  };
}
