// The company's server on the Data API: it reads the lists and pushes leads from its site form, some people
// again within 10 minutes (the phone typed another way, the e-mail in capitals), some forms sent twice at once.
import { randomUUID } from 'node:crypto';
import type { LoadContext } from './load-context';
import { retrying } from './load-http';
import { type LeadPerson, type LeadPush, pick } from './load-world';
import { sleep } from './stack';

// ---- the company's server on the Data API --------------------------------------------------------------

export class DataApiVisits {
  readonly people = new Map<string, LeadPerson>();
  readonly pushes: LeadPush[] = [];
  private leadCounter = 0;

  constructor(private readonly load: LoadContext) {}

  private dataAuth() {
    return { authorization: `Bearer ${this.load.setup.dataKey}` };
  }

  async readData() {
    const reads: [string, string][] = [
      ['data GET /orders', '/data/v1/orders?per_page=20'],
      ['data GET /customers', '/data/v1/customers?per_page=20'],
      ['data GET /leads', '/data/v1/leads?per_page=20'],
      ['data GET /junk-jobs', '/data/v1/junk-jobs?per_page=20'],
      ['data GET /estimates', '/data/v1/estimates?per_page=20'],
      ['data GET /sizes', '/data/v1/sizes'],
    ];
    const order = this.load.knownOrders.length ? pick(this.load.knownOrders.slice(-50)) : undefined;
    if (order) reads.push(['data GET /orders/{n}', `/data/v1/orders/${order}`]);
    for (const [op, url] of [pick(reads), pick(reads)]) {
      const answer = await this.load.http.call(op, 'GET', url, { headers: this.dataAuth() });
      if (answer.status >= 400 && answer.status < 500)
        this.load.recorder.surprise(`${op} answered ${answer.status}`, answer, op);
      await sleep(100 + Math.random() * 300);
    }
  }

  private newPerson(): LeadPerson {
    const n = ++this.leadCounter;
    const digits = String(1_000_000 + n).slice(-7);
    const person: LeadPerson = {
      key: `lead-${n}`,
      phone: `+1 737 ${digits.slice(0, 3)} ${digits.slice(3)}`,
      email: `lead.${n}@soak.example`,
      firstAt: Date.now(),
      leadIds: new Set(),
    };
    this.people.set(person.key, person);
    this.load.sentPersonal(person.phone, person.email);
    return person;
  }

  /** The same person again within 10 minutes: the phone typed another way, or the e-mail in capitals. */
  private duplicateOf(person: LeadPerson) {
    const d = person.phone.replace(/\D/g, '').slice(1);
    const again: { name: string; phone?: string; email?: string } = pick([
      { name: 'Again By Phone', phone: `+1 (${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}` },
      { name: 'Again By Mail', email: person.email.toUpperCase() },
      { name: 'Again By Both', phone: `+1-${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`, email: person.email },
    ]);
    this.load.sentPersonal(again.phone, again.email);
    return again;
  }

  private async pushOne(person: LeadPerson, kind: LeadPush['kind'], body: Record<string, unknown>, key?: string) {
    const op = 'data POST /leads';
    const headers: Record<string, string> = { ...this.dataAuth(), ...(key ? { 'idempotency-key': key } : {}) };
    const { answer } = await retrying(() => this.load.http.call(op, 'POST', '/data/v1/leads', { headers, json: body }));
    const push: LeadPush = { at: Date.now(), person: person.key, kind, status: answer.status };
    if (answer.status === 200 || answer.status === 201) {
      push.leadId = answer.body.data.id;
      push.existing = answer.body.data.existing;
      person.leadIds.add(answer.body.data.id);
    } else this.load.recorder.surprise(`lead push answered ${answer.status}`, answer, op);
    this.pushes.push(push);
    return push;
  }

  async pushLead() {
    const roll = Math.random();
    const recent = [...this.people.values()].filter(
      (p) => p.leadIds.size && Date.now() - p.firstAt > 2000 && Date.now() - p.firstAt < 8 * 60_000,
    );
    if (roll < 0.3 && recent.length) {
      const person = pick(recent);
      const push = await this.pushOne(person, 'duplicate', this.duplicateOf(person));
      if (push.leadId && !push.existing) this.load.recorder.surprise(`a repeat of ${person.key} made a new lead`);
      return;
    }
    const person = this.newPerson();
    const body = {
      name: `Lead ${person.key}`,
      phone: person.phone,
      email: person.email,
      size_label: pick(['10 yard', '20 yard', '30 yard']),
      note: 'From the site form',
    };
    if (roll > 0.93) {
      // A form submitted twice at once (a double click): one lead, both answers name it.
      await Promise.all([this.pushOne(person, 'concurrent', body), this.pushOne(person, 'concurrent', body)]);
      return;
    }
    await this.pushOne(person, 'new', body, Math.random() < 0.5 ? randomUUID() : undefined);
  }
}
