import type { Context } from 'hono';
import * as ops from '../../contract/booking';
import type { Db } from '../../db/client';
import { timeIn, todayIn } from '../../domain/dates';
import type { SlotClock } from '../../domain/junk-slots';
import type { PhotoStore } from '../../photos/store';
import { presentJunkPhotos } from '../../present/jobs';
import { presentJunkAvailability, presentJunkConfig, presentJunkQuote } from '../../present/junk-catalog';
import { presentIntent } from '../../present/sessions';
import { junkAvailability, quoteJunk } from '../../use-cases/catalog/junk';
import { confirmJob } from '../../use-cases/jobs/confirm-job';
import { createJunkIntent } from '../../use-cases/jobs/create-intent';
import { addJunkPhotos, photoJob } from '../../use-cases/jobs/photos';
import type { Links } from '../../use-cases/rentals/links';
import type { AdmitIntent, Caller, ProcessorFor } from '../../use-cases/shared/payments';
import type { BookingEnv } from '../key-gate';
import type { Surface } from '../shell';
import { readUpload, uploadSlot } from '../uploads';

export type JunkDeps = {
  db: Db;
  processorFor: ProcessorFor;
  admit: AdmitIntent;
  photos: PhotoStore;
  hostedBaseUrl: string;
  /** Where the hosted pages are: the customer's My booking link in the confirmation. */
  links: Links;
  now: () => Date;
  caller: (c: Context<BookingEnv>) => Caller;
  /** Counts a declined card a confirm was told of, then throws the refusal on (booking.ts). */
  countDecline: (c: Context<BookingEnv>) => (err: unknown) => Promise<never>;
  clientIp: (c: Context) => string;
};

/** Junk removal under /booking/v1/junk: the Booking API's keys, gate and sessions (docs/architecture.md). */
export function junkRoutes({ route, upload }: Surface<BookingEnv>, deps: JunkDeps) {
  const scope = (c: Context<BookingEnv>) => c.get('scope');
  const catalog = (c: Context<BookingEnv>) => scope(c).catalog;
  const clock = (c: Context<BookingEnv>): SlotClock => {
    const { timezone } = catalog(c).company;
    const now = deps.now();
    return { today: todayIn(timezone, now), time: timeIn(timezone, now) };
  };
  const orders = { db: deps.db, processorFor: deps.processorFor, admit: deps.admit, now: deps.now, links: deps.links };

  route(ops.getJunkConfig, (c) => presentJunkConfig(catalog(c), deps.hostedBaseUrl));
  route(ops.getJunkAvailability, async (c) => {
    const at = clock(c);
    const { range, days } = await junkAvailability(deps.db, scope(c), c.req.valid('query'), at, deps.now());
    return presentJunkAvailability(catalog(c), at, range, days);
  });
  route(ops.junkQuote, (c) => presentJunkQuote(catalog(c), quoteJunk(scope(c), c.req.valid('json'), clock(c).today)));
  route(ops.createJunkIntent, async (c) =>
    presentIntent(catalog(c), await createJunkIntent(orders, scope(c), c.req.valid('json'), clock(c), deps.caller(c))),
  );
  route(ops.confirmJunk, (c) => confirmJob(orders, scope(c), c.req.valid('json')).catch(deps.countDecline(c)));
  upload(ops.uploadJunkPhotos, async (c) => {
    return presentJunkPhotos(await receivePhotos(c));
  });

  /**
   * The form's session is checked before any photo is read, and only then is an upload slot taken (at most
   * a share of them per company and per address): made-up sessions and slow uploads hold no one else up.
   */
  async function receivePhotos(c: Context<BookingEnv>) {
    const slot = uploadSlot({ companyId: scope(c).companyId, address: deps.clientIp(c) });
    try {
      let job: Awaited<ReturnType<typeof photoJob>> | undefined;
      const form = await readUpload(c, 'photos', async (fields) => {
        job = await photoJob(deps, scope(c), fields.session_id);
        slot.take();
      });
      return await addJunkPhotos(deps, scope(c), job as NonNullable<typeof job>, form.files);
    } finally {
      slot.release();
    }
  }
}
