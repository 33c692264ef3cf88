import type { JunkJobRow } from '../db/repositories/junk';
import { isJobStatus, jobMovesFrom } from '../domain/job-status';
import type { JunkQuoteCents } from '../domain/junk-rules';
import { dollars } from '../messages/money';
import type { InvoiceLine } from './format';
import { presentAround, type RecordAround } from './record';

/** Junk removal jobs as the office sees them: the CLI's list, Needs action, the job page (cents become dollars here). */

/** A line of the office's job list (svc jobs list). */
export function presentOfficeJob(job: JunkJobRow, customerEmail: string, photos: number) {
  const address = job.address as { line1: string; zip: string };
  return {
    job_number: job.jobNumber,
    status: job.status,
    payment_status: job.paymentStatus,
    load: job.loadLabel,
    job_date: job.jobDate,
    window: `${job.windowStart}-${job.windowEnd}`,
    address: `${address.line1}, ${address.zip}`,
    total: dollars(job.totalCents),
    charged: dollars(job.grossTotalCents),
    customer: customerEmail,
    photos,
    channel: job.bookingChannel,
    session_id: job.sessionId,
  };
}

export function presentHeldJob(job: JunkJobRow, customer: { name: string; email: string }) {
  return {
    kind: 'job' as const,
    number: job.jobNumber,
    customer_name: customer.name,
    customer_email: customer.email,
    what: `${job.loadLabel}, ${job.jobDate} ${job.windowStart}-${job.windowEnd}`,
    amount: dollars(job.grossTotalCents),
    currency: job.currency,
    created_at: job.createdAt.toISOString(),
  };
}

export function jobInvoice(job: JunkJobRow) {
  const q = job.quote as JunkQuoteCents;
  const lines: InvoiceLine[] = [
    { label: `Junk removal, ${job.loadLabel}`, amount: dollars(q.base) },
    ...(q.promoDiscount ? [{ label: `Promo ${job.promoCode ?? ''}`.trim(), amount: -dollars(q.promoDiscount) }] : []),
  ];
  return {
    lines,
    total: dollars(job.totalCents),
    processing_fee: dollars(job.processingFeeCents),
    gross_total: dollars(job.grossTotalCents),
    currency: job.currency,
  };
}

/** The moves a job of this status allows (none for a status the rules do not know). */
export const jobMoves = (status: string) => (isJobStatus(status) ? [...jobMovesFrom(status)] : []);

type PhotoRow = { id: string; contentType: string; byteSize: number; width: number; height: number; createdAt: Date };

export function presentConsoleJob({ job, photos, ...around }: RecordAround & { job: JunkJobRow; photos: PhotoRow[] }) {
  return {
    job_number: job.jobNumber,
    status: job.status,
    moves: jobMoves(job.status),
    load: job.loadLabel,
    job_date: job.jobDate,
    window: { start: job.windowStart, end: job.windowEnd },
    notes: job.notes,
    created_at: job.createdAt.toISOString(),
    updated_at: job.updatedAt.toISOString(),
    invoice: jobInvoice(job),
    // Listed only: there is no endpoint serving a photo's bytes to the console yet.
    photos: photos.map((ph) => ({
      id: ph.id,
      content_type: ph.contentType,
      bytes: ph.byteSize,
      width: ph.width,
      height: ph.height,
      created_at: ph.createdAt.toISOString(),
    })),
    ...presentAround(job, 'job', around),
  };
}

/** A job's photos after an upload (POST /junk/photos, a job's My booking link). */
export function presentJunkPhotos(added: {
  job: { jobNumber: number; photosUntil: Date | null };
  photos: { id: string; contentType: string; byteSize: number; width: number; height: number }[];
  remaining: number;
}) {
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
}
