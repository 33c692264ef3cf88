import type { Db } from '../../db/client';
import { findDriverStop, findFieldPhoto, insertFieldPhoto, type RouteStopRow } from '../../db/repositories/field';
import { DomainError } from '../../domain/errors';
import { parseStopKey } from '../../domain/field-stops';
import { actingUser, type Scope } from '../../domain/scope';
import { metrics } from '../../lib/metrics';
import { isUuid } from '../../lib/uuid';
import { cleanPhoto } from '../../photos/inspect';
import type { PhotoStore } from '../../photos/store';

/**
 * A stop's photos from the field (a placement, a weigh ticket), through the pipeline junk photos use
 * (photos/inspect.ts: typed by content, metadata stripped, sizes capped; the same store, S3 when configured).
 * The phone names each photo's id, so a photo sent again after a lost answer is stored once.
 */
const EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;

export type FieldPhotoDeps = { db: Db; photos: PhotoStore };

/** Before a byte of the file is read: the form's id and stop, which must be on the member's route. */
export async function photoStop(deps: FieldPhotoDeps, scope: Scope, fields: Record<string, string>) {
  const me = actingUser(scope);
  if (!me) throw new DomainError('forbidden', 'Field photos come from a signed-in member.');
  const id = fields.id ?? '';
  if (!isUuid(id)) {
    throw new DomainError('invalid_body', "Send the photo's id (a UUID the phone made) before the file.", {
      field: 'id',
    });
  }
  parseStopKey(fields.stop ?? '', 'stop');
  const stop = await findDriverStop(deps.db, scope.companyId, me, fields.stop as string);
  if (!stop) throw new DomainError('not_found', 'This stop is not on your route.', { field: 'stop' });
  const existing = await findFieldPhoto(deps.db, scope.companyId, id);
  if (existing && existing.stopKey !== stop.stopKey) {
    throw new DomainError('state_conflict', 'This photo id was already used for another stop: send a new id.', {
      field: 'id',
    });
  }
  return { id, stop, existing };
}

/** The photo stored (file first, then its row), or the one stored before under this id. */
export async function addFieldPhoto(
  deps: FieldPhotoDeps,
  scope: Scope,
  target: { id: string; stop: RouteStopRow },
  files: Buffer[],
) {
  const { id, stop } = target;
  if (files.length !== 1) {
    throw new DomainError('invalid_body', 'Send exactly one photo, in a form field named photo.', { field: 'photo' });
  }
  const photo = await cleanPhoto(files[0] as Buffer, 'photo');
  const key = `field/${scope.companyId}/${stop.kind}/${id}.${EXTENSIONS[photo.contentType]}`;
  await deps.photos.put(key, photo.bytes, photo.contentType);
  const row = await insertFieldPhoto(deps.db, {
    companyId: scope.companyId,
    id,
    stopKey: stop.stopKey,
    orderId: stop.orderId,
    junkJobId: stop.junkJobId,
    driverId: stop.driverId,
    contentType: photo.contentType,
    byteSize: photo.bytes.length,
    width: photo.width,
    height: photo.height,
    storageKey: key,
  });
  metrics().photoUploads.inc(1);
  metrics().photoBytes.inc(photo.bytes.length);
  return row as NonNullable<typeof row>;
}

/** A field photo's image: an office member sees every one of the company, a driver those of its own stops. */
export async function readFieldPhoto(deps: FieldPhotoDeps, scope: Scope, id: string) {
  const photo = isUuid(id) ? await findFieldPhoto(deps.db, scope.companyId, id) : undefined;
  const me = actingUser(scope);
  const driver = scope.actor.kind === 'member' && scope.actor.role === 'driver';
  const mine = photo && (!driver || (me && (await findDriverStop(deps.db, scope.companyId, me, photo.stopKey))));
  const bytes = photo && mine ? await deps.photos.get(photo.storageKey) : null;
  if (!photo || !bytes) throw new DomainError('not_found', 'There is no such photo.', { field: 'id' });
  return { bytes, contentType: photo.contentType };
}
