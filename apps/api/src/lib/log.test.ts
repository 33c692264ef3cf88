import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { createLogger, isoClock, logFormat, type RequestLine, requestWriter } from './log';

/** Once request lines written with `requestWriter(logger, 0)` are on the stream. */
const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 5)).then(() => new Promise(setImmediate));

function capture(env: Record<string, string>) {
  const out = new PassThrough();
  let text = '';
  out.on('data', (d) => (text += d));
  return { logger: createLogger(env, out), text: () => text };
}

describe('the logger', () => {
  it('writes JSON in production and readable lines elsewhere, unless told', () => {
    expect(logFormat({ NODE_ENV: 'production' })).toBe('json');
    expect(logFormat({})).toBe('pretty');
    expect(logFormat({ NODE_ENV: 'production', SVC_LOG_FORMAT: 'pretty' })).toBe('pretty');
  });

  it('censors secrets and customer details wherever a caller puts them, and errors keep no values', () => {
    const { logger, text } = capture({ NODE_ENV: 'production' });
    const err = new Error('duplicate key "pat@example.com" for svc_live_abcdef123');
    logger.error(
      {
        err,
        authorization: 'Bearer svc_live_abcdef123',
        customer: { name: 'Pat Doe', email: 'pat@example.com', phone: '+1 212 555 0199' },
        body: { delivery_address: '12 Hidden Lane', client_secret: 'pi_1_secret_2' },
        request_id: 'req-1',
      },
      'unexpected error',
    );
    const line = JSON.parse(text().trim());
    expect(line).toMatchObject({ level: 'error', msg: 'unexpected error', request_id: 'req-1' });
    for (const value of [
      'svc_live_abcdef123',
      'pat@example.com',
      'Pat Doe',
      '555 0199',
      '12 Hidden Lane',
      'pi_1_secret_2',
    ]) {
      expect(text()).not.toContain(value);
    }
    expect(line.authorization).toBe('[redacted]');
    expect(line.err).toContain('Error: duplicate key');
  });

  it('logs at LOG_LEVEL and above', () => {
    const { logger, text } = capture({ NODE_ENV: 'production', LOG_LEVEL: 'warn' });
    logger.info('quiet');
    logger.warn('heard');
    expect(text()).not.toContain('quiet');
    expect(text()).toContain('heard');
  });

  it("writes the request line as pino writes the same fields, at the logger's levels", async () => {
    const line: RequestLine = {
      request_id: 'req-"1',
      surface: 'booking',
      operation: 'listSizes',
      method: 'GET',
      status: 200,
      duration_ms: 1.2,
      company_id: '0b9e5f7a-6f2e-4a8e-9f3e-2f1d3c4b5a69',
    };
    const ours = capture({ NODE_ENV: 'production' });
    requestWriter(ours.logger, 0)(line);
    requestWriter(ours.logger, 0)({ ...line, status: 503, company_id: undefined });
    await nextTurn();
    const pinos = capture({ NODE_ENV: 'production' });
    pinos.logger.info(line, 'request');
    pinos.logger.error({ ...line, status: 503, company_id: undefined }, 'request');
    const lines = (text: string) =>
      text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    const [a, b] = [lines(ours.text()), lines(pinos.text())];
    expect(a).toHaveLength(2);
    // Same keys in the same order, same values; the time is each line's own (an ISO string either way).
    for (const [x, y] of [
      [a[0], b[0]],
      [a[1], b[1]],
    ] as const) {
      expect(Object.keys(x ?? {})).toEqual(Object.keys(y ?? {}));
      expect({ ...x, time: 0 }).toEqual({ ...y, time: 0 });
      expect(x?.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
    const quiet = capture({ NODE_ENV: 'production', LOG_LEVEL: 'warn' });
    requestWriter(quiet.logger, 0)(line);
    await nextTurn();
    expect(quiet.text()).toBe('');
    requestWriter(quiet.logger, 0)({ ...line, status: 500 });
    await nextTurn();
    expect(quiet.text()).toContain('"level":"error"');
  });

  it('writes request lines in batches: the lines of the last hold together, at once past 8 KB', () => {
    vi.useFakeTimers();
    try {
      const writes: string[] = [];
      const out = new Writable({
        write(chunk, _encoding, done) {
          writes.push(String(chunk));
          done();
        },
      });
      const write = requestWriter(createLogger({ NODE_ENV: 'production' }, out), 20);
      const line: RequestLine = {
        request_id: 'req-1',
        surface: 'booking',
        operation: 'getQuote',
        method: 'POST',
        status: 200,
        duration_ms: 0.4,
        company_id: undefined,
      };
      write(line);
      vi.advanceTimersByTime(19);
      write({ ...line, request_id: 'req-2' });
      expect(writes).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(writes.map((w) => w.match(/req-\d+/g))).toEqual([['req-1', 'req-2']]);
      // A busy moment: the batch goes as soon as it passes 8 KB, the rest after the hold.
      for (let i = 0; i < 60; i++) write({ ...line, request_id: `req-${100 + i}` });
      expect(writes).toHaveLength(2);
      const first = writes[1]?.match(/req-\d+/g) ?? [];
      expect(first.length).toBeGreaterThan(25);
      vi.advanceTimersByTime(19);
      expect(writes).toHaveLength(2);
      vi.advanceTimersByTime(1);
      expect(writes).toHaveLength(3);
      expect([...first, ...(writes[2]?.match(/req-\d+/g) ?? [])]).toEqual(
        Array.from({ length: 60 }, (_, i) => `req-${100 + i}`),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps the request line's clock to toISOString's, millisecond by millisecond across seconds", () => {
    let ms = Date.UTC(2026, 11, 31, 23, 59, 58, 990);
    const clock = isoClock(() => ms);
    for (const step of [0, 1, 9, 1, 90, 1, 899, 1, 1, 1000, 1, 7, 0, 86_400_000 - 5, 3, 1]) {
      ms += step;
      expect(clock()).toBe(new Date(ms).toISOString());
    }
  });
});
