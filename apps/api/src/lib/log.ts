import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import { safeError } from './safe-log';

/**
 * The process's logger (pino): JSON lines in production, readable lines in development, level by
 * LOG_LEVEL (docs/decisions/safe-error-logs.md). What may be written is decided here: errors go through
 * `safeError` (kind, redacted message, frames; never a statement's parameters), and any field named like a
 * secret or a customer detail is censored wherever a caller puts it.
 */
export const REDACTED_FIELDS = [
  'authorization',
  'cookie',
  'key',
  'secret',
  'client_secret',
  'password',
  'token',
  'email',
  'phone',
  'name',
  'address',
  'delivery_address',
  'customer',
  'card',
];

export type LogFormat = 'json' | 'pretty';

/** SVC_LOG_FORMAT, else JSON in production and readable lines elsewhere. */
export function logFormat(env: Record<string, string | undefined> = process.env): LogFormat {
  if (env.SVC_LOG_FORMAT === 'json' || env.SVC_LOG_FORMAT === 'pretty') return env.SVC_LOG_FORMAT;
  return env.NODE_ENV === 'production' ? 'json' : 'pretty';
}

export function createLogger(
  env: Record<string, string | undefined> = process.env,
  destination?: NodeJS.WritableStream,
): Logger {
  const options: pino.LoggerOptions = {
    level: env.LOG_LEVEL || 'info',
    base: { pid: process.pid },
    messageKey: 'msg',
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    serializers: { err: (err: unknown) => safeError(err) },
    redact: {
      paths: REDACTED_FIELDS.flatMap((field) => [field, `*.${field}`]),
      censor: '[redacted]',
    },
  };
  if (logFormat(env) === 'pretty') {
    // Synchronous and in this thread: no worker for a developer's terminal, nothing lost at exit.
    return pino(
      options,
      pretty({ sync: true, colorize: false, singleLine: true, translateTime: 'SYS:HH:MM:ss.l', destination }),
    );
  }
  if (destination) return pino(options, destination);
  // Written asynchronously in batches of 4 KB, and within a second when quiet; pino writes what is left at
  // exit. One write per line cost more than the line (a thread-pool wake-up each: 19 µs against 5 µs).
  const stdout = pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 });
  const logger = pino(options, stdout);
  // A reader that went away (runtime/log-pipes.ts): stop logging, keep serving.
  stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
    logger.level = 'silent';
  });
  return logger;
}

// On globalThis: Next loads our code once per route bundle, and next-server.ts is a bundle of its own.
const LOG = Symbol.for('svc.log');
const REQUESTS = Symbol.for('svc.log.requests');
type Holder = { [LOG]?: Logger; [REQUESTS]?: (line: RequestLine) => void };

/** The process's logger. */
export function log(): Logger {
  const holder = globalThis as Holder;
  holder[LOG] ??= createLogger();
  return holder[LOG];
}

/** The one line per request (http/observe.ts): ids, closed sets of names, and numbers. */
export type RequestLine = {
  request_id: string;
  surface: string;
  operation: string;
  method: string;
  status: number;
  duration_ms: number;
  company_id: string | undefined;
};

/**
 * Writes the request line (http/observe.ts) to the process logger's stream as pino would write it (the same
 * keys in the same order, level and time as the logger's), JSON put together here instead of by pino's
 * serializer: its fields are ids, names and numbers fixed by that code, so neither redaction nor a generic
 * serializer is needed, and those cost 7 µs a line, a sixth of a whole request (docs/benchmarks.md, "The API").
 * `test/http/log-hygiene.test.ts` and `log.test.ts` hold it to pino's own line.
 */
export function requestLog(): (line: RequestLine) => void {
  const holder = globalThis as Holder;
  holder[REQUESTS] ??= requestWriter(log());
  return holder[REQUESTS];
}

type LogStream = { write(text: string): unknown; flushSync?(): void };

/**
 * The request lines go to the stream in batches of about 8 KB, and within `holdMs` of the first line of a
 * batch: pino's stream measures what it holds on every write (per line, that was half the line's cost), and
 * a batch per turn of the event loop cost a scheduled callback and a write for every few requests. The
 * stream itself holds 4 KB or a second (`createLogger`), so a line waits no longer than it did. What is still
 * waiting when the process exits is written then.
 */
export function requestWriter(logger: Logger, holdMs = 100): (line: RequestLine) => void {
  const stream = (logger as unknown as Record<symbol, LogStream | undefined>)[pino.symbols.streamSym];
  const pid = process.pid;
  const time = isoClock();
  let batch = '';
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const lines = batch;
    batch = '';
    if (lines) stream?.write(lines);
  };
  process.once('exit', () => {
    flush();
    try {
      stream?.flushSync?.();
    } catch {}
  });
  return (line) => {
    const level = line.status >= 500 ? 'error' : 'info';
    if (!logger.isLevelEnabled(level)) return;
    batch += `{"level":"${level}","time":"${time()}","pid":${pid},"request_id":${JSON.stringify(line.request_id)},"surface":${JSON.stringify(line.surface)},"operation":${JSON.stringify(line.operation)},"method":${JSON.stringify(line.method)},"status":${line.status},"duration_ms":${line.duration_ms}${line.company_id === undefined ? '' : `,"company_id":${JSON.stringify(line.company_id)}`},"msg":"request"}\n`;
    if (batch.length >= BATCH_CHARS) flush();
    else timer ??= setTimeout(flush, holdMs).unref();
  };
}

/** A request line is about 250 characters: some 30 lines a batch. */
const BATCH_CHARS = 8 * 1024;

/**
 * The time now as `new Date().toISOString()` writes it (pino's isoTime), with the date and the second made
 * once a second: formatting a Date is the dearest part of a request line.
 */
export function isoClock(now: () => number = Date.now): () => string {
  let second = Number.NaN;
  let prefix = '';
  return () => {
    const ms = now();
    const milli = ms % 1000;
    if (ms - milli !== second) {
      second = ms - milli;
      prefix = new Date(second).toISOString().slice(0, 20);
    }
    return `${prefix}${milli < 10 ? '00' : milli < 100 ? '0' : ''}${milli}Z`;
  };
}
