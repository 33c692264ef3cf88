import type { Context } from 'hono';
import * as ops from '../../contract/booking';
import type { Db } from '../../db/client';
import { timeIn, todayIn } from '../../domain/dates';
import type { SlotClock } from '../../domain/junk-slots';
import type { PhotoStore } from '../../photos/store';
import { presentJunkAvailability, presentJunkConfig, presentJunkQuote } from '../../present/junk';
import { presentIntent } from '../../present/orders';
import { confirmJob } from '../../use-cases/junk/confirm-job';
import { createJunkIntent } from '../../use-cases/junk/create-intent';
import { addJunkPhotos, photoJob } from '../../use-cases/junk/photos';
import { junkAvailability, quoteJunk } from '../../use-cases/junk/read';
import type { AdmitIntent, ProcessorFor } from '../../use-cases/shared/payments';
import type { KeyEnv } from '../key-gate';
import type { Surface } from '../shell';
import { readUpload, uploadSlot } from '../uploads';

export type JunkDeps = {
  db: Db;
  processorFor: ProcessorFor;
  admit: AdmitIntent;
  photos: PhotoStore;
  hostedBaseUrl: string;
  now: () => Date;
  caller: (c: Context<KeyEnv>) => { channel: 'api' | 'link' | 'widget'; ip: string | null };
  clientIp: (c: Context) => string;
};

/** Junk removal under /booking/v1/junk: the Booking API's keys, gate and sessions (docs/architecture.md). */
export function junkRoutes({ route, upload }: Surface<KeyEnv>, deps: JunkDeps) {
  const catalog = (c: Context<KeyEnv>) => c.get('catalog');
  const clock = (c: Context<KeyEnv>): SlotClock => {
    const { timezone } = catalog(c).company;
    const now = deps.now();
    return { today: todayIn(timezone, now), time: timeIn(timezone, now) };
  };
  const orders = { db: deps.db, processorFor: deps.processorFor, admit: deps.admit, now: deps.now };

  route(ops.getJunkConfig, (c) => presentJunkConfig(catalog(c), deps.hostedBaseUrl));
  route(ops.getJunkAvailability, async (c) => {
    const at = clock(c);
    const { range, days } = await junkAvailability(deps.db, catalog(c), c.req.valid('query'), at, deps.now());
    return presentJunkAvailability(catalog(c), at, range, days);
  });
  route(ops.junkQuote, (c) => presentJunkQuote(catalog(c), quoteJunk(catalog(c), c.req.valid('json'), clock(c).today)));
  route(ops.createJunkIntent, async (c) =>
    presentIntent(
      catalog(c),
      await createJunkIntent(orders, catalog(c), c.req.valid('json'), clock(c), deps.caller(c)),
    ),
  );
  route(ops.confirmJunk, (c) => confirmJob(orders, catalog(c), c.req.valid('json')));
  upload(ops.uploadJunkPhotos, async (c) => {
    const added = await receivePhotos(c);
    return {
      job_number: added.job.jobNumber,
      photos: added.photos.map((p) => ({
        id: p.id,
        content_type: p.contentType as 'image/jpeg' | 'image/png' | 'image/webp',
        bytes: p.byteSize,
        width: p.width,
        height: p.height,
      })),
      remaining: added.remaining,
      until: (added.job.photosUntil as Date).toISOString(),
    };
  });

  /**
   * The form's session is checked before any photo is read, and only then is an upload slot taken (at most
   * a share of them per company and per address): made-up sessions and slow uploads hold no one else up.
   */
  async function receivePhotos(c: Context<KeyEnv>) {
    const slot = uploadSlot({ companyId: catalog(c).company.id, address: deps.clientIp(c) });
    try {
      let job: Awaited<ReturnType<typeof photoJob>> | undefined;
      const form = await readUpload(c, 'photos', async (fields) => {
        job = await photoJob(deps, catalog(c), fields.session_id);
        slot.take();
      });
      return await addJunkPhotos(deps, catalog(c), job as NonNullable<typeof job>, form.files);
    } finally {
      slot.release();
    }
  }
}
