import type { z } from '@hono/zod-openapi';
import type { ConfirmBody } from '../../contract/booking';
import type { Db } from '../../db/client';
import { insertDispatch } from '../../db/repositories/dispatch';
import {
  countPhotos,
  findJob,
  insertJob,
  type JunkJobRow,
  seatsTakenInWindow,
  takeJobNumber,
} from '../../db/repositories/junk';
import { jobInvoiceOf } from '../../db/repositories/payments';
import { lockCompanyUnits, type SessionRow } from '../../db/repositories/sessions';
import type { Catalog } from '../../domain/catalog';
import { PHOTO_WINDOW_MINUTES } from '../../domain/junk';
import type { CatalogScope } from '../../domain/scope';
import { presentJunkEvent } from '../../messages/junk-events';
import { bookedJob } from '../../messages/notices';
import { issueRentalLink, type Links, rentalUrl } from '../rentals/links';
import { announceBooking, bookCustomer, bookInvoice } from '../shared/bookkeeping';
import { announceJobCreated } from '../shared/data-events';
import type { ProcessorFor } from '../shared/payments';
import { BookingRefused, confirmSession, type Fulfilment, type Paid } from '../shared/settle';
import type { JunkBooking } from './create-intent';

type Deps = { db: Db; processorFor: ProcessorFor; now: () => Date; links?: Links };

/**
 * POST /junk/confirm: the same confirm as dumpsters (use-cases/shared/settle.ts), making a junk job with
 * its own per-company job_number, its invoice, payment record and dispatch entry in one transaction.
 */
export function confirmJob(deps: Deps, scope: CatalogScope, body: z.infer<typeof ConfirmBody>) {
  return confirmSession(deps, scope.catalog, body, junkFulfilment);
}

export type JunkConfirmation = Awaited<ReturnType<typeof confirmation>>;

export const junkFulfilment: Fulfilment<JunkConfirmation> = {
  kind: 'junk',
  make: createJob,
  confirmation: async (db, catalog, found, already, made) => ({
    ...(await confirmation(db, catalog, found.session, already)),
    // The link's token is kept only as a fingerprint: the answer that made the job is the one that says it.
    ...(made?.manageUrl ? { manage_url: made.manageUrl } : {}),
  }),
};

async function createJob(tx: Db, catalog: Catalog, session: SessionRow, held: boolean, now: Date, paid: Paid) {
  const { company } = catalog;
  const frozen = session.request as JunkBooking;
  const { request, quote, window } = frozen;
  // Jobs are made one at a time per company, so the last seat goes to one of them. No session holds a seat:
  // the job is made only if the window still has one (docs/decisions/unpaid-intents-hold-nothing.md).
  await lockCompanyUnits(tx, company.id);
  const offered = catalog.junk.windows.find((w) => w.start === window.start);
  if (offered) {
    const taken = await seatsTakenInWindow(tx, company.id, { date: window.date, start: window.start });
    if (taken >= offered.capacity) {
      throw new BookingRefused({
        code: 'slot_bad_window',
        message: `The ${window.start}-${window.end} window on ${window.date} filled up while the payment was pending: the authorization was released. Choose another window.`,
        details: { reason: 'full' },
      });
    }
  }
  const customerId = await bookCustomer(tx, company.id, request.customer);
  const job = await insertJob(tx, {
    companyId: company.id,
    jobNumber: await takeJobNumber(tx, company.id),
    status: held ? 'pending_risk_review' : 'confirmed',
    paymentStatus: 'unpaid',
    customerId,
    loadFraction: frozen.load.fraction,
    loadLabel: frozen.load.label,
    jobDate: window.date,
    windowStart: window.start,
    windowEnd: window.end,
    address: {
      line1: request.address_line1,
      line2: request.address_line2 ?? null,
      city: request.city ?? null,
      state: request.state ?? null,
      zip: request.zip,
    },
    notes: request.notes ?? null,
    quote,
    totalCents: quote.total,
    processingFeeCents: quote.processingFee,
    grossTotalCents: quote.grossTotal,
    currency: session.currency,
    promoCode: frozen.promoCode,
    riskReview: held,
    attribution: request.attribution ?? null,
    bookingChannel: session.bookingChannel,
    sessionId: session.sessionId,
    photosUntil: new Date(now.getTime() + PHOTO_WINDOW_MINUTES * 60_000),
  });
  await bookInvoice(tx, company, session, quote, { junkJobId: job.id });
  await insertDispatch(tx, [{ companyId: company.id, junkJobId: job.id, date: window.date, kind: 'junk' }]);
  const token = await issueRentalLink(tx, company.id, { junkJobId: job.id });
  const manageUrl = paid.links ? rentalUrl(paid.links, token) : undefined;
  await announceBooking(tx, company, session, {
    held,
    event: presentJunkEvent(job),
    booked: { ...bookedJob(job), ...(manageUrl ? { manageUrl } : {}) },
    customer: request.customer,
    link: { junkJobId: job.id },
  });
  // The Data API sees the job once it is confirmed; a held one on its release (office/release-order.ts).
  if (!held) await announceJobCreated(tx, job);
  return { id: job.id, ...(manageUrl ? { manageUrl } : {}) };
}

async function confirmation(db: Db, catalog: Catalog, session: SessionRow, already: boolean) {
  const job = (await findJob(db, session.companyId, session.junkJobId as string)) as JunkJobRow;
  const photos = await countPhotos(db, session.companyId, job.id);
  return {
    state: session.state as 'confirmed' | 'held',
    job_number: job.jobNumber,
    job_id: job.id,
    invoice_id: await jobInvoiceOf(db, job.id),
    customer_id: job.customerId,
    job_date: job.jobDate,
    time_window: { start: job.windowStart, end: job.windowEnd },
    photos: {
      max_count: catalog.junk.photos.enabled ? Math.max(0, catalog.junk.photos.maxCount - photos) : 0,
      until: catalog.junk.photos.enabled ? (job.photosUntil?.toISOString() ?? null) : null,
    },
    ...(already ? { already: true } : {}),
  };
}
