import { createHash, randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../../db/client';
import { loadCatalog } from '../../db/repositories/catalog';
import { findCustomer } from '../../db/repositories/customers';
import { findOrderByNumber } from '../../db/repositories/orders';
import { enqueueMessages } from '../../db/repositories/outbox';
import { bookingOfLink, insertRentalLink, revokeRentalLinks } from '../../db/repositories/rentals';
import type { Catalog } from '../../domain/catalog';
import { todayIn } from '../../domain/dates';
import { DomainError } from '../../domain/errors';
import { linkValid } from '../../domain/rental-changes';
import type { Scope } from '../../domain/scope';
import { rentalLinkMessages } from '../../messages/notices';

/**
 * The customer's private "My booking" link (docs/decisions/my-booking.md): a random token of 192 bits, kept
 * only as its SHA-256 fingerprint, scoped to one order, valid until 30 days after its can is back, revocable.
 */
const TOKEN_PREFIX = 'rtl_';
/** A token as the link carries it: the prefix and 32 base64url characters. */
export const TOKEN_PATTERN = /^rtl_[A-Za-z0-9_-]{32}$/;

export const fingerprint = (token: string) => createHash('sha256').update(token).digest('hex');

/** Where the hosted pages are: a link is `<hostedBaseUrl>/rental/<token>`. */
export type Links = { hostedBaseUrl: string };
export const rentalUrl = (links: Links, token: string) => `${links.hostedBaseUrl}/rental/${token}`;

/** A new link to an order or a junk job, in the caller's transaction: its token, which is not kept. */
export async function issueRentalLink(
  tx: Queryable,
  companyId: string,
  booking: { orderId: string } | { junkJobId: string },
): Promise<string> {
  const token = `${TOKEN_PREFIX}${randomBytes(24).toString('base64url')}`;
  await insertRentalLink(tx, { companyId, ...booking, tokenHash: fingerprint(token) });
  return token;
}

/** Why a token opens nothing: one page for all of them, so a guess learns nothing about which it was. */
const gone = () =>
  new DomainError(
    'not_found',
    'This booking link is not valid: it may be mistyped, replaced by a newer one or expired. Call the company for a new one.',
    { field: 'token' },
  );

/**
 * The booking a token opens (an order or a junk job, with its customer), or not_found: unknown, revoked, or
 * 30 days past the can's return (an order) or the job's day.
 */
export async function openRentalLink(
  db: Queryable,
  token: string,
  now: Date,
  catalogOf: (companyId: string) => Promise<Catalog | null>,
) {
  if (!TOKEN_PATTERN.test(token)) throw gone();
  const found = await bookingOfLink(db, fingerprint(token));
  if (!found) throw gone();
  const catalog = await catalogOf((found.kind === 'order' ? found.order : found.job).companyId);
  const lastDay = found.kind === 'order' ? (found.order.backOn ?? found.order.pickupDate) : found.job.jobDate;
  if (!catalog || !linkValid(lastDay, todayIn(catalog.company.timezone, now))) throw gone();
  return found.kind === 'order'
    ? { kind: 'order' as const, catalog, order: found.order }
    : { kind: 'job' as const, catalog, job: found.job };
}

/**
 * The office sends the customer a fresh link (svc orders link, the console's order page): every earlier link
 * of the order stops working, the new one goes out by e-mail and text.
 */
export async function resendRentalLink(
  deps: { database: Database; now: () => Date; links: Links },
  scope: Scope,
  orderNumber: number,
) {
  const catalog = await loadCatalog(deps.database.db, scope.companyId);
  if (!catalog) throw new DomainError('not_found', 'This company has no catalog yet.');
  return deps.database.db.transaction(async (tx) => {
    const order = await findOrderByNumber(tx, scope.companyId, orderNumber);
    if (!order) throw new DomainError('not_found', `There is no order #${orderNumber}.`, { field: 'order_number' });
    const revoked = await revokeRentalLinks(tx, scope.companyId, order.id, deps.now());
    const token = await issueRentalLink(tx, scope.companyId, { orderId: order.id });
    const customer = (await findCustomer(tx, scope.companyId, order.customerId)) as {
      name: string;
      email: string;
      phone: string;
    };
    await enqueueMessages(
      tx,
      scope.companyId,
      rentalLinkMessages(catalog.company, order, customer, rentalUrl(deps.links, token)),
    );
    return { order_number: order.orderNumber, revoked, sent_to: customer.email };
  });
}

/** The office stops every link of an order (without sending a new one). */
export async function revokeRentalLink(
  deps: { database: Database; now: () => Date },
  scope: Scope,
  orderNumber: number,
) {
  const order = await findOrderByNumber(deps.database.db, scope.companyId, orderNumber);
  if (!order) throw new DomainError('not_found', `There is no order #${orderNumber}.`, { field: 'order_number' });
  return {
    order_number: orderNumber,
    revoked: await revokeRentalLinks(deps.database.db, scope.companyId, order.id, deps.now()),
  };
}
