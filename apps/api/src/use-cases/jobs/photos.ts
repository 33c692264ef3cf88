import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { countPhotos, findJob, insertPhotos, type JunkJobRow, listPhotos, lockJob } from '../../db/repositories/junk';
import { findSession } from '../../db/repositories/sessions';
import { DomainError } from '../../domain/errors';
import type { CatalogScope } from '../../domain/scope';
import { metrics } from '../../lib/metrics';
import { cleanPhoto } from '../../photos/inspect';
import type { PhotoStore } from '../../photos/store';

const EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;

/**
 * POST /junk/photos, before any photo is read: the job the form's session_id is for, which must exist
 * (photos_not_available) and still take photos (photos_expired). A made-up session is refused here, before
 * it is given an upload slot (http/uploads.ts).
 */
export async function photoJob(
  deps: { db: Db; now: () => Date },
  { catalog }: CatalogScope,
  sessionId: string | undefined,
): Promise<JunkJobRow> {
  const { company } = catalog;
  if (!sessionId) {
    throw new DomainError(
      'invalid_body',
      'Send the session_id of the confirmed booking in the form, before the photos.',
      { field: 'session_id' },
    );
  }
  const session = await findSession(deps.db, company.id, sessionId);
  if (session?.kind !== 'junk') {
    throw new DomainError('not_found', 'No junk removal session with this id for this company.', {
      field: 'session_id',
    });
  }
  const job = session.junkJobId ? await findJob(deps.db, company.id, session.junkJobId) : undefined;
  if (!job) {
    throw new DomainError(
      'photos_not_available',
      'Photos are taken once the job is booked: call POST /junk/confirm first.',
      {
        field: 'session_id',
        details: { session_state: session.state },
      },
    );
  }
  return takingPhotos(catalog, job, deps.now(), 'session_id');
}

/** A job that still takes photos: the company takes them online, and its 2 hours after booking are not over. */
export function takingPhotos(catalog: CatalogScope['catalog'], job: JunkJobRow, now: Date, field: string) {
  if (!catalog.junk.photos.enabled) {
    throw new DomainError('photos_not_available', `${catalog.company.name} does not take photos online.`, { field });
  }
  if (!job.photosUntil || job.photosUntil.getTime() <= now.getTime()) {
    throw new DomainError('photos_expired', 'The time to add photos to this job has passed (2 hours after booking).', {
      field,
      details: { until: job.photosUntil?.toISOString() ?? null },
    });
  }
  return job;
}

/**
 * The photos of one upload, for the job photoJob found: up to the company's count (3 at most) per job in
 * all. Every file is checked and cleaned first (photos/inspect.ts), so an upload is stored whole or not at
 * all; rows are written after the files, under a lock on the job, so two uploads cannot pass the cap together.
 */
export async function addJunkPhotos(
  deps: { db: Db; photos: PhotoStore },
  { catalog }: Pick<CatalogScope, 'catalog'>,
  job: JunkJobRow,
  files: Buffer[],
) {
  const { company, junk } = catalog;
  if (files.length === 0) {
    throw new DomainError('invalid_body', 'Send at least one photo in a form field named photos.', { field: 'photos' });
  }
  const max = junk.photos.maxCount;
  const before = await countPhotos(deps.db, company.id, job.id);
  if (before + files.length > max) throw limitReached(max, before);

  const cleaned = [];
  for (const [i, bytes] of files.entries()) cleaned.push(await cleanPhoto(bytes, `photos[${i}]`));

  const rows = cleaned.map((photo) => {
    const id = randomUUID();
    return { id, photo, key: `junk/${company.id}/${job.id}/${id}.${EXTENSIONS[photo.contentType]}` };
  });
  // Files first: a row never points at a file that is not there (an orphan file is harmless).
  for (const row of rows) await deps.photos.put(row.key, row.photo.bytes, row.photo.contentType);
  await deps.db.transaction(async (tx) => {
    await lockJob(tx, company.id, job.id);
    const now = await countPhotos(tx, company.id, job.id);
    if (now + rows.length > max) throw limitReached(max, now);
    await insertPhotos(
      tx,
      rows.map((r) => ({
        id: r.id,
        companyId: company.id,
        junkJobId: job.id,
        contentType: r.photo.contentType,
        byteSize: r.photo.bytes.length,
        width: r.photo.width,
        height: r.photo.height,
        storageKey: r.key,
      })),
    );
  });
  metrics().photoUploads.inc(rows.length);
  metrics().photoBytes.inc(rows.reduce((sum, r) => sum + r.photo.bytes.length, 0));
  const photos = await listPhotos(deps.db, company.id, job.id);
  return { job, photos, remaining: Math.max(0, max - photos.length) };
}

const limitReached = (max: number, have: number) =>
  new DomainError('photos_limit_reached', `A job takes at most ${max} photos; this one has ${have}.`, {
    field: 'photos',
    details: { max_count: max, photos: have },
  });
