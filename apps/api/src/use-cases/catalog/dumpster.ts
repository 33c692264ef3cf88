import type { z } from '@hono/zod-openapi';
import type { CheckBody, QuoteBody } from '../../contract/booking';
import { resolveMaterial } from '../../domain/booking-rules';
import {
  AVAILABILITY_DEFAULT_SPAN,
  AVAILABILITY_MAX_SPAN,
  availability,
  checkDeliveryDate,
} from '../../domain/calendar';
import type { Catalog } from '../../domain/catalog';
import { addDays, daysBetween } from '../../domain/dates';
import { DomainError } from '../../domain/errors';
import { type StreetTerms, streetTerms, withStreet } from '../../domain/permits';
import { priceQuote } from '../../domain/pricing';
import { evaluatePromo } from '../../domain/promo';
import type { CatalogScope } from '../../domain/scope';
import { checkServiceArea } from '../../domain/service-area';

/**
 * The Booking API's read side. Each takes the company's scope (its cached catalog) and its local 'today',
 * so none of them touches the database: a quote is pure computation. They answer in cents; presenters make dollars.
 */

export function quoteRental({ catalog }: CatalogScope, body: z.infer<typeof QuoteBody>, today: string) {
  const size = catalog.sizes.find((s) => s.id === body.size_id);
  if (!size) throw new DomainError('not_found', 'No size with this id for this company.', { field: 'size_id' });
  const material = resolveMaterial(catalog, body.material);
  const promo = body.promo_code === undefined ? null : evaluatePromo(catalog.promos, body.promo_code, today);
  const priced = priceQuote(catalog, { size, rentalDays: body.rental_days, material, promo });
  // Absent or private: the quote as it always was, without a key of the street's.
  const street = streetOf(catalog, body, { today, rentalDays: body.rental_days });
  const cents = street ? withStreet(priced, street, catalog.company.cardFee) : priced;
  return { size, rentalDays: body.rental_days, material, promo, cents };
}

/**
 * The street's terms for a quote or calendar, from the ZIP and city it was asked with (the intent reads them
 * from its own address); null without placement street. The rule is the company's: nothing of it is sent.
 */
export function streetOf(
  catalog: Catalog,
  query: { placement?: 'street' | 'private'; delivery_zip?: string; delivery_city?: string },
  rental: { today: string; rentalDays: number },
  zipError: 'invalid_body' | 'invalid_parameter' = 'invalid_body',
): StreetTerms | null {
  if (query.placement !== 'street') return null;
  if (catalog.company.permits && query.delivery_zip === undefined) {
    throw new DomainError(zipError, 'Send delivery_zip with placement street: the permit rules go by the address.', {
      field: 'delivery_zip',
    });
  }
  return streetTerms(
    catalog.company.permits,
    { zip: query.delivery_zip, city: query.delivery_city },
    { today: rental.today, minNoticeDays: catalog.company.minNoticeDays, rentalDays: rental.rentalDays },
  );
}

export function checkBooking({ catalog }: CatalogScope, body: z.infer<typeof CheckBody>, today: string) {
  const { company } = catalog;
  return {
    date: body.delivery_date === undefined ? null : checkDeliveryDate(company, today, body.delivery_date),
    serviceArea: body.zip === undefined ? null : checkServiceArea(company.serviceAreaZips, body.zip),
    promo: body.promo_code === undefined ? null : evaluatePromo(catalog.promos, body.promo_code, today),
    bookingOnline: company.bookingOnline,
    paymentsReady: company.paymentsReady,
  };
}

export function closedDays(catalog: Catalog, query: { from?: string; to?: string }, today: string) {
  const from = query.from ?? today;
  const to = query.to ?? addDays(from, AVAILABILITY_DEFAULT_SPAN);
  const span = daysBetween(from, to);
  if (span < 0) throw new DomainError('invalid_parameter', '`to` is before `from`.', { field: 'to' });
  if (span > AVAILABILITY_MAX_SPAN) {
    throw new DomainError('invalid_parameter', `\`to\` is at most ${AVAILABILITY_MAX_SPAN} days after \`from\`.`, {
      field: 'to',
    });
  }
  return availability(catalog.company, today, from, to);
}
