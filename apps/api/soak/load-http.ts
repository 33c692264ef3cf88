// The load's HTTP client: every answer timed and recorded (p50/p99 per operation), the answers the script did
// not expect, and the retries a client makes (the same request again while the answer is retryable).
import { sleep } from './stack';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers of the API, read field by field
export type Json = any;

// ---- timings and answers ---------------------------------------------------------------------------------

export type Answer = {
  status: number;
  body: Json;
  headers: Headers;
  requestId: string | null;
  ms: number;
  error?: string;
};

export type Sample = { at: number; op: string; status: number; ms: number; requestId: string | null };

export class Recorder {
  readonly samples: Sample[] = [];
  /** Answers the script did not expect (a 4xx a customer should never see, a booking that failed…). */
  readonly surprises: { at: number; what: string; op?: string; status?: number; requestId?: string | null }[] = [];

  record(sample: Sample) {
    this.samples.push(sample);
  }

  surprise(what: string, answer?: Answer, op?: string) {
    this.surprises.push({ at: Date.now(), what, op, status: answer?.status, requestId: answer?.requestId });
  }

  /** p50/p99 per operation of the answers (any status; those `keep` keeps), and the statuses seen. */
  summary(keep: (s: Sample) => boolean = () => true) {
    const byOp = new Map<string, Sample[]>();
    for (const s of this.samples) {
      if (!keep(s)) continue;
      const list = byOp.get(s.op);
      if (list) list.push(s);
      else byOp.set(s.op, [s]);
    }
    return [...byOp.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([op, list]) => {
        const ms = list.map((s) => s.ms).sort((a, b) => a - b);
        const statuses: Record<string, number> = {};
        for (const s of list)
          statuses[s.status === 0 ? 'network' : String(s.status)] =
            (statuses[s.status === 0 ? 'network' : String(s.status)] ?? 0) + 1;
        return {
          op,
          count: list.length,
          p50_ms: quantile(ms, 0.5),
          p99_ms: quantile(ms, 0.99),
          max_ms: Math.round(ms.at(-1) ?? 0),
          statuses,
        };
      });
  }
}

export function quantile(sorted: number[], q: number) {
  if (!sorted.length) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return Math.round(sorted[i] as number);
}

type CallOptions = {
  headers?: Record<string, string>;
  json?: unknown;
  form?: FormData | URLSearchParams;
  timeoutMs?: number;
};

/** One HTTP client for every visitor: fetch (undici's keep-alive pool) to nginx, each answer timed. */
export class Http {
  constructor(
    readonly base: string,
    readonly recorder: Recorder,
  ) {}

  async call(op: string, method: string, pathOrUrl: string, options: CallOptions = {}): Promise<Answer> {
    const url = pathOrUrl.startsWith('http') ? pathOrUrl : `${this.base}${pathOrUrl}`;
    const headers: Record<string, string> = { ...options.headers };
    let body: string | FormData | URLSearchParams | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) body = options.form;
    const started = performance.now();
    try {
      const res = await fetch(url, {
        method,
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      });
      const text = await res.text();
      const ms = performance.now() - started;
      let parsed: Json = text;
      if ((res.headers.get('content-type') ?? '').includes('json')) {
        try {
          parsed = JSON.parse(text);
        } catch {}
      }
      const requestId = res.headers.get('x-request-id');
      this.recorder.record({ at: Date.now(), op, status: res.status, ms, requestId });
      return { status: res.status, body: parsed, headers: res.headers, requestId, ms };
    } catch (err) {
      const ms = performance.now() - started;
      this.recorder.record({ at: Date.now(), op, status: 0, ms, requestId: null });
      return { status: 0, body: null, headers: new Headers(), requestId: null, ms, error: String(err) };
    }
  }
}

/** What a client retries: no answer, a gateway's 502/503/504, our 500 (the database restarting). */
export const retryable = (a: Answer) => a.status === 0 || a.status >= 500;

/** Calls again while the answer is retryable, with backoff, until the deadline. */
export async function retrying(
  call: () => Promise<Answer>,
  deadlineMs = 60_000,
): Promise<{ answer: Answer; tries: number }> {
  const deadline = Date.now() + deadlineMs;
  let tries = 0;
  for (;;) {
    tries++;
    const answer = await call();
    if (!retryable(answer) || Date.now() > deadline) return { answer, tries };
    await sleep(Math.min(3000, 250 * 2 ** Math.min(tries, 4)) + Math.random() * 250);
  }
}
