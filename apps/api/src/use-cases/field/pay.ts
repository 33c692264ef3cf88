import { findFieldPhoto } from '../../db/repositories/field';
import { chargesOfOrder, findFieldCharge, updateFieldCharge } from '../../db/repositories/field-charges';
import { DomainError } from '../../domain/errors';
import type { PhotoStore } from '../../photos/store';
import type { Rental } from '../rentals/rental';
import { accountOf, processorCall } from '../shared/payments';
import { type ChargeDeps, recordPaid } from './charge-worker';

/**
 * The customer's side of a field charge, through their My booking link (docs/decisions/drivers-day.md): the
 * charges of the order, the weigh ticket's photo, and an owed (declined) charge paid with a card on the
 * page: the intent is made for the charge's amount, the page confirms it, and confirm captures and records.
 */

/** The order's charges, with their tickets: GET /rental/v1/booking. */
export const chargesOfRental = (deps: Pick<ChargeDeps, 'db'>, { catalog, order }: Rental) =>
  chargesOfOrder(deps.db, catalog.company.id, order.id);

/** A charge with its weigh ticket, as the page shows it. */
async function withTicket(deps: Pick<ChargeDeps, 'db'>, rental: Rental, id: string, clientSecret: string | null) {
  const [row] = (await chargesOfRental(deps, rental)).filter((c) => c.charge.id === id);
  if (!row) throw new DomainError('not_found', 'There is no such charge on this booking.', { field: 'charge_id' });
  return { ...row, clientSecret };
}

async function chargeOf(deps: Pick<ChargeDeps, 'db'>, { catalog, order }: Rental, id: string) {
  const charge = await findFieldCharge(deps.db, catalog.company.id, id);
  if (!charge || charge.orderId !== order.id) {
    throw new DomainError('not_found', 'There is no such charge on this booking.', { field: 'charge_id' });
  }
  return charge;
}

/** The ticket photo of an overage of this order. */
export async function ticketPhoto(deps: { db: ChargeDeps['db']; photos: PhotoStore }, rental: Rental, id: string) {
  const { ticket } = await withTicket(deps, rental, id, null);
  const companyId = rental.catalog.company.id;
  const photo = ticket?.photoId ? await findFieldPhoto(deps.db, companyId, ticket.photoId) : undefined;
  const bytes = photo ? await deps.photos.get(photo.storageKey) : null;
  if (!photo || !bytes) throw new DomainError('not_found', 'This charge has no ticket photo.', { field: 'charge_id' });
  return { bytes, contentType: photo.contentType };
}

/** POST …/charges/{id}/pay: the client_secret to confirm a card on, for an owed charge. */
export async function payCharge(deps: ChargeDeps, rental: Rental, id: string) {
  const charge = await chargeOf(deps, rental, id);
  if (charge.status !== 'declined') {
    throw new DomainError('state_conflict', `This charge is ${charge.status}: there is nothing to pay here.`, {
      field: 'charge_id',
    });
  }
  const { company } = rental.catalog;
  const processor = deps.processorFor(company);
  if (!processor) throw new DomainError('payments_not_ready', `${company.name} cannot take card payments online now.`);
  const account = accountOf(company);
  if (charge.paymentIntentId && charge.clientSecret) {
    const intent = await processorCall(() => processor.retrieveIntent(charge.paymentIntentId as string, account));
    if (intent.status === 'requires_payment_method' && intent.amountCents === charge.grossTotalCents) {
      return withTicket(deps, rental, id, intent.clientSecret);
    }
    if (intent.status === 'requires_capture' || intent.status === 'succeeded') return confirmCharge(deps, rental, id);
  }
  const intent = await processorCall(() =>
    processor.createIntent({
      amountCents: charge.grossTotalCents,
      currency: charge.currency,
      idempotencyKey: `field-charge-pay:${charge.id}:${charge.grossTotalCents}`,
      account,
      metadata: { company: company.slug, order_number: String(rental.order.orderNumber), field_charge: charge.id },
    }),
  );
  const kept = await updateFieldCharge(deps.db, charge, ['declined'], {
    paymentIntentId: intent.id,
    clientSecret: intent.clientSecret,
  });
  if (!kept) throw new DomainError('state_conflict', 'This charge changed meanwhile: reload the page.');
  return withTicket(deps, rental, id, intent.clientSecret);
}

/** POST …/charges/{id}/confirm: the card the page confirmed, captured and recorded once. */
export async function confirmCharge(deps: ChargeDeps, rental: Rental, id: string) {
  const charge = await chargeOf(deps, rental, id);
  if (charge.status === 'paid' || charge.status === 'charged') return withTicket(deps, rental, id, null);
  const { company } = rental.catalog;
  const processor = deps.processorFor(company);
  if (charge.status !== 'declined' || !processor || !charge.paymentIntentId) {
    throw new DomainError('state_conflict', `This charge is ${charge.status}: there is nothing to confirm.`, {
      field: 'charge_id',
    });
  }
  const account = accountOf(company);
  let intent = await processorCall(() => processor.retrieveIntent(charge.paymentIntentId as string, account));
  if (intent.amountCents !== charge.grossTotalCents) {
    throw new DomainError('upstream', 'The payment service answered with another amount: nothing was charged.');
  }
  if (intent.status === 'requires_capture') intent = await processorCall(() => processor.capture(intent.id, account));
  if (intent.status !== 'succeeded') {
    throw new DomainError(
      'unconfirmed',
      `The card is not authorized yet (payment ${intent.status}): confirm it, then retry.`,
      {
        details: { payment_status: intent.status, decline_code: intent.declineCode },
      },
    );
  }
  await recordPaid(deps, rental.catalog, rental.order, charge, intent, ['declined'], 'paid');
  return withTicket(deps, rental, id, null);
}
