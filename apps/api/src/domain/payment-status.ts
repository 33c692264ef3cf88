/**
 * Where an order's or a junk job's payment stands: unpaid until its card is captured (or the office
 * records one), refunded when given back, no_charge when there was nothing to pay.
 */
export const PAYMENT_STATUSES = ['unpaid', 'paid', 'refunded', 'no_charge'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
