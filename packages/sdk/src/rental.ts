import type { components } from './generated/rental';

/**
 * A customer's "My booking" page (/rental/v1, opened by the link's token: Authorization: Bearer rtl_…),
 * generated from its OpenAPI document (openapi/rental.json). The hosted /rental/<token> page uses it.
 */
export type RentalBooking = components['schemas']['RentalBooking'];
export type RentalChange = components['schemas']['RentalChange'];
export type RentalChangeQuote = components['schemas']['RentalChangeQuote'];
export type RentalChangeRequest = components['schemas']['RentalChangeRequest'];
/** What the field added after the booking (an overage from the scale, a wasted trip). */
export type RentalCharge = components['schemas']['RentalCharge'];
