import { DomainError } from './errors';

/**
 * Converting a lead makes or links the company's customer (docs/decisions/lead-moves.md). Customers are
 * one per e-mail address (lower case), and a customer needs one: a lead with an e-mail becomes the customer
 * with that address (made when new); a lead with only a phone number is linked to the customer with the
 * same phone digits, when there is one; a lead with neither cannot become a customer.
 */
export type CustomerMatch = { by: 'email'; email: string } | { by: 'phone'; digits: string };

export function customerMatchOf(lead: {
  emailNormalized: string | null;
  phoneNormalized: string | null;
}): CustomerMatch {
  if (lead.emailNormalized) return { by: 'email', email: lead.emailNormalized };
  const digits = lead.phoneNormalized?.replace(/\D/g, '');
  if (digits) return { by: 'phone', digits };
  throw new DomainError(
    'invalid_body',
    'This lead has no e-mail address or phone number, so it cannot become a customer: contact the person, then book them, or discard the lead.',
    { field: 'status', details: { reason: 'no_contact' } },
  );
}

/** A lead with a phone number only, which no customer of the company has. */
export function noCustomerWithPhone(): DomainError {
  return new DomainError(
    'invalid_body',
    'This lead has no e-mail address and no customer has its phone number: a new customer needs an e-mail address. Book the person (the booking makes the customer), then convert the lead, or mark it contacted.',
    { field: 'status', details: { reason: 'no_email' } },
  );
}

/** A lead with a phone number only, which several customers share: the office must choose, not us. */
export function severalCustomersWithPhone(): DomainError {
  return new DomainError(
    'invalid_body',
    'This lead has no e-mail address and several customers have its phone number, so it is not clear which one it is: mark it contacted and ask the person for their e-mail address.',
    { field: 'status', details: { reason: 'ambiguous_phone' } },
  );
}
