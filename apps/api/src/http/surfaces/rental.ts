import type { Context, Env } from 'hono';
import {
  confirmRentalChange,
  getRental,
  makeRentalChange,
  moveRentalJob,
  quoteRentalChange,
  RENTAL_BASE,
  rentalOperations,
  uploadRentalJobPhotos,
} from '../../contract/rental';
import { confirmRentalCharge, getRentalChargePhoto, payRentalCharge } from '../../contract/rental-charges';
import type { Db } from '../../db/client';
import { loadCatalog } from '../../db/repositories/catalog';
import { DomainError } from '../../domain/errors';
import type { PhotoStore } from '../../photos/store';
import { presentRentalCharge } from '../../present/field';
import { presentJunkPhotos } from '../../present/jobs';
import {
  presentChange,
  presentChangeQuote,
  presentJobChange,
  presentJobRental,
  presentRental,
} from '../../present/rentals';
import { confirmCharge, payCharge, ticketPhoto } from '../../use-cases/field/pay';
import { addJunkPhotos, takingPhotos } from '../../use-cases/jobs/photos';
import { type ChangeDeps, confirmChange, makeChange, quoteChange, type Rental } from '../../use-cases/rentals/changes';
import { type JobRental, moveJobWindow, readJobRental } from '../../use-cases/rentals/jobs';
import { openRentalLink } from '../../use-cases/rentals/links';
import { readRental } from '../../use-cases/rentals/read';
import type { ProcessorFor } from '../../use-cases/shared/payments';
import { createLimiter, limiterStore } from '../rate-limit';
import { createSurface } from '../shell';
import { readUpload, uploadSlot } from '../uploads';

/** What the token opened: an order (its changes) or a junk job (its window). */
type Opened = ({ kind: 'order' } & Rental) | ({ kind: 'job' } & JobRental);
type RentalEnv = Env & { Variables: { rental: Opened } };

/** Wrong tokens one address may try in 10 minutes before it waits (the general limit counts every request too). */
export const WRONG_TOKENS_PER_10_MINUTES = 10;

/**
 * The customer's "My booking" page (/rental/v1, docs/decisions/my-booking.md): the link's token, sent as a
 * bearer, opens its one order. Any origin may call it (no cookies: the token is the credential). Every
 * request counts against its address first; a wrong token counts again, and an address past
 * WRONG_TOKENS_PER_10_MINUTES is refused before its token is looked up.
 */
export function createRentalSurface(deps: {
  db: Db;
  processorFor: ProcessorFor;
  clientIp: (c: Context) => string;
  hostedBaseUrl: string;
  ratePerMinute: number;
  /** Where a junk job's photos go (the store POST /junk/photos uses). */
  photos: PhotoStore;
  redis?: unknown;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const { app, route, upload, image } = createSurface<RentalEnv>({
    name: 'the My booking API',
    surface: 'rental',
    base: RENTAL_BASE,
    operations: rentalOperations,
    methods: ['GET', 'POST', 'HEAD'],
    maxBodyBytes: 4 * 1024,
    cors: { kind: 'any', methods: 'GET, POST', headers: 'Authorization, Content-Type, Idempotency-Key' },
  });
  const perAddress = createLimiter({
    points: deps.ratePerMinute,
    durationSeconds: 60,
    prefix: 'rental',
    redis: deps.redis,
  });
  const wrong = limiterStore(
    { points: WRONG_TOKENS_PER_10_MINUTES, duration: 600, keyPrefix: 'rental-wrong' },
    deps.redis,
  );
  const refuseWait = (c: Context, seconds: number) => {
    c.header('Retry-After', String(seconds));
    return new DomainError('rate_limited', `Too many tries from this address: wait ${seconds} seconds.`);
  };

  app.use('*', async (c, next) => {
    const ip = deps.clientIp(c);
    const wait = await perAddress.hit(ip);
    if (wait > 0) throw refuseWait(c, wait);
    const spent = await wrong.get(ip);
    if (spent && spent.consumedPoints >= WRONG_TOKENS_PER_10_MINUTES)
      throw refuseWait(c, Math.ceil(spent.msBeforeNext / 1000));
    const header = c.req.header('authorization') ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) throw new DomainError('unauthorized', "Send the link's token: Authorization: Bearer rtl_…");
    try {
      c.set('rental', await openRentalLink(deps.db, token, now(), (id) => loadCatalog(deps.db, id)));
    } catch (err) {
      if (err instanceof DomainError && err.code === 'not_found') await wrong.consume(ip).catch(() => undefined);
      throw err;
    }
    await next();
  });

  const changes: ChangeDeps = {
    db: deps.db,
    processorFor: deps.processorFor,
    now,
    links: { hostedBaseUrl: deps.hostedBaseUrl },
  };
  /** The order the token opened; a junk job's link changes its window only (POST /job/window). */
  const rental = (c: Context<RentalEnv>): Rental => {
    const opened = c.get('rental');
    if (opened.kind === 'order') return opened;
    throw new DomainError('change_not_allowed', 'A junk removal job moves to another window: POST /job/window.', {
      field: 'kind',
    });
  };
  const job = (c: Context<RentalEnv>): JobRental => {
    const opened = c.get('rental');
    if (opened.kind === 'job') return opened;
    throw new DomainError('change_not_allowed', 'A dumpster rental changes with POST /changes.', { field: 'kind' });
  };

  route(getRental, async (c) => {
    const opened = c.get('rental');
    if (opened.kind === 'job') return presentJobRental(await readJobRental(changes, opened));
    const view = await readRental(changes, opened);
    const processor = deps.processorFor(view.catalog.company);
    return presentRental(view, processor?.publishableKey ?? '');
  });
  route(quoteRentalChange, async (c) => presentChangeQuote(await quoteChange(changes, rental(c), c.req.valid('json'))));
  route(makeRentalChange, async (c) =>
    presentChange(
      await makeChange(changes, rental(c), c.req.valid('json'), {
        idempotencyKey: c.req.valid('header')['idempotency-key'],
        actor: 'customer',
      }),
    ),
  );
  route(confirmRentalChange, async (c) =>
    presentChange(await confirmChange(changes, rental(c), c.req.valid('param').change_id)),
  );
  route(moveRentalJob, async (c) =>
    presentJobChange(await moveJobWindow(changes, job(c), c.req.valid('json'), 'customer')),
  );
  // The rules of POST /junk/photos: the job must still take photos before a byte is read, and an upload
  // holds one of the process's few slots (http/uploads.ts) only then.
  upload(uploadRentalJobPhotos, async (c) => {
    const opened = job(c);
    takingPhotos(opened.catalog, opened.job, now(), 'photos');
    const slot = uploadSlot({ companyId: opened.catalog.company.id, address: deps.clientIp(c) });
    try {
      const form = await readUpload(c, 'photos', async () => slot.take());
      return presentJunkPhotos(
        await addJunkPhotos({ db: deps.db, photos: deps.photos }, opened, opened.job, form.files),
      );
    } finally {
      slot.release();
    }
  });
  // What the field added (docs/decisions/drivers-day.md): a junk job's link has no charges.
  const charged = (c: Context<RentalEnv>): Rental => {
    const opened = c.get('rental');
    if (opened.kind === 'order') return opened;
    throw new DomainError('not_found', 'There is no such charge on this booking.', { field: 'charge_id' });
  };
  const paid = (answer: Awaited<ReturnType<typeof payCharge>>) => ({
    charge: presentRentalCharge(answer),
    client_secret: answer.clientSecret,
  });
  image(getRentalChargePhoto, (c) =>
    ticketPhoto({ db: deps.db, photos: deps.photos }, charged(c), c.req.valid('param').charge_id),
  );
  route(payRentalCharge, async (c) => paid(await payCharge(changes, charged(c), c.req.valid('param').charge_id)));
  route(confirmRentalCharge, async (c) =>
    paid(await confirmCharge(changes, charged(c), c.req.valid('param').charge_id)),
  );
  return app;
}
