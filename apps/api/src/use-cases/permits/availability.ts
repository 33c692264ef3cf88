import type { Queryable } from '../../db/client';
import { permitClosedDays } from '../../domain/permits';
import type { CatalogScope } from '../../domain/scope';
import { streetOf } from '../catalog/dumpster';
import { type AvailabilityQuery, availabilityFor } from '../catalog/fleet';

type StreetQuery = AvailabilityQuery & {
  placement?: 'street' | 'private';
  delivery_zip?: string;
  delivery_city?: string;
};

/**
 * GET /availability with the street (docs/decisions/street-permits.md): the calendar as before, and with
 * placement street where a permit is needed, each open day before the permit's earliest closed as
 * `permit_lead_days`; `street` for the presenter (present/permits.ts), which adds no key without it.
 */
export async function availabilityWithPlacement(
  db: Queryable,
  scope: CatalogScope,
  query: StreetQuery,
  at: { today: string; now: Date },
) {
  const { placement, delivery_zip, delivery_city, ...calendarQuery } = query;
  const street = streetOf(
    scope.catalog,
    { placement, delivery_zip, delivery_city },
    { today: at.today, rentalDays: query.rental_days ?? 1 },
    'invalid_parameter',
  );
  const calendar = await availabilityFor(db, scope, calendarQuery, at);
  if (!street) return { ...calendar, street: null };
  const closed = new Set(calendar.closed.map((c) => c.date));
  const lead = permitClosedDays(street.permit, calendar, closed).map((date) => ({
    date,
    reason: 'permit_lead_days' as const,
  }));
  return {
    ...calendar,
    closed: [...calendar.closed, ...lead].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
    street,
  };
}
