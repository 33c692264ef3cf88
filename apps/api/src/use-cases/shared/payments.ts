import { createHash } from 'node:crypto';
import type { SessionRow } from '../../db/repositories/sessions';
import type { Catalog, Company } from '../../domain/catalog';
import { accountOf } from '../../domain/catalog';
import { DomainError } from '../../domain/errors';
import { type Processor, ProcessorUnavailable } from '../../payments/processor';

/** The card processor of a company, or null when none is configured for it. */
export type ProcessorFor = (company: Company) => Processor | null;
/** Where a booking came from: attribution only, never a permission (docs/decisions/booking-channel.md). */
export type Channel = 'api' | 'link' | 'widget';
/**
 * Who opens a payment: the kind of key, the booking channel, and for a publishable key the page visitor's
 * address (null for a server key: a backend speaks for many customers).
 */
export type Caller = { keyKind: 'publishable' | 'server'; channel: Channel; ip: string | null };
/** Counts a new payment intent against the company's caps, or refuses it (http/intent-caps.ts). */
export type AdmitIntent = (company: Company, caller: Pick<Caller, 'keyKind' | 'ip'>) => Promise<void>;

export { accountOf } from '../../domain/catalog';

/** Runs a processor call; a failure to reach it is 502 upstream. */
export async function processorCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw new DomainError('upstream', 'The payment service did not answer. Retry with the same session_id.', {
      details: { reason: err instanceof ProcessorUnavailable ? err.message : 'processor error' },
    });
  }
}

/** SHA-256 of a request as JSON with sorted keys, so the same request always hashes the same. */
export function requestHash(request: unknown): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The processor's customer a dumpster booking's card is saved to, for the company's later charges (a change
 * in "My booking": docs/decisions/my-booking.md); null when the company does not save cards. Made after the
 * session's row, with a key of the session, so a retry finds the same customer.
 */
export async function savingCustomer(
  processor: Processor,
  catalog: Catalog,
  session: SessionRow,
): Promise<string | null> {
  const { company } = catalog;
  if (session.kind !== 'dumpster' || !company.rentalChanges.saveCards) return null;
  if (session.processorCustomer) return session.processorCustomer;
  const { customer } = (session.request as { request: { customer: { email: string; name: string } } }).request;
  return processorCall(() =>
    processor.createCustomer({
      idempotencyKey: `customer:${company.id}:${session.sessionId}`,
      email: customer.email,
      name: customer.name,
      account: accountOf(company),
    }),
  );
}
