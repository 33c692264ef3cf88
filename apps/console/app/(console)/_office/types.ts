import type { ConsolePaths as P, ConsoleSchemas as S } from '@svc/sdk/console';

/**
 * The office's shapes, from the console API's generated types (contract/console/office.ts → console.json →
 * @svc/sdk/console): a page that reads a field the API does not answer does not compile.
 */
export type Held = S['ConsoleHeld'];
export type StuckSession = S['ConsoleStuckSession'];
export type TroubledEndpoint = S['ConsoleTroubledEndpoint'];
/** A lead with the statuses the office may move it to now (`moves`, decided by the API). */
export type Lead = S['ConsoleLead'];
export type Decision = S['ConsoleDecision'];
export type Stop = S['ConsoleStop'];
export type DayJob = S['ConsoleDayJob'];
export type FleetSize = S['ConsoleFleetSize'];
export type Customer = S['ConsoleCustomer'];
export type CustomerLine = S['ConsoleCustomerLine'];
export type ConsoleOrder = S['ConsoleOrder'];
export type Estimate = S['ConsoleEstimatePage']['data'][number];
/** The statuses a move takes (a record's `moves` lists those it allows now, as plain strings). */
export type OrderStatus = Body<'/orders/{order_number}/status'>['status'];
export type JobStatus = Body<'/jobs/{job_number}/status'>['status'];
type Body<K extends keyof P> = P[K] extends { post: { requestBody?: { content: { 'application/json': infer B } } } }
  ? B
  : never;
export type TimelineEntry = ConsoleOrder['timeline'][number];

/** What the order and the job pages share. */
export type RecordCommon = Omit<
  ConsoleOrder,
  'order_number' | 'size' | 'material' | 'rental_days' | 'delivery_date' | 'pickup_date' | 'placement' | 'permit'
>;
/** A line of the Orders and Junk jobs lists, and the dashboard's figures (contract/console/bookings.ts). */
export type OrderLine = S['ConsoleOrderLine'];
export type JobLine = S['ConsoleJobLine'];
export type Dashboard = S['ConsoleDashboard'];
