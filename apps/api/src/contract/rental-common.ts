import { z } from '@hono/zod-openapi';

/**
 * The customer's "My booking" page (/rental/v1, docs/decisions/my-booking.md): one order, opened by the private
 * token of its link (Authorization: Bearer rtl_…), never by a key. Readable from any origin: the token is the
 * only credential, and it opens that one booking and nothing else.
 */
export const RENTAL_BASE = '/rental/v1';

export const rentalBearer = [{ rentalToken: [] }];
export const TOKEN_ERRORS = ['unauthorized', 'not_found', 'rate_limited', 'method_not_allowed'] as const;

/** The company to reach about a booking. */
export const RentalCompany = z.object({
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  timezone: z.string().openapi({ description: "the company's IANA timezone: the page writes times in it" }),
});
