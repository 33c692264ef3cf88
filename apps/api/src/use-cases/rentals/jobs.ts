import { randomUUID } from 'node:crypto';
import { findCustomer } from '../../db/repositories/customers';
import { countPhotos, type JunkJobRow, seatsTaken, seatsTakenInWindow } from '../../db/repositories/junk';
import { enqueueMessages, enqueueWebhooks } from '../../db/repositories/outbox';
import { changesOf, insertOrderChange, type OrderChangeRow, setJobWindow } from '../../db/repositories/rentals';
import { lockCompanyUnits } from '../../db/repositories/sessions';
import type { Catalog } from '../../domain/catalog';
import { addDays, timeIn, todayIn } from '../../domain/dates';
import { DomainError } from '../../domain/errors';
import { checkSlot, junkDays, type SlotClock, type SlotRequest } from '../../domain/junk-slots';
import { madeBy, moveCutoff } from '../../domain/rental-changes';
import { presentJunkEvent } from '../../messages/junk-events';
import { jobMovedMessages } from '../../messages/notices';
import type { Actor, ChangeDeps } from './changes';

/**
 * A junk job after its booking (docs/decisions/my-booking.md): the customer moves it to another arrival window
 * with a free seat, until the company's cutoff (the day before the job, at `rental_changes.move_cutoff_hour`),
 * under the window rules of POST /junk/intents. Free; the seat is taken under the company's lock, as a booking
 * takes one.
 */
export type JobRental = { catalog: Catalog; job: JunkJobRow };

/** Days of windows the page offers to move to. */
export const MOVE_DAYS = 14;
/** A job moves while its crew has not set out. */
const MOVABLE = ['confirmed', 'scheduled'];

const clockOf = (catalog: Catalog, now: Date): SlotClock => ({
  today: todayIn(catalog.company.timezone, now),
  time: timeIn(catalog.company.timezone, now),
});

/** The job's move cutoff: the day before it at the company's hour (domain/rental-changes.ts). */
const cutoffOf = (catalog: Catalog, job: JunkJobRow) =>
  moveCutoff(job.jobDate, catalog.company.rentalChanges.moveCutoffHour);
const pastCutoff = (catalog: Catalog, job: JunkJobRow, clock: SlotClock) =>
  cutoffOf(catalog, job).passed(clock.today, Number(clock.time.slice(0, 2)));

/** The link's page for a job: the job, its changes, and the windows with a free seat it may move to now. */
export async function readJobRental(deps: ChangeDeps, { catalog, job }: JobRental) {
  const now = deps.now();
  const clock = clockOf(catalog, now);
  const photos = await countPhotos(deps.db, catalog.company.id, job.id);
  const movable = MOVABLE.includes(job.status) && !pastCutoff(catalog, job, clock);
  const from = clock.today;
  const to = addDays(from, MOVE_DAYS);
  const taken = movable ? await seatsTaken(deps.db, catalog.company.id, from, to) : new Map<string, number>();
  const windows = movable
    ? junkDays(catalog.junk, clock, from, to, (date, start) => taken.get(`${date} ${start}`) ?? 0).filter(
        (d) => d.open && d.windows.some((w) => w.remaining > 0),
      )
    : [];
  return {
    catalog,
    job,
    changes: await changesOf(deps.db, catalog.company.id, { junkJobId: job.id }),
    photos,
    photosRemaining:
      catalog.junk.photos.enabled && job.photosUntil && job.photosUntil > now
        ? Math.max(0, catalog.junk.photos.maxCount - photos)
        : 0,
    photosUntil: catalog.junk.photos.enabled ? job.photosUntil : null,
    windows,
    moveCutoff: movable ? cutoffOf(catalog, job).text : null,
  };
}

/**
 * Moves a job to another day and window. Asking again for the window it now has answers the change that put
 * it there (a retry after a lost answer), not a refusal.
 */
export async function moveJobWindow(
  deps: ChangeDeps,
  { catalog, job }: JobRental,
  request: SlotRequest,
  actor: Actor,
): Promise<OrderChangeRow> {
  const { company } = catalog;
  const here = job.jobDate === request.job_date && job.windowStart === request.time_window_start;
  if (here) {
    const [last] = await changesOf(deps.db, company.id, { junkJobId: job.id });
    if (last) return last;
    throw new DomainError('change_not_allowed', 'The job is already in this window.', { field: 'time_window_start' });
  }
  if (!MOVABLE.includes(job.status)) {
    throw new DomainError(
      'change_not_allowed',
      `This job cannot move any more: it is ${job.status.replace(/_/g, ' ')}.`,
      {
        field: 'kind',
        details: { status: job.status },
      },
    );
  }
  const now = deps.now();
  const clock = clockOf(catalog, now);
  if (pastCutoff(catalog, job, clock)) {
    const cutoff = cutoffOf(catalog, job);
    throw new DomainError(
      'change_not_allowed',
      `A job moves until ${cutoff.text.slice(11)} on ${cutoff.date}, the day before it: call ${company.name}.`,
      { field: 'job_date', details: { cutoff_date: cutoff.date, cutoff_hour: cutoff.hour } },
    );
  }
  const window = checkSlot(catalog.junk, clock, request);
  return deps.db.transaction(async (tx) => {
    await lockCompanyUnits(tx, company.id);
    const taken = await seatsTakenInWindow(tx, company.id, { date: request.job_date, start: window.start });
    if (taken >= window.capacity) {
      throw new DomainError(
        'slot_bad_window',
        `The ${window.start}-${window.end} window on ${request.job_date} is full: choose another.`,
        {
          field: 'time_window_start',
          details: { reason: 'full' },
        },
      );
    }
    const moved = await setJobWindow(
      tx,
      job,
      { jobDate: request.job_date, windowStart: window.start, windowEnd: window.end },
      now,
    );
    if (!moved)
      throw new DomainError('change_not_allowed', 'The job moved meanwhile: look at it again.', { field: 'kind' });
    const before = { job_date: job.jobDate, time_window: { start: job.windowStart, end: job.windowEnd } };
    const after = { job_date: moved.jobDate, time_window: { start: moved.windowStart, end: moved.windowEnd } };
    const change = (await insertOrderChange(tx, {
      companyId: company.id,
      junkJobId: job.id,
      kind: 'move_window',
      status: 'applied',
      before,
      after,
      amounts: { days: 0, extraDays: 0, fee: 0, taxPercentMilli: 0, tax: 0, total: 0, processingFee: 0, grossTotal: 0 },
      grossTotalCents: 0,
      currency: job.currency,
      idempotencyKey: randomUUID(),
      actor,
      appliedAt: now,
    })) as OrderChangeRow;
    const customer = await findCustomer(tx, company.id, job.customerId);
    if (customer) await enqueueMessages(tx, company.id, jobMovedMessages(company, moved, customer));
    await enqueueWebhooks(tx, company.id, 'booking', 'booking.changed', {
      ...presentJunkEvent(moved),
      change: {
        id: change.id,
        kind: 'move_window',
        previous_job_date: job.jobDate,
        previous_time_window: { start: job.windowStart, end: job.windowEnd },
        amount: 0,
        made_by: madeBy(actor),
      },
    });
    return change;
  });
}
