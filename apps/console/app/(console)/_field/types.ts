import type { ConsoleSchemas as S } from '@svc/sdk/console';

/**
 * The driver's day as the office reads it (contract/console/field.ts, field-shapes.ts → @svc/sdk/console): a
 * stop's place on the routes and its state from the field, the members a stop can be given to, the charges
 * the field made (overage from a weigh ticket, a wasted trip), and an order's field record.
 */
export type StopRoute = S['ConsoleStopRoute'];
export type Driver = S['ConsoleDriver'];
export type FieldCharge = S['ConsoleFieldCharge'];
export type FieldPhoto = S['ConsoleFieldPhoto'];
export type OrderField = S['ConsoleOrderField'];
export type WeighTicket = NonNullable<S['ConsoleWeighTicket']>;
export type ChargeAction = 'hold' | 'release' | 'adjust' | 'waive';
