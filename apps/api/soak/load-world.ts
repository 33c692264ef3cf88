// The world the visitors book in: what the load was told of the company (its setup), the rates of the visits,
// the records the checks read (bookings, lead pushes), and the sample photos.
import { readFileSync } from 'node:fs';
import path from 'node:path';

// ---- the world the visitors book in ----------------------------------------------------------------------

export type CardClass = 'success' | 'held' | 'declined' | 'threeds' | 'abandon';

export type BookingRecord = {
  kind: 'dumpster' | 'junk';
  sessionId: string;
  card: CardClass;
  startedAt: number;
  endedAt?: number;
  /** What the customer was told in the end. */
  outcome: 'confirmed' | 'held' | 'declined' | 'abandoned' | 'failed';
  number?: number;
  paymentIntentId?: string;
  amountCents?: number;
  confirmTries?: number;
  photos?: number;
  error?: string;
};

export type LeadPerson = { key: string; phone: string; email: string; firstAt: number; leadIds: Set<string> };
export type LeadPush = {
  at: number;
  person: string;
  kind: 'new' | 'duplicate' | 'concurrent';
  status: number;
  leadId?: string;
  existing?: boolean;
};

/** A console member the load signs in as (a driver): its id in the company, its login and its session. */
export type ConsoleMember = { id: string; name: string; email: string; password: string; cookies: Map<string, string> };

export type LoadSetup = {
  base: string;
  serverKey: string;
  dataKey: string;
  consoleOrigin: string;
  owner: { email: string; password: string; cookies: Map<string, string> };
  /** The company's drivers, each signed in (its invitation accepted) with a session of its own. */
  drivers: ConsoleMember[];
  /** The sizes, with what a weigh ticket is measured against (tons included before the overage). */
  sizes: { id: string; yards: number; label: string; includedTons: number }[];
  closedDays: Set<string>;
  minDate: string;
  /** The last day whose calendar was read: a rental's pickup falls before it. */
  lastDate: string;
  zips: string[];
  loads: string[];
  photos: Buffer[];
};

/** Arrivals per second of each kind of visit, and the office's pace. */
export type Rates = {
  dumpster: number;
  junk: number;
  browse: number;
  dataRead: number;
  lead: number;
  /** Seconds between the office's actions (it approves, rejects and moves as it reads). */
  officeEverySeconds: number;
  ownerEverySeconds: number;
  /** Seconds between a driver's orders (load-field.ts; each driver works one order at a time). */
  fieldEverySeconds: number;
};

export const DEFAULT_RATES: Rates = {
  dumpster: 0.25,
  junk: 0.1,
  browse: 2.0,
  dataRead: 1.2,
  lead: 0.25,
  officeEverySeconds: 2.5,
  ownerEverySeconds: 5,
  fieldEverySeconds: 3,
};

/**
 * The rates times `factor` (`--rate 10x`, the saturation ramp's steps): every arrival more often, and the
 * office, the owner and the drivers at a pace as much faster (the bookings they act on come as much faster).
 */
export function scaledRates(rates: Rates, factor: number): Rates {
  return {
    dumpster: rates.dumpster * factor,
    junk: rates.junk * factor,
    browse: rates.browse * factor,
    dataRead: rates.dataRead * factor,
    lead: rates.lead * factor,
    officeEverySeconds: rates.officeEverySeconds / factor,
    ownerEverySeconds: rates.ownerEverySeconds / factor,
    fieldEverySeconds: rates.fieldEverySeconds / factor,
  };
}

/** Visits in flight at most at a multiple of the rates: past it an arrival is skipped (counted). */
export const maxInFlightAt = (factor: number) => Math.round(40 * Math.max(1, factor));

export const loadSamplePhotos = (repoRoot: string) =>
  ['junk-pile-1.jpg', 'junk-pile-2.jpg'].map((f) => readFileSync(path.join(repoRoot, 'docs/samples', f)));

export const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;
