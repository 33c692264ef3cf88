import { Readable } from 'node:stream';
import type { ReadableStream as WebStream } from 'node:stream/web';
import busboy from 'busboy';
import type { Context } from 'hono';
import { DomainError } from '../domain/errors';
import { PHOTO_MAX_BYTES, PHOTO_MAX_COUNT } from '../domain/junk';

/**
 * Reads a multipart/form-data upload as a stream (busboy), never more than each file's limit into memory:
 * a file past PHOTO_MAX_BYTES is dropped as it arrives (413 photo_too_large), a fourth file is refused, and a
 * body past three photos' worth or slower than UPLOAD_TIMEOUT_MS is cut off. The form's fields before its
 * first file are handed to `beforeFiles` before a byte of a file is read: the handler checks what the
 * upload is for and takes an upload slot there, so a made-up session holds no slot (docs/decisions/junk-photos.md).
 */
export type Upload = { fields: Record<string, string>; files: Buffer[] };

export const UPLOAD_TIMEOUT_MS = 60_000;
/**
 * Uploads read and decoded at once in a process (each holds at most 24 MB of files and one decode), and
 * what one company or one client address may hold of them, so that nobody holds them all.
 */
export const MAX_UPLOADS = 4;
export const MAX_UPLOADS_PER_COMPANY = 2;
export const MAX_UPLOADS_PER_ADDRESS = 2;

/** Three full photos and the form around them. */
const MAX_UPLOAD_BYTES = PHOTO_MAX_COUNT * PHOTO_MAX_BYTES + 64 * 1024;

const inFlight = { all: 0, byCompany: new Map<string, number>(), byAddress: new Map<string, number>() };

const invalid = (reason: string, message: string) =>
  new DomainError('invalid_body', message, { field: 'body', details: { reason } });

export async function readUpload(
  c: Context,
  fileField: string,
  beforeFiles: (fields: Record<string, string>) => Promise<void>,
): Promise<Upload> {
  const type = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    throw invalid('content_type', 'Send the photos as multipart/form-data (a form with session_id and photos).');
  }
  const declared = Number.parseInt(c.req.header('content-length') ?? '', 10);
  if (declared > MAX_UPLOAD_BYTES) {
    throw tooLarge(fileField, fileField);
  }
  if (!c.req.raw.body) throw invalid('empty', 'The form is empty: send session_id and at least one photo.');
  return parse(c.req.raw.body as unknown as WebStream, type, fileField, beforeFiles);
}

/**
 * One upload's slot: taken once its form says what it is for (after its session was checked), held while it
 * is read, decoded and stored, released once. Past MAX_UPLOADS in the process, or the company's or the
 * address's share of them, 429 rate_limited with Retry-After.
 */
export function uploadSlot(owner: { companyId: string; address: string }) {
  let held = false;
  const count = (map: Map<string, number>, key: string, by: number) => {
    const n = (map.get(key) ?? 0) + by;
    if (n > 0) map.set(key, n);
    else map.delete(key);
  };
  return {
    take() {
      const busy =
        inFlight.all >= MAX_UPLOADS ||
        (inFlight.byCompany.get(owner.companyId) ?? 0) >= MAX_UPLOADS_PER_COMPANY ||
        (inFlight.byAddress.get(owner.address) ?? 0) >= MAX_UPLOADS_PER_ADDRESS;
      if (busy) {
        throw new DomainError('rate_limited', 'Too many photo uploads are in progress: retry in a few seconds.', {
          retryAfterSeconds: 5,
        });
      }
      held = true;
      inFlight.all++;
      count(inFlight.byCompany, owner.companyId, 1);
      count(inFlight.byAddress, owner.address, 1);
    },
    release() {
      if (!held) return;
      held = false;
      inFlight.all--;
      count(inFlight.byCompany, owner.companyId, -1);
      count(inFlight.byAddress, owner.address, -1);
    },
  };
}

function parse(
  body: WebStream,
  contentType: string,
  fileField: string,
  beforeFiles: (fields: Record<string, string>) => Promise<void>,
): Promise<Upload> {
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
    let refusal: unknown;
    const refuse = (err: unknown) => {
      refusal ??= err;
    };
    let settled = false;
    const finish = (err?: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (err ?? refusal) reject(err ?? refusal);
      else resolve({ fields, files: files as Buffer[] });
    };
    // What the form is for, checked once, before its first file is read (or at its end when it has none).
    let checked: Promise<void> | undefined;
    const check = () => {
      checked ??= beforeFiles({ ...fields });
      return checked;
    };
    // Cut off: too slow, or past three photos' worth in all. The connection is closed unread.
    const cutOff = (err: unknown) => {
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
      if (!checked) {
        // Nothing more is read until the form's session is known good and its slot is taken. A refused form
        // is read to its end as any refused one (no slot held): destroying the request stream instead left
        // the connection hanging under Next for the next request on it.
        source.pause();
        check().then(
          () => source.resume(),
          (err: unknown) => {
            refuse(err);
            source.resume();
          },
        );
      }
      if (name !== fileField || refusal) {
        stream.resume();
        return;
      }
      const index = files.push(null) - 1;
      let chunks: Buffer[] | null = [];
      stream.on('data', (chunk: Buffer) => {
        // A form refused while its first photo arrives keeps none of it: only an upload with a slot holds bytes.
        if (refusal) chunks = null;
        chunks?.push(chunk);
      });
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
    parser.on('close', () =>
      check().then(
        () => finish(),
        (err: unknown) => finish(refusal ?? err),
      ),
    );
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
