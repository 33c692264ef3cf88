import { and, between, eq } from 'drizzle-orm';
import type { Queryable } from '../client';
import { bookingDays } from '../schema';

/**
 * booking_days: the company's bookings per company-local day, kind, channel and UTM source, kept by triggers
 * on orders and junk_jobs (drizzle/0010_office.sql). The dashboard reads a few rows a day instead of every
 * order of the period.
 */

export type BookingDayRow = typeof bookingDays.$inferSelect;

/** Every row of the days from `from` through `to` (company-local, both included). */
export async function bookingDaysBetween(
  db: Queryable,
  companyId: string,
  from: string,
  to: string,
): Promise<BookingDayRow[]> {
  return db
    .select()
    .from(bookingDays)
    .where(and(eq(bookingDays.companyId, companyId), between(bookingDays.day, from, to)));
}
