// What every check shares: the shape of a check, what the checks read (the run's records, the logs), and the
// few examples a check's detail lists.
import type pg from 'pg';
import type { Crash } from './api-instances';
import type { TicketRecord } from './load-field';
import type { BookingRecord, LeadPerson, LeadPush } from './load-world';
import type { NginxLine } from './nginx';
import type { Delivery } from './receiver';

export type Check = {
  name: string;
  ok: boolean;
  detail: string;
  numbers?: Record<string, unknown>;
  /** A failure wholly explained by known product bugs (KNOWN_ISSUES): reported, not counted. */
  known?: KnownIssue[];
};
/** A fault's time; `strict`: no 5xx is forgiven inside it (the documented rolling restart). */
export type FaultWindow = { name: string; from: number; to: number; note?: string; strict?: boolean };
/** A product bug a check's failure is known by (KNOWN_ISSUES, in checks.ts). */
export type KnownIssue = string;

/** What the checks read: the database, the load's records, the receiver's log, nginx's log, the faults. */
export type ChecksInput = {
  db: pg.Client;
  bookings: BookingRecord[];
  people: Map<string, LeadPerson>;
  pushes: LeadPush[];
  /** The weigh tickets the driver's day sent (load-field.ts). */
  tickets: TicketRecord[];
  /** Steps of the driver's day answered as they should not have been (each also an unexpected answer). */
  fieldFailed: number;
  deliveries: Delivery[];
  nginx: NginxLine[];
  windows: FaultWindow[];
  graceMs: number;
  graceful:
    | { code: number | null; signal: string | null; ms: number; timeoutMs: number; inFlight: number[] }
    | undefined;
  instancesReady: { name: string; status: number; body: unknown }[];
  faultErrors: { fault: string; error: string }[];
  crashes: Crash[];
  /** A time as the run's timeline says it (seconds since the start). */
  t: (ms: number) => string;
};

export const list = (rows: unknown[], max = 5) =>
  rows.length
    ? ` e.g. ${JSON.stringify(rows.slice(0, max))}${rows.length > max ? ` (+${rows.length - max})` : ''}`
    : '';
