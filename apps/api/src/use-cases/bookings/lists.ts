import { bookingDaysBetween } from '../../db/repositories/booking-days';
import {
  type After,
  type BookingFilter,
  type BookingKind,
  type BookingLine,
  bookingsPage,
} from '../../db/repositories/bookings';
import { estimateCounts } from '../../db/repositories/estimates';
import { fieldDay } from '../../db/repositories/field-charges';
import { dashboardOf } from '../../domain/dashboard';
import { addDays, startOfDayIn, todayIn } from '../../domain/dates';
import { DomainError } from '../../domain/errors';
import { pageOf, window } from '../../domain/paging';
import type { Scope } from '../../domain/scope';
import { officeSearchOf } from '../../domain/search';
import { companyOf, type OfficeDeps } from '../shared/office-deps';

/**
 * The office's Orders and Junk jobs lists, their CSV export and the dashboard (docs/decisions/office-lists.md): every booking of the signed-in member's company, owners and staff alike.
 */

export type BookingQuery = {
  q?: string;
  status?: string;
  payment_status?: string;
  channel?: string;
  /** Which days from and to bound: the service day (delivery or job date, the default) or the day booked. */
  dates?: 'service' | 'booked';
  from?: string;
  to?: string;
};

async function filterOf(deps: OfficeDeps, scope: Scope, query: BookingQuery): Promise<BookingFilter> {
  const { from, to } = query;
  if (from && to && to < from) throw new DomainError('invalid_parameter', '`to` is before `from`.', { field: 'to' });
  let search: BookingFilter['search'];
  if (query.q !== undefined) {
    const read = officeSearchOf(query.q);
    if ('error' in read) throw new DomainError('invalid_parameter', read.error, { field: 'q' });
    search = read;
  }
  const filter: BookingFilter = {
    status: query.status,
    paymentStatus: query.payment_status,
    channel: query.channel,
    search,
  };
  if (query.dates !== 'booked') return { ...filter, serviceFrom: from, serviceTo: to };
  const { timezone } = await companyOf(deps.database, scope);
  return {
    ...filter,
    createdFrom: from ? startOfDayIn(timezone, from) : undefined,
    createdBefore: to ? startOfDayIn(timezone, addDays(to, 1)) : undefined,
  };
}

export async function listBookings<K extends BookingKind>(
  deps: OfficeDeps,
  scope: Scope,
  kind: K,
  query: BookingQuery & { page: number; per_page: number },
) {
  const filter = await filterOf(deps, scope, query);
  const rows = await bookingsPage(deps.database.db, kind, scope.companyId, filter, window(query));
  return pageOf(rows, query);
}

/** How many rows the export reads at a time: the server holds one batch, whatever the list's length. */
export const EXPORT_BATCH = 1000;

/**
 * The whole filtered list in batches, newest first, each batch read after the last row of the one before
 * (never an offset): a 100,000-row export is a hundred short reads, and the caller streams each batch out
 * before the next is read. The filter is checked before the first batch, so a bad one is an error answer.
 */
export async function exportBookings<K extends BookingKind>(
  deps: OfficeDeps,
  scope: Scope,
  kind: K,
  query: BookingQuery,
): Promise<AsyncGenerator<BookingLine<K>[]>> {
  const filter = await filterOf(deps, scope, query);
  const { db } = deps.database;
  return (async function* batches() {
    let after: After | undefined;
    for (;;) {
      const rows = await bookingsPage(db, kind, scope.companyId, filter, { limit: EXPORT_BATCH, after });
      if (rows.length) yield rows;
      const last = rows.at(-1);
      if (!last || rows.length < EXPORT_BATCH) return;
      const number = 'orderNumber' in last.booking ? last.booking.orderNumber : last.booking.jobNumber;
      after = { createdAt: last.cursor, number };
    }
  })();
}

/** The last `days` days through the company's today: bookings, revenue, sources and estimates. */
export async function dashboard(deps: OfficeDeps, scope: Scope, days: number) {
  const { timezone, currency } = await companyOf(deps.database, scope);
  const to = todayIn(timezone, deps.now());
  const from = addDays(to, -(days - 1));
  const { db } = deps.database;
  const today = { from: startOfDayIn(timezone, to), to: startOfDayIn(timezone, addDays(to, 1)) };
  const [rows, estimates, field] = await Promise.all([
    bookingDaysBetween(db, scope.companyId, from, to),
    estimateCounts(db, scope.companyId, to, startOfDayIn(timezone, from), today.to),
    fieldDay(db, scope.companyId, today),
  ]);
  return { ...dashboardOf(rows, from, to, estimates), currency, field: { date: to, ...field } };
}
