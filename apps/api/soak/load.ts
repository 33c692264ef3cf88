// The soak's load: customers booking dumpsters and junk removal with the sandbox's test cards, visitors
// pricing, a company's server reading the Data API and pushing leads (some of them twice), and the office
// in the console approving held bookings and moving them along, and the driver's day (the office routing
// delivered orders' pickups, the drivers' phones sending picked up and weigh tickets). Everything goes through nginx. Each kind of
// visit arrives at its own rate (a Poisson process), so the load stays bounded whatever the latency; each
// visit retries the way a client should (the same session_id, payment_intent_id or lead).
// This file is the driver (the arrivals, a cap on the visits in flight); each surface has its file:
// load-booking.ts (with load-sandbox-card.ts), load-browse.ts, load-data-api.ts, load-console.ts, load-field.ts.
import { BookingVisits } from './load-booking';
import { browse } from './load-browse';
import { ConsoleVisits } from './load-console';
import { LoadContext } from './load-context';
import { DataApiVisits } from './load-data-api';
import { FieldVisits } from './load-field';
import type { Recorder } from './load-http';
import type { BookingRecord, LeadPerson, LeadPush, LoadSetup, Rates } from './load-world';
import { sleep } from './stack';

// ---- the load --------------------------------------------------------------------------------------------

export class Load extends LoadContext {
  readonly bookings: BookingRecord[];
  readonly people: Map<string, LeadPerson>;
  readonly pushes: LeadPush[];
  readonly office: ConsoleVisits['office'];
  /** The driver's day: what it did, and each weigh ticket it sent (the checks read them). */
  readonly field: FieldVisits['field'];
  readonly tickets: FieldVisits['tickets'];
  readonly arrivals: Record<string, { started: number; skipped: number }> = {};
  private readonly inFlight = new Set<Promise<void>>();
  private readonly bookingVisits: BookingVisits;
  private readonly dataVisits: DataApiVisits;
  private readonly consoleVisits: ConsoleVisits;
  private readonly fieldVisits: FieldVisits;

  constructor(
    setup: LoadSetup,
    recorder: Recorder,
    private readonly rates: Rates,
    /** Visits in flight at most: past it an arrival is skipped (counted), so a stall never snowballs. */
    private readonly maxInFlight = 40,
  ) {
    super(setup, recorder);
    this.bookingVisits = new BookingVisits(this);
    this.dataVisits = new DataApiVisits(this);
    this.consoleVisits = new ConsoleVisits(this, rates);
    this.bookings = this.bookingVisits.bookings;
    this.people = this.dataVisits.people;
    this.pushes = this.dataVisits.pushes;
    this.office = this.consoleVisits.office;
    this.fieldVisits = new FieldVisits(this, rates.fieldEverySeconds);
    this.field = this.fieldVisits.field;
    this.tickets = this.fieldVisits.tickets;
  }

  /** Runs every kind of visit until `durationMs` has passed, then waits for the visits in flight. */
  async run(durationMs: number, drainMs: number) {
    const started = Date.now();
    this.stopAt = started + durationMs;
    const loops = [
      this.arrive('dumpster', this.rates.dumpster, () => this.bookingVisits.book('dumpster')),
      this.arrive('junk', this.rates.junk, () => this.bookingVisits.book('junk')),
      this.arrive('browse', this.rates.browse, () => browse(this)),
      this.arrive('data-read', this.rates.dataRead, () => this.dataVisits.readData()),
      this.arrive('lead', this.rates.lead, () => this.dataVisits.pushLead()),
      this.consoleVisits.officeLoop(),
      this.consoleVisits.ownerLoop(),
      // Each driver works one order at a time (its route of a day is set whole by the office each time).
      ...this.setup.drivers.map((driver) => this.fieldVisits.driverLoop(driver)),
    ];
    await Promise.all(loops);
    const drained = Promise.all([...this.inFlight]);
    await Promise.race([drained, sleep(drainMs)]);
    return { loadMs: Date.now() - started, unfinished: this.inFlight.size };
  }

  private async arrive(kind: string, ratePerSecond: number, visit: () => Promise<void>) {
    const counts = { started: 0, skipped: 0 };
    this.arrivals[kind] = counts;
    if (ratePerSecond <= 0) return;
    for (;;) {
      await this.pause(-Math.log(1 - Math.random()) * (1000 / ratePerSecond));
      if (!this.running) return;
      if (this.inFlight.size >= this.maxInFlight) {
        counts.skipped++;
        continue;
      }
      counts.started++;
      const p: Promise<void> = visit()
        .catch((err: unknown) => this.recorder.surprise(`${kind} visit threw: ${String(err)}`))
        .finally(() => this.inFlight.delete(p));
      this.inFlight.add(p);
    }
  }

  /** One look at the console's badges with the office's session (the PostgreSQL fault calls it meanwhile). */
  async officeGlance() {
    await this.consoleVisits.officeGlance();
  }
}
