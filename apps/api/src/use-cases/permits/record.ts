import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { insertAudit } from '../../db/repositories/audit';
import { findOrderByNumber } from '../../db/repositories/orders';
import { findOrderPermit, lockOrderPermit, recordPermit } from '../../db/repositories/permits';
import { isValidDate } from '../../domain/dates';
import { DomainError } from '../../domain/errors';
import { actingUser, type Scope } from '../../domain/scope';
import { cleanPhoto } from '../../photos/inspect';
import type { PhotoStore } from '../../photos/store';

/**
 * The office records an order's street permit (docs/decisions/street-permits.md): its number and dates from
 * the form's fields, checked before a byte of the scan is read, then at most one scan through the photos'
 * pipeline (typed by content, metadata stripped, the same store). Sent again, it replaces number and dates;
 * a scan is kept unless a new one comes.
 */
const EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;

export type PermitDeps = { db: Db; photos: PhotoStore; now: () => Date };
export type PermitForm = { orderId: string; orderNumber: number; number: string; startsOn: string; endsOn: string };

const bad = (field: string, message: string) => new DomainError('invalid_body', message, { field });

/** The order and the form's fields, before the file: refusals name the field. */
export async function permitTarget(
  deps: PermitDeps,
  scope: Scope,
  orderNumber: number,
  fields: Record<string, string>,
): Promise<PermitForm> {
  const order = await findOrderByNumber(deps.db, scope.companyId, orderNumber);
  if (!order) throw new DomainError('not_found', `There is no order #${orderNumber}.`, { field: 'order_number' });
  const permit = await findOrderPermit(deps.db, scope.companyId, order.id);
  if (!permit?.terms) {
    throw new DomainError('state_conflict', `Order #${orderNumber} needs no street permit.`, {
      field: 'order_number',
    });
  }
  const number = (fields.number ?? '').trim();
  if (number.length < 1 || number.length > 64) throw bad('number', "Send the permit's number (1 to 64 characters).");
  const startsOn = (fields.starts_on ?? '').trim();
  const endsOn = (fields.ends_on ?? '').trim();
  if (!isValidDate(startsOn)) throw bad('starts_on', 'Send starts_on as a date, YYYY-MM-DD.');
  if (!isValidDate(endsOn)) throw bad('ends_on', 'Send ends_on as a date, YYYY-MM-DD.');
  if (endsOn < startsOn) throw bad('ends_on', 'ends_on is before starts_on.');
  return { orderId: order.id, orderNumber, number, startsOn, endsOn };
}

/** The permit recorded (and its scan stored first, when one came); answers the row as it now stands. */
export async function recordOrderPermit(deps: PermitDeps, scope: Scope, form: PermitForm, files: Buffer[]) {
  if (files.length > 1) throw bad('scan', 'Send at most one scan, in a form field named scan.');
  let scan: { key: string; type: string; width: number; height: number } | undefined;
  if (files.length === 1) {
    const image = await cleanPhoto(files[0] as Buffer, 'scan');
    const key = `permits/${scope.companyId}/${form.orderId}/${randomUUID()}.${EXTENSIONS[image.contentType]}`;
    await deps.photos.put(key, image.bytes, image.contentType);
    scan = { key, type: image.contentType, width: image.width, height: image.height };
  }
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    await lockOrderPermit(tx, scope.companyId, form.orderId);
    await recordPermit(tx, scope.companyId, form.orderId, {
      number: form.number,
      startsOn: form.startsOn,
      endsOn: form.endsOn,
      recordedBy: actingUser(scope),
      at,
      ...(scan ? { scan } : {}),
    });
    await insertAudit(tx, {
      companyId: scope.companyId,
      userId: actingUser(scope),
      action: 'order.permit',
      subject: `order:${form.orderNumber}`,
      detail: `permit ${form.number}, ${form.startsOn} to ${form.endsOn}${scan ? ', with a scan' : ''}`,
      at,
    });
  });
  return findOrderPermit(deps.db, scope.companyId, form.orderId);
}

/** The scan's image, or not_found. */
export async function readPermitScan(deps: PermitDeps, scope: Scope, orderNumber: number) {
  const order = await findOrderByNumber(deps.db, scope.companyId, orderNumber);
  const permit = order ? await findOrderPermit(deps.db, scope.companyId, order.id) : undefined;
  const bytes = permit?.scanKey ? await deps.photos.get(permit.scanKey) : null;
  if (!permit?.scanType || !bytes) {
    throw new DomainError('not_found', `Order #${orderNumber} has no permit scan.`, { field: 'order_number' });
  }
  return { bytes, contentType: permit.scanType };
}
