import type { ConsoleSchemas as S } from '@svc/sdk/console';

/**
 * The office's shapes, from the console API's generated types (contract/console/office.ts → console.json →
 * @svc/sdk/console): a page that reads a field the API does not answer does not compile.
 */
export type { Page } from '../../../lib/types';

export type NeedsAction = S['ConsoleNeedsAction'];
export type Held = S['ConsoleHeld'];
export type StuckSession = S['ConsoleStuckSession'];
export type TroubledEndpoint = S['ConsoleTroubledEndpoint'];
export type Lead = S['Lead'];
export type Decision = S['ConsoleDecision'];
export type DispatchDay = S['ConsoleDispatchDay'];
export type Stop = S['ConsoleStop'];
export type DayJob = S['ConsoleDayJob'];
export type Fleet = S['ConsoleFleet'];
export type FleetSize = S['ConsoleFleetSize'];
export type Customer = S['ConsoleCustomer'];
export type CustomerLine = S['ConsoleCustomerLine'];
export type CustomerDetail = S['ConsoleCustomerDetail'];
export type ConsoleOrder = S['ConsoleOrder'];
export type ConsoleJob = S['ConsoleJob'];
export type Estimate = S['ConsoleEstimatePage']['data'][number];
export type TimelineEntry = ConsoleOrder['timeline'][number];

/** What the order and the job pages share. */
export type RecordCommon = Omit<
  ConsoleOrder,
  'order_number' | 'size' | 'material' | 'rental_days' | 'delivery_date' | 'pickup_date'
>;
