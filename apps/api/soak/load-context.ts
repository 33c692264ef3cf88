// What every kind of visit shares: the setup, the timed HTTP client, the load's clock, and what the visitors
// held or sent that no log may hold (the checks look for it in every log).
import { Http, type Recorder } from './load-http';
import type { LoadSetup } from './load-world';
import { sleep } from './stack';

export class LoadContext {
  readonly http: Http;
  /** Secrets the visitors held (payment client secrets, console session cookies): never to be logged. */
  readonly secrets = new Set<string>();
  /** Customers' and leads' e-mails and phones, as sent: never to be logged either. */
  readonly personal = new Set<string>();
  /** Dumpster orders confirmed so far: the company's server reads one of them on the Data API. */
  readonly knownOrders: number[] = [];
  /** Orders the driver's day took (load-field.ts): the office's own moves leave them alone. */
  readonly fieldOrders = new Set<number>();
  /** When the load ends: set as it starts. */
  stopAt = 0;

  constructor(
    readonly setup: LoadSetup,
    readonly recorder: Recorder,
  ) {
    this.http = new Http(setup.base, recorder);
  }

  get running() {
    return Date.now() < this.stopAt;
  }

  /** A wait that ends with the load. */
  pause(ms: number) {
    return sleep(Math.max(0, Math.min(ms, this.stopAt - Date.now())));
  }

  auth() {
    return { authorization: `Bearer ${this.setup.serverKey}` };
  }

  /** What the logs must never hold: a customer's e-mail and phone as sent, and the phone's digits. */
  sentPersonal(...values: (string | undefined)[]) {
    for (const v of values) {
      if (!v) continue;
      this.personal.add(v);
      if (/^\+?[\d\s().-]+$/.test(v)) this.personal.add(v.replace(/\D/g, ''));
    }
  }
}
