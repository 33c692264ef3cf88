import { Readable } from 'node:stream';
import type { ReadableStream as WebStream } from 'node:stream/web';
import busboy from 'busboy';
import type { Context } from 'hono';
import { DomainError } from '../domain/errors';
import { PHOTO_MAX_BYTES, PHOTO_MAX_COUNT } from '../domain/junk';

/**
 * Reads a multipart/form-data upload as a stream (busboy), never more than each file's limit into memory:
 * a file past PHOTO_MAX_BYTES is dropped as it arrives (413 photo_too_large), a fourth file is refused, and a
 * body past three photos' worth or slower than UPLOAD_TIMEOUT_MS is cut off; with inUploadSlot, at most
 * MAX_UPLOADS are handled at a time, so slow or huge uploads cannot exhaust memory (docs/decisions.md,
 * "Junk photos").
 */
export type Upload = { fields: Record<string, string>; files: Buffer[] };

export const UPLOAD_TIMEOUT_MS = 60_000;
/** Uploads read and decoded at once in a process: each holds at most 24 MB of files and one decode. */
export const MAX_UPLOADS = 4;

/** Three full photos and the form around them. */
const MAX_UPLOAD_BYTES = PHOTO_MAX_COUNT * PHOTO_MAX_BYTES + 64 * 1024;

let inFlight = 0;

const invalid = (reason: string, message: string) =>
  new DomainError('invalid_body', message, { field: 'body', details: { reason } });

export async function readUpload(c: Context, fileField: string): Promise<Upload> {
  const type = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    throw invalid('content_type', 'Send the photos as multipart/form-data (a form with session_id and photos).');
  }
  const declared = Number.parseInt(c.req.header('content-length') ?? '', 10);
  if (declared > MAX_UPLOAD_BYTES) {
    throw tooLarge(fileField, fileField);
  }
  if (!c.req.raw.body) throw invalid('empty', 'The form is empty: send session_id and at least one photo.');
  return parse(c.req.raw.body as unknown as WebStream, type, fileField);
}

/**
 * Runs an upload's whole handling (reading, then decoding and storing) in one of MAX_UPLOADS slots; when
 * none is free, 429 rate_limited with Retry-After, before a byte of the body is read.
 */
export async function inUploadSlot<T>(handle: () => Promise<T>): Promise<T> {
  if (inFlight >= MAX_UPLOADS) {
    throw new DomainError('rate_limited', 'Too many photo uploads are in progress: retry in a few seconds.', {
      retryAfterSeconds: 5,
    });
  }
  inFlight++;
  try {
    return await handle();
  } finally {
    inFlight--;
  }
}

function parse(body: WebStream, contentType: string, fileField: string): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const source = Readable.fromWeb(body);
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        limits: { fileSize: PHOTO_MAX_BYTES, files: PHOTO_MAX_COUNT, fields: 10, fieldSize: 1024, parts: 20 },
      });
    } catch {
      reject(invalid('malformed', 'The multipart form could not be read (no boundary).'));
      return;
    }
    const fields: Record<string, string> = {};
    const files: (Buffer | null)[] = [];
    // The first refusal found while reading; the form is still read to its end (files past a limit are
    // dropped as they arrive, never kept), so the client reads the answer rather than a reset connection.
    let refusal: DomainError | undefined;
    const refuse = (err: DomainError) => {
      refusal ??= err;
    };
    let settled = false;
    const finish = (err?: DomainError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (err ?? refusal) reject(err ?? refusal);
      else resolve({ fields, files: files as Buffer[] });
    };
    // Cut off: too slow, or past three photos' worth in all. The connection is closed unread.
    const cutOff = (err: DomainError) => {
      source.unpipe(parser);
      source.destroy();
      parser.destroy();
      finish(err);
    };
    const timer = setTimeout(
      () => cutOff(invalid('too_slow', `The upload took longer than ${UPLOAD_TIMEOUT_MS / 1000} s.`)),
      UPLOAD_TIMEOUT_MS,
    );
    let received = 0;
    source.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > MAX_UPLOAD_BYTES) cutOff(tooLarge(fileField, 'photos'));
    });

    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream) => {
      // A form cut off mid-file ends its file stream in an error: the refusal is already decided.
      stream.on('error', () => {});
      if (name !== fileField || refusal) {
        stream.resume();
        return;
      }
      const index = files.push(null) - 1;
      let chunks: Buffer[] | null = [];
      stream.on('data', (chunk: Buffer) => chunks?.push(chunk));
      stream.on('limit', () => {
        chunks = null;
        refuse(tooLarge(fileField, `${fileField}[${index}]`));
      });
      stream.on('close', () => {
        files[index] = chunks ? Buffer.concat(chunks) : null;
      });
    });
    parser.on('filesLimit', () =>
      refuse(
        new DomainError('photos_limit_reached', `At most ${PHOTO_MAX_COUNT} photos can be sent for a job.`, {
          field: fileField,
          details: { max_count: PHOTO_MAX_COUNT },
        }),
      ),
    );
    parser.on('partsLimit', () => refuse(invalid('too_many_parts', 'The form has too many parts.')));
    parser.on('error', () => cutOff(invalid('malformed', 'The multipart form could not be read.')));
    parser.on('close', () => finish());
    source.on('error', () => cutOff(invalid('aborted', 'The upload was interrupted.')));
    source.pipe(parser);
  });
}

const tooLarge = (fileField: string, field: string) =>
  new DomainError(
    'photo_too_large',
    `A photo is at most ${PHOTO_MAX_BYTES} bytes (8 MB), and one upload at most ${PHOTO_MAX_COUNT} photos.`,
    {
      field,
      details: { max_bytes: PHOTO_MAX_BYTES, form_field: fileField },
    },
  );
