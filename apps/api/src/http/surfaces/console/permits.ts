import type { Context } from 'hono';
import * as ops from '../../../contract/console';
import { DomainError } from '../../../domain/errors';
import type { Scope } from '../../../domain/scope';
import { presentConsolePermit } from '../../../present/permits';
import { type PermitForm, permitTarget, readPermitScan, recordOrderPermit } from '../../../use-cases/permits/record';
import type { ConsoleDeps, ConsoleEnv } from '../../console-env';
import { readUpload, uploadSlot } from '../../uploads';
import type { ConsoleSurface } from './surface';

/**
 * Street permits in the office (docs/decisions/street-permits.md): recording an order's permit with its scan
 * (the form's fields are checked before a byte of the scan is read, then the upload holds one of the
 * process's few slots, as the field's photos do) and reading the scan. Owners and staff.
 */
export function mountPermits(surface: ConsoleSurface, deps: ConsoleDeps) {
  const { upload, image } = surface;
  const permits = { db: deps.database.db, photos: deps.photos, now: deps.now ?? (() => new Date()) };
  const me = (c: Context<ConsoleEnv>): Scope => c.get('scope');

  upload(ops.recordOrderPermit, async (c) => {
    const scope = me(c);
    const orderNumber = Number(c.req.param('order_number'));
    if (!Number.isInteger(orderNumber) || orderNumber < 1) {
      throw new DomainError('invalid_parameter', 'order_number is a whole number.', { field: 'order_number' });
    }
    const slot = uploadSlot({ companyId: scope.companyId, address: deps.clientIp(c) });
    try {
      let form: PermitForm | undefined;
      const upload = await readUpload(c, 'scan', async (fields) => {
        form = await permitTarget(permits, scope, orderNumber, fields);
        slot.take();
      });
      // A form without a file: its fields were never handed over before one.
      form ??= await permitTarget(permits, scope, orderNumber, upload.fields);
      const permit = presentConsolePermit(orderNumber, await recordOrderPermit(permits, scope, form, upload.files));
      if (!permit) throw new DomainError('state_conflict', `Order #${orderNumber} needs no street permit.`);
      return permit;
    } finally {
      slot.release();
    }
  });
  image(ops.getOrderPermitScan, (c) => readPermitScan(permits, me(c), Number(c.req.param('order_number'))));
}
