// The driver's day (docs/decisions/drivers-day.md): the office takes confirmed orders the customers booked
// out to their sites (POST /orders/{n}/status up to delivered), gives their pickups to a driver on the
// order's delivery day (POST /dispatch/route, the driver's whole route of that day each time), and the driver's
// phone sends what happens (POST /driver/actions, each action by an id of the phone's own): sometimes on the
// way, then picked up, then the weigh ticket (mostly over the size's tons included, some under; some with
// the ticket's photo). As phones do, an action is sometimes sent two or three times at once under its id (a
// retry of a lost answer) and a ticket is sometimes sent by two ids at once (two entries of one ticket): the
// stop takes one, the other is refused 409. The overage is charged by the charge worker (the company's notice
// is 0 hours). Each driver works one order at a time, and takes none around the receiver's planned outage
// (faults.ts says why); the checks read what it made (checks-field.ts).
import { randomUUID } from 'node:crypto';
import { consoleCaller } from './load-console';
import type { LoadContext } from './load-context';
import { type Answer, type Json, retryable } from './load-http';
import { type ConsoleMember, pick } from './load-world';
import { sleep } from './stack';

/** How a ticket was sent: once, under one id two or three times at once, or by two ids at once. */
export type TicketPlan = 'once' | 'repeated' | 'raced';

/** A weigh ticket the load sent, and what the answers said of it. */
export type TicketRecord = {
  order: number;
  stop: string;
  driver: string;
  tons: number;
  includedTons: number;
  over: boolean;
  plan: TicketPlan;
  /** Requests sent for it (every copy of every id, first tries). */
  sent: number;
  /** Ids whose last answer was 200 (a stop takes one ticket: one id). */
  acceptedIds: number;
  /** Answers of 200 that applied the action (replayed false): at most one. */
  applied: number;
  /** Answers 409 state_conflict to the second id of a race. */
  refused: number;
  photo: boolean;
  /** Whether the load saw the ticket taken (an id answered 200). */
  accepted: boolean;
  error?: string;
};

type Call = (op: string, method: string, url: string, json?: unknown) => Promise<Answer>;

const DELIVERED_CHAIN: Record<string, string> = {
  confirmed: 'scheduled',
  scheduled: 'out_for_delivery',
  out_for_delivery: 'delivered',
};
/** The load leaves every fourth confirmed order to the office's own moves (load-console.ts). */
const LEAVE_EVERY = 4;
/** A route holds at most 100 stops: a long run keeps each driver's day below that. */
const MAX_ROUTE = 90;
const round2 = (n: number) => Math.round(n * 100) / 100;
const between = (a: number, b: number) => a + Math.random() * (b - a);

export class FieldVisits {
  readonly tickets: TicketRecord[] = [];
  readonly field = {
    orders: 0,
    skipped: 0,
    officeMoves: 0,
    routes: 0,
    onTheWay: 0,
    pickedUp: 0,
    repeatedActions: 0,
    photos: 0,
    tickets: 0,
    failed: 0,
    signIns: 0,
  };
  private cursor = 0;
  /** Each driver's route of a day as the office last set it: `${driver}|${day}` → stop keys in order. */
  private readonly routes = new Map<string, string[]>();

  constructor(
    private readonly load: LoadContext,
    /** Seconds between a driver's orders (each takes a few seconds of its own). */
    private readonly everySeconds: number,
  ) {}

  /** The next confirmed order the customers booked that the driver's day takes. */
  private nextOrder(): number | undefined {
    while (this.cursor < this.load.knownOrders.length) {
      const i = this.cursor++;
      if ((i + 1) % LEAVE_EVERY === 0) continue;
      const number = this.load.knownOrders[i] as number;
      this.load.fieldOrders.add(number);
      return number;
    }
    return undefined;
  }

  /** A driver's day: one order after another, from the office's moves to the weigh ticket. */
  async driverLoop(driver: ConsoleMember) {
    while (this.load.running) {
      await this.load.pause(this.everySeconds * 1000 * (0.5 + Math.random()));
      if (!this.load.running) break;
      const number = this.nextOrder();
      if (number === undefined) continue;
      this.field.orders++;
      await this.work(driver, number).catch((err: unknown) => {
        this.field.failed++;
        this.load.recorder.surprise(`driver's day of order #${number} threw: ${String(err)}`);
      });
    }
  }

  /** The office's session (the owner's, as the office loop's) and the driver's, signed in again on a 401. */
  private callers(driver: ConsoleMember) {
    const office = consoleCaller(this.load, this.load.setup.owner.cookies);
    const phone = consoleCaller(this.load, driver.cookies);
    const signIn = async () => {
      driver.cookies.clear();
      const answer = await this.send(phone, 'console POST /session', 'POST', '/session', {
        email: driver.email,
        password: driver.password,
      });
      if (answer.status === 200) this.field.signIns++;
      return answer.status === 200;
    };
    const asDriver: Call = async (op, method, url, json) => {
      const answer = await this.send(phone, op, method, url, json);
      if (answer.status !== 401 || !(await signIn())) return answer;
      return this.send(phone, op, method, url, json);
    };
    const asOffice: Call = (op, method, url, json) => this.send(office, op, method, url, json);
    return { asOffice, asDriver };
  }

  /** A call retried while its answer is retryable (a fault's window), as every visitor's is. */
  private async send(call: Call, op: string, method: string, url: string, json?: unknown) {
    const deadline = Date.now() + 60_000;
    for (let tries = 1; ; tries++) {
      const answer = await call(op, method, url, json);
      if (!retryable(answer) || Date.now() > deadline) return answer;
      await sleep(Math.min(3000, 250 * 2 ** Math.min(tries, 4)) + Math.random() * 250);
    }
  }

  private fail(number: number, why: string, answer?: Answer, op?: string) {
    this.field.failed++;
    this.load.recorder.surprise(`driver's day of order #${number}: ${why}`, answer, op);
  }

  private async work(driver: ConsoleMember, number: number) {
    const { asOffice, asDriver } = this.callers(driver);
    const gap = () => this.load.pause(between(150, 600));

    // 1. The office takes the order out to its site: scheduled, out for delivery, delivered.
    let order: Json;
    for (let moves = 0; ; moves++) {
      const read = await asOffice('console GET /orders/{n}', 'GET', `/orders/${number}`);
      if (read.status !== 200) return this.fail(number, `reading it answered ${read.status}`, read);
      order = read.body.data;
      if (order.status === 'delivered') break;
      const next = DELIVERED_CHAIN[order.status];
      if (!next || moves > 6) {
        // Moved on by someone else before the load took it: left to the office.
        this.field.skipped++;
        this.load.fieldOrders.delete(number);
        return;
      }
      const op = 'console POST /orders/{n}/status';
      const moved = await asOffice(op, 'POST', `/orders/${number}/status`, { status: next });
      if (moved.status === 200) this.field.officeMoves++;
      // 400 or 409: a retry after a lost answer finds it moved (or the office loop got there first): read again.
      else if (moved.status !== 400 && moved.status !== 409)
        return this.fail(number, `moving it to ${next} answered ${moved.status}`, moved, op);
      await gap();
    }
    const day = order.delivery_date as string;
    const size = this.load.setup.sizes.find((s) => s.label === order.size);
    if (!size) return this.fail(number, `its size ${order.size} is none of the company's`);

    // 2. The office routes its pickup to the driver on the delivery day, after the driver's other stops.
    const board = await asOffice('console GET /dispatch', 'GET', `/dispatch?date=${day}`);
    const delivery = (board.body?.data?.deliveries as Json[] | undefined)?.find((s: Json) => s.order_number === number);
    if (board.status !== 200 || !delivery)
      return this.fail(number, `not on the dispatch board of ${day} (${board.status})`, board);
    const stop = (delivery.route.stop as string).replace(/^delivery:/, 'pickup:');
    const routeKey = `${driver.id}|${day}`;
    const stops = [...(this.routes.get(routeKey) ?? []), stop].slice(-MAX_ROUTE);
    const routeOp = 'console POST /dispatch/route';
    const routed = await asOffice(routeOp, 'POST', '/dispatch/route', { date: day, driver_id: driver.id, stops });
    if (routed.status !== 200) return this.fail(number, `routing it answered ${routed.status}`, routed, routeOp);
    this.routes.set(routeKey, stops);
    this.field.routes++;
    await gap();

    // 3. The driver's phone: its route, sometimes on the way, then picked up (sometimes sent again at once).
    if (Math.random() < 0.3) {
      const route = await asDriver('console GET /driver/route', 'GET', `/driver/route?date=${day}`);
      const shown = (route.body?.data?.stops as Json[] | undefined)?.find((s: Json) => s.stop === stop);
      if (route.status !== 200 || !shown?.actions?.includes('picked_up'))
        return this.fail(number, `the driver's route does not offer picked_up at ${stop}`, route);
    }
    if (Math.random() < 0.3) {
      if (!(await this.action(asDriver, number, { stop, action: 'on_the_way' }, 1))) return;
      this.field.onTheWay++;
      await gap();
    }
    const copies = Math.random() < 0.3 ? pick([2, 3]) : 1;
    if (!(await this.action(asDriver, number, { stop, action: 'picked_up' }, copies))) return;
    this.field.pickedUp++;
    await gap();

    // 4. At the landfill: the ticket, mostly over the tons included; a third with its photo first.
    const over = Math.random() < 0.75;
    const tons = round2(over ? size.includedTons + between(0.3, 3.5) : size.includedTons * between(0.3, 0.95));
    const ticket: Json = { net_tons: tons, landfill_cost: round2(between(30, 120)) };
    const record: TicketRecord = {
      order: number,
      stop,
      driver: driver.name,
      tons,
      includedTons: size.includedTons,
      over: tons > size.includedTons,
      plan: pick(['once', 'once', 'repeated', 'raced'] as const),
      sent: 0,
      acceptedIds: 0,
      applied: 0,
      refused: 0,
      photo: false,
      accepted: false,
    };
    this.tickets.push(record);
    if (Math.random() < 0.33) {
      const photoId = await this.photo(asDriver, number, stop);
      if (photoId) {
        ticket.photo_id = photoId;
        record.photo = true;
      }
    }
    await this.sendTicket(asDriver, record, ticket);
    this.field.tickets++;

    // 5. The office looks at what the field made: the order's field record or the charges' list.
    await gap();
    if (Math.random() < 0.5) await asOffice('console GET /orders/{n}/field', 'GET', `/orders/${number}/field`);
    else await asOffice('console GET /field-charges', 'GET', '/field-charges?status=all');
  }

  /**
   * One action by one id, sent `copies` times at once (a phone's retry of a lost answer): every copy is
   * answered 200, one of them applied it (none seen when that answer was lost in a fault), the others replayed.
   */
  private async action(asDriver: Call, number: number, body: { stop: string; action: string }, copies: number) {
    const op = `console POST /driver/actions ${body.action}`;
    const json = { id: randomUUID(), ...body };
    if (copies > 1) this.field.repeatedActions++;
    const answers = await Promise.all(
      Array.from({ length: copies }, () => asDriver(op, 'POST', '/driver/actions', json)),
    );
    const bad = answers.find((a) => a.status !== 200);
    if (bad) {
      this.fail(number, `${body.action} answered ${bad.status} ${bad.body?.error?.code ?? ''}`, bad, op);
      return false;
    }
    if (answers.filter((a) => a.body.data.replayed === false).length > 1) {
      this.fail(number, `${body.action} sent ${copies} times under one id was applied more than once`, answers[0], op);
      return false;
    }
    return true;
  }

  /** The ticket's photo, by the phone's id (a resend stores nothing new); a full upload slot is tried again. */
  private async photo(asDriver: Call, number: number, stop: string): Promise<string | undefined> {
    const id = randomUUID();
    const op = 'console POST /driver/photos';
    for (let tries = 1; tries <= 5; tries++) {
      const form = new FormData();
      form.set('id', id);
      form.set('stop', stop);
      const bytes = pick(this.load.setup.photos);
      form.set('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'ticket.jpg');
      // Multipart: sent as the phone's page does, through the same cookie jar.
      const answer = await asDriver(op, 'POST', '/driver/photos', form);
      if (answer.status === 200) {
        this.field.photos++;
        return id;
      }
      if (answer.status !== 429) {
        this.fail(number, `the ticket's photo answered ${answer.status} ${answer.body?.error?.code ?? ''}`, answer, op);
        return undefined;
      }
      await sleep(1000 * tries);
    }
    return undefined;
  }

  /** The weigh ticket by its plan; what the answers said is kept on the record for the checks. */
  private async sendTicket(asDriver: Call, record: TicketRecord, ticket: Json) {
    const op = 'console POST /driver/actions weigh_ticket';
    const send = (id: string) =>
      asDriver(op, 'POST', '/driver/actions', { id, stop: record.stop, action: 'weigh_ticket', ticket });
    const ids = record.plan === 'raced' ? [randomUUID(), randomUUID()] : [randomUUID()];
    const copies = record.plan === 'repeated' ? pick([2, 3]) : 1;
    const answers = await Promise.all(ids.map((id) => Promise.all(Array.from({ length: copies }, () => send(id)))));
    record.sent = ids.length * copies;
    for (const perId of answers) {
      if (perId.some((a) => a.status === 200)) record.acceptedIds++;
      for (const a of perId) {
        if (a.status === 200 && a.body.data.replayed === false) record.applied++;
        else if (a.status === 409 && a.body?.error?.code === 'state_conflict') record.refused++;
        else if (a.status !== 200) record.error = `${a.status} ${a.body?.error?.code ?? ''}`.trim();
      }
    }
    record.accepted = record.acceptedIds > 0;
    const all = answers.flat();
    const expected =
      record.acceptedIds === 1 &&
      record.applied <= 1 &&
      (record.plan === 'raced' ? record.refused === 1 : record.refused === 0) &&
      !record.error;
    if (!expected) {
      this.fail(
        record.order,
        `a ${record.plan} ticket was answered ${JSON.stringify(all.map((a) => [a.status, a.body?.data?.replayed ?? a.body?.error?.code]))}`,
        all.find((a) => a.status !== 200) ?? all[0],
        op,
      );
    }
  }
}
