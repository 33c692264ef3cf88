// Customers booking dumpsters and junk removal: the intent with their session_id, the card, confirm retried
// with the same ids until it answers, where the booking stands, a junk job's photos.
import { randomBytes } from 'node:crypto';
import type { LoadContext } from './load-context';
import { type Answer, type Json, retryable, retrying } from './load-http';
import { payCard } from './load-sandbox-card';
import { type BookingRecord, type CardClass, pick } from './load-world';
import { sleep } from './stack';

/**
 * The cards, in a fixed cycle (every kind shows up early, even in a short run): mostly good ones, some
 * held for fraud review, some declined, some with a 3-D Secure step, a few customers who leave after paying.
 */
const CYCLES: Record<'dumpster' | 'junk', CardClass[]> = {
  dumpster: [
    'success',
    'success',
    'abandon',
    'held',
    'success',
    'declined',
    'success',
    'threeds',
    'success',
    'success',
    'held',
    'success',
    'success',
    'declined',
    'success',
    'threeds',
    'success',
    'abandon',
    'success',
    'success',
  ],
  junk: ['success', 'abandon', 'held', 'success', 'threeds', 'success', 'declined', 'success', 'success', 'success'],
};

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const sessionIdOf = () => `ses_soak_${randomBytes(10).toString('hex')}`;

// ---- bookings --------------------------------------------------------------------------------------------

export class BookingVisits {
  readonly bookings: BookingRecord[] = [];
  private readonly cycles = { dumpster: 0, junk: 0 };

  constructor(private readonly load: LoadContext) {}

  private nextCard(kind: 'dumpster' | 'junk'): CardClass {
    const cycle = CYCLES[kind];
    const card = cycle[this.cycles[kind]++ % cycle.length] as CardClass;
    // A customer who leaves after paying is found by the recovery worker a minute later (sessions untouched
    // for a minute): not in the last 50 s, so the soak's checks meet every one of them made.
    return card === 'abandon' && this.load.stopAt - Date.now() < 50_000 ? 'success' : card;
  }

  private deliveryDay(rentalDays: number): string {
    const { closedDays, minDate, lastDate } = this.load.setup;
    const span = Math.round((Date.parse(lastDate) - Date.parse(minDate)) / 86_400_000) - rentalDays;
    for (let tries = 0; tries < 200; tries++) {
      const day = addDays(minDate, Math.floor(Math.random() * Math.max(1, span)));
      if (!closedDays.has(day) && !closedDays.has(addDays(day, rentalDays))) return day;
    }
    throw new Error(`no open delivery day between ${minDate} and ${lastDate}`);
  }

  private customer(n: string) {
    const customer = {
      name: `Soak Customer ${n}`,
      email: `customer.${n}@soak.example`,
      phone: `+1 512 555 ${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`,
    };
    this.load.sentPersonal(customer.email, customer.phone);
    return customer;
  }

  async book(kind: 'dumpster' | 'junk') {
    const card = this.nextCard(kind);
    const sessionId = sessionIdOf();
    const record: BookingRecord = { kind, sessionId, card, startedAt: Date.now(), outcome: 'failed' };
    this.bookings.push(record);
    const fail = (why: string, answer?: Answer, op?: string) => {
      record.outcome = 'failed';
      record.error = why;
      record.endedAt = Date.now();
      this.load.recorder.surprise(`${kind} ${sessionId} (${card}): ${why}`, answer, op);
    };
    const promo = Math.random() < 0.2 ? pick(['SAVE25', 'WELCOME10']) : undefined;
    const prefix = kind === 'junk' ? '/booking/v1/junk' : '/booking/v1';

    let body: Record<string, unknown>;
    if (kind === 'dumpster') {
      const size = pick(this.load.setup.sizes);
      const rentalDays = pick([3, 5, 7, 9, 10, 14]);
      // A visitor prices before paying.
      await this.load.http.call('booking POST /quote', 'POST', '/booking/v1/quote', {
        headers: this.load.auth(),
        json: { size_id: size.id, rental_days: rentalDays, ...(promo ? { promo_code: promo } : {}) },
      });
      body = {
        size_id: size.id,
        rental_days: rentalDays,
        delivery_date: this.deliveryDay(rentalDays),
        delivery_address: `${100 + Math.floor(Math.random() * 900)} Congress Ave`,
        delivery_city: 'Austin',
        delivery_state: 'TX',
        delivery_zip: pick(this.load.setup.zips),
        customer: this.customer(sessionId.slice(-8)),
        terms_accepted: true,
        ...(promo ? { promo_code: promo } : {}),
      };
    } else {
      // The page loads the calendar again when it failed (the customer reloads).
      const { answer: days } = await retrying(() =>
        this.load.http.call('junk GET /junk/availability', 'GET', '/booking/v1/junk/availability', {
          headers: this.load.auth(),
        }),
      );
      if (days.status !== 200)
        return fail(`junk availability answered ${days.status}`, days, 'junk GET /junk/availability');
      const windows = (days.body.data.days as Json[]).flatMap((d) =>
        d.open ? (d.windows as Json[]).filter((w) => w.remaining > 0).map((w) => ({ ...w, date: d.date })) : [],
      );
      if (!windows.length) return fail('no junk window with a seat');
      const slot = pick(windows.slice(0, 60));
      body = {
        load_fraction: pick(this.load.setup.loads),
        job_date: slot.date,
        time_window_start: slot.start,
        time_window_end: slot.end,
        address_line1: `${100 + Math.floor(Math.random() * 900)} Lamar Blvd`,
        city: 'Austin',
        state: 'TX',
        zip: pick(this.load.setup.zips),
        notes: 'An old couch and boxes in the garage',
        customer: this.customer(sessionId.slice(-8)),
        terms_accepted: true,
        ...(promo ? { promo_code: promo } : {}),
      };
    }

    // 1. The intent, with our session_id: a retry of a lost answer replays the same payment.
    const intentOp = `${kind} POST ${kind === 'junk' ? '/junk' : ''}/intents`;
    const { answer: intent } = await retrying(() =>
      this.load.http.call(intentOp, 'POST', `${prefix}/intents`, {
        headers: this.load.auth(),
        json: { ...body, session_id: sessionId },
      }),
    );
    if (intent.status !== 200)
      return fail(`intents answered ${intent.status} ${JSON.stringify(intent.body)?.slice(0, 200)}`, intent, intentOp);
    const { payment_intent_id: pi, client_secret: secret } = intent.body.data;
    this.load.secrets.add(secret);
    record.paymentIntentId = pi;
    record.amountCents = intent.body.data.amount.gross_total_cents;

    // 2. The card, sent to the processor as the page's card component does.
    const paid = await payCard(this.load, pi, secret, card);
    if (paid === 'failed') return fail('the card step failed');
    if (card === 'abandon') {
      record.outcome = 'abandoned';
      record.endedAt = Date.now();
      return;
    }

    // 3. Confirm, retried with the same ids until it answers: `processing` is another request making it.
    const confirmOp = `${kind} POST ${kind === 'junk' ? '/junk' : ''}/confirm`;
    const deadline = Date.now() + 90_000;
    let tries = 0;
    let confirmed: Answer | undefined;
    for (;;) {
      tries++;
      const answer = await this.load.http.call(confirmOp, 'POST', `${prefix}/confirm`, {
        headers: this.load.auth(),
        json: { session_id: sessionId, payment_intent_id: pi },
      });
      const code = answer.body?.error?.code;
      if (answer.status === 200) {
        confirmed = answer;
        break;
      }
      if (answer.status === 409 && code === 'unconfirmed' && card === 'declined') {
        record.outcome = 'declined';
        record.confirmTries = tries;
        record.endedAt = Date.now();
        return;
      }
      const processing = answer.status === 409 && code === 'processing';
      if (!(retryable(answer) || processing) || Date.now() > deadline) {
        record.confirmTries = tries;
        return fail(`confirm answered ${answer.status} ${code ?? ''} after ${tries} tries`, answer, confirmOp);
      }
      await sleep(Math.min(2000, 300 * tries) + Math.random() * 200);
      // Another request is making it (or one lost with its instance holds the lease): look where it stands.
      if (processing) {
        await this.load.http.call('booking GET /sessions/{id}', 'GET', `/booking/v1/sessions/${sessionId}`, {
          headers: this.load.auth(),
        });
      }
    }
    record.confirmTries = tries;
    if (card === 'declined') return fail('a declined card was confirmed', confirmed, confirmOp);
    const data = confirmed.body.data;
    record.number = kind === 'junk' ? data.job_number : data.order_number;
    const expected = card === 'held' ? 'held' : 'confirmed';
    if (data.state !== expected)
      return fail(`confirm answered ${data.state}, expected ${expected}`, confirmed, confirmOp);
    record.outcome = data.state;
    if (kind === 'dumpster' && data.state === 'confirmed') this.load.knownOrders.push(data.order_number);

    // 4. Where the booking stands, as a page polls it; then the junk job's photos.
    if (Math.random() < 0.3) {
      const seen = await this.load.http.call('booking GET /sessions/{id}', 'GET', `/booking/v1/sessions/${sessionId}`, {
        headers: this.load.auth(),
      });
      const number = kind === 'junk' ? seen.body?.data?.job_number : seen.body?.data?.order_number;
      if (seen.status === 200 && number !== record.number) {
        this.load.recorder.surprise(`session ${sessionId} says #${number}, confirm said #${record.number}`, seen);
      }
    }
    if (kind === 'junk' && data.state === 'confirmed') {
      const count = 1 + Math.floor(Math.random() * 2);
      const form = new FormData();
      form.set('session_id', sessionId);
      for (const photo of this.load.setup.photos.slice(0, count)) {
        form.append('photos', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'junk.jpg');
      }
      // Not retried: a second upload of photos that did arrive would store them twice (the API allows 3).
      const up = await this.load.http.call('junk POST /junk/photos', 'POST', '/booking/v1/junk/photos', {
        headers: this.load.auth(),
        form,
      });
      if (up.status === 200) record.photos = count;
      else if (!retryable(up))
        this.load.recorder.surprise(`photos answered ${up.status}`, up, 'junk POST /junk/photos');
    }
    record.endedAt = Date.now();
  }
}
