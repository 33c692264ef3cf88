import type { IncomingMessage } from 'node:http';
import type { RouteConfig } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod';
import { DomainError } from '../domain/errors';
import { notJson, validationError } from './errors';

/**
 * The request's variable holding the body text read from Node's request: what the operation's check parses.
 * A variable, not a WeakMap keyed by the request: a WeakMap entry per request made every minor GC walk them
 * (V8's ephemeron tables), about 1 µs a quote in a CPU profile.
 */
const BODY_TEXT = 'svc.bodyText' as never;

/**
 * Reads a request's JSON body for the shell (http/shell.ts), no further than `maxBytes`, and leaves the text
 * for the operation's check (`jsonBodyCheck`) and in Hono's body cache: the wrong type and a body past the
 * limit are refused with `invalid_body` (reason `content_type` or `too_large`).
 */
export function readJsonBody(c: Context, maxBytes: number): Promise<void> | undefined {
  const type = c.req.header('content-type') ?? '';
  if (!JSON_TYPE.test(type)) {
    throw new DomainError('invalid_body', 'Send the body as JSON with `Content-Type: application/json`.', {
      field: 'body',
      details: { reason: 'content_type' },
    });
  }
  const tooLarge = () =>
    new DomainError('invalid_body', `The body is larger than ${maxBytes} bytes.`, {
      field: 'body',
      details: { reason: 'too_large', max_bytes: maxBytes },
    });
  // A declared length is checked as declared (node-server stops reading at it); a chunked body is read no
  // further than the limit. The operation's check parses it (syntax errors become not_json).
  const declared = c.req.header('content-length');
  const chunked = c.req.header('transfer-encoding') !== undefined;
  if (declared !== undefined && !chunked && Number.parseInt(declared, 10) > maxBytes) throw tooLarge();
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming) {
    // On Node (standalone, and Next's route, pages/api/svc.ts): read from Node's request itself. Reading it
    // through a Web Request made for the purpose cost a third of a whole quote (docs/benchmarks.md).
    return readText(incoming, maxBytes).then((text) => {
      if (text === undefined) throw tooLarge();
      keepText(c, text);
    });
  }
  if (declared !== undefined && !chunked) return undefined;
  return bodyLimit({ maxSize: maxBytes, onError: () => Promise.reject(tooLarge()) })(c, async () => {}).then(
    () => undefined,
  );
}

const JSON_TYPE = /^application\/json\s*(;|$)/i;

/** The body's text for the operation's check (`jsonBodyCheck`) and in Hono's body cache. */
function keepText(c: Context, text: string) {
  (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(text);
  c.set(BODY_TEXT, text as never);
}

/** UTF-8, a byte order mark dropped, as a Web Request's text() reads it. */
function utf8Text(buffer: Buffer) {
  const text = buffer.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * A request's body as text (UTF-8, a byte order mark dropped, as a Web Request's text() reads it), or
 * undefined once it passes `maxBytes`: the rest is left for @hono/node-server to drain after the answer.
 */
function readText(incoming: IncomingMessage, maxBytes: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      incoming.off('data', onData).off('end', onEnd).off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      stop();
      incoming.pause();
      resolve(undefined);
    };
    const onEnd = () => {
      stop();
      resolve(utf8Text(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)));
    };
    const onError = (err: Error) => {
      stop();
      reject(err);
    };
    incoming.on('data', onData).on('end', onEnd).on('error', onError);
  });
}

/**
 * The check of an operation's JSON body, for its handler's `c.req.valid('json')`: the text parsed, then
 * checked against the contract's schema, refused as @hono/zod-openapi's validators refused it (`not_json`,
 * or the first issue's field). The shell runs it in place of those validators (a media-type gate, then
 * zValidator's `safeParseAsync` on a body parsed again through a Response: about 16 µs of a quote in a
 * CPU profile); `readJsonBody` has refused any other media type before. Undefined: no JSON body declared.
 */
export function jsonBodyCheck(operation: RouteConfig): ((c: Context) => void | Promise<void>) | undefined {
  const declared = operation.request?.body?.content?.['application/json'] as { schema?: z.ZodType } | undefined;
  const schema = declared?.schema;
  if (!schema) return undefined;
  const parse = (text: string): object => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw notJson();
    }
    const result = schema.safeParse(value);
    if (!result.success) throw validationError(result.error, 'json');
    return result.data as object;
  };
  const check = (c: Context, text: string) => {
    c.req.addValidatedData('json', parse(text));
  };
  return (c) => {
    const text = c.get(BODY_TEXT) as string | undefined;
    if (text !== undefined) return check(c, text);
    // Not read from Node's request (a Web Request, under its limit): read it now.
    return c.req.text().then(
      (read) => check(c, read),
      () => Promise.reject(notJson()),
    );
  };
}
