import type { Context } from 'hono';
import * as ops from '../../../contract/console';
import { DomainError } from '../../../domain/errors';
import type { Scope } from '../../../domain/scope';
import { presentDriverStop, presentFieldCharge, presentFieldPhoto, presentOrderField } from '../../../present/field';
import { sendFieldAction } from '../../../use-cases/field/actions';
import { decideCharge, listCharges } from '../../../use-cases/field/charges';
import { addFieldPhoto, photoStop, readFieldPhoto } from '../../../use-cases/field/photos';
import { orderField } from '../../../use-cases/field/record';
import { assignRoute, driverRoute } from '../../../use-cases/field/routes';
import type { OfficeDeps } from '../../../use-cases/shared/office-deps';
import type { ConsoleDeps, ConsoleEnv } from '../../console-env';
import { readUpload, uploadSlot } from '../../uploads';
import type { ConsoleSurface } from './surface';

/**
 * The driver's day (docs/decisions/drivers-day.md): the office's routes and field charges (owners and staff),
 * and the phone's route, actions and photos, which a driver's account may call (`drivers: true`) and every
 * member may use for their own route.
 */
export function mountField(surface: ConsoleSurface, deps: ConsoleDeps) {
  const { route, upload, image } = surface;
  const office: OfficeDeps = {
    database: deps.database,
    processorFor: deps.processorFor,
    now: deps.now ?? (() => new Date()),
    links: { hostedBaseUrl: deps.hostedBaseUrl },
  };
  const photos = { db: deps.database.db, photos: deps.photos };
  const me = (c: Context<ConsoleEnv>): Scope => c.get('scope');
  const drivers = { drivers: true } as const;

  route(ops.assignRoute, (c) => assignRoute(office, me(c), c.req.valid('json')));
  route(ops.listFieldCharges, async (c) =>
    (await listCharges(office, me(c), c.req.valid('query').status)).map(presentFieldCharge),
  );
  route(ops.decideFieldCharge, async (c) =>
    presentFieldCharge(await decideCharge(office, me(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  route(ops.getOrderField, async (c) =>
    presentOrderField(await orderField(office, me(c), c.req.valid('param').order_number)),
  );

  route(
    ops.getDriverRoute,
    async (c) => {
      const day = await driverRoute(office, me(c), c.req.valid('query').date);
      return { date: day.day, driver: day.driver, stops: day.stops.map(presentDriverStop) };
    },
    drivers,
  );
  route(
    ops.sendFieldAction,
    async (c) => {
      const done = await sendFieldAction(office, me(c), c.req.valid('json'));
      return { stop: presentDriverStop(done.stop), replayed: done.replayed };
    },
    drivers,
  );
  // The stop is checked from the form's fields before a byte of the photo is read, then the upload holds
  // one of the process's few slots (http/uploads.ts), as junk photos do.
  upload(
    ops.uploadFieldPhoto,
    async (c) => {
      const scope = me(c);
      const slot = uploadSlot({ companyId: scope.companyId, address: deps.clientIp(c) });
      try {
        let target: Awaited<ReturnType<typeof photoStop>> | undefined;
        const form = await readUpload(c, 'photo', async (fields) => {
          target = await photoStop(photos, scope, fields);
          slot.take();
        });
        if (!target) throw new DomainError('invalid_body', 'Send id and stop, then one photo.', { field: 'photo' });
        return presentFieldPhoto(target.existing ?? (await addFieldPhoto(photos, scope, target, form.files)));
      } finally {
        slot.release();
      }
    },
    drivers,
  );
  image(ops.getFieldPhoto, (c) => readFieldPhoto(photos, me(c), c.req.valid('param').id), drivers);
}
