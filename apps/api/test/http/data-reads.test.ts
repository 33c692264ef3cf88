import { beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays } from '../../src/domain/dates';
import { TEST_CARDS } from '../../src/payments/sandbox-cards';
import { book } from '../support/booking';
import { apiClient, expectError } from '../support/client';
import { contact, everything, expectNewestFirst, runTag } from '../support/data';
import { bookJunk } from '../support/junk';

// The Data API's reads (docs/decisions/data-api-lists.md): fields, dollars, filters, paging
// and refused parameters. Scope (other companies, fraud review) is data-scope.test.ts; estimates have their own.
const targets = inject('targets');

const ORDER_FIELDS = [
  'address',
  'base_price',
  'completed_at',
  'created_at',
  'currency',
  'customer_ref',
  'debris_type',
  'delivery_date',
  'landfill_cost',
  'net_weight_tons',
  'order_number',
  'payment_status',
  'pickup_date',
  'rental_days',
  'size',
  'status',
  'total_price',
];
const CUSTOMER_FIELDS = [
  'company_name',
  'created_at',
  'email',
  'first_booking_at',
  'id',
  'jobs_count',
  'last_booking_at',
  'name',
  'orders_count',
  'phone',
  'type',
  'updated_at',
];
const sorted = (o: object) => Object.keys(o).sort();

describe.each(targets)('Data API reads on $name', (target) => {
  const booking = apiClient(target.baseUrl);
  const data = apiClient(target.baseUrl, 'data');
  const key = target.fixtures.data.acme;
  const { acme, today } = target.fixtures;
  const get = (path: string, query: Record<string, string> = {}) => data.get(path, { key, query });
  const tag = runTag();
  // A phone number of this run's own, so a search by its digits finds this customer only.
  const digits = String(2_000_000 + Math.floor(Math.random() * 7_999_999));
  const dana = {
    ...contact(tag, 'Dana', `+1 (646) ${digits.slice(0, 3)}-${digits.slice(3)}`),
    type: 'contractor',
    company_name: `Dana Builds ${tag}`,
  };
  let made: Awaited<ReturnType<typeof book>>;
  let hauled: Awaited<ReturnType<typeof bookJunk>>;
  let customerId: string;

  beforeAll(async () => {
    made = await book(booking, target, TEST_CARDS.success, { customer: dana, debris_type: 'Drywall' });
    expect(made.confirmed.body.data.state).toBe('confirmed');
    customerId = made.confirmed.body.data.customer_id;
    hauled = await bookJunk(booking, target, TEST_CARDS.success, {
      customer: { ...dana, email: dana.email.toUpperCase() },
    });
    expect(hauled.confirmed.body.data).toMatchObject({ state: 'confirmed', customer_id: customerId });
  });

  it('GET /v1/orders/{order_number}: every field of section 2, in dollars, and nothing else', async () => {
    const number = made.confirmed.body.data.order_number;
    const res = await get(`/orders/${number}`);
    expect(res.status).toBe(200);
    const order = res.body.data;
    expect(sorted(order)).toEqual(ORDER_FIELDS);
    const amount = made.intent.amount;
    expect(order).toMatchObject({
      order_number: number,
      status: 'confirmed',
      rental_days: 9,
      address: { line1: '12 Main St', city: 'New York', state: 'NY', zip: '10001' },
      size: '10 Yard',
      debris_type: 'Drywall',
      total_price: amount.total,
      // The fixture's 10-yard 7-day tier; the two extra days are not the base.
      base_price: 350,
      landfill_cost: null,
      net_weight_tons: null,
      currency: 'USD',
      customer_ref: customerId,
      completed_at: null,
    });
    expect(order.total_price).toBe(amount.total_cents / 100);
    expect(order.delivery_date > today).toBe(true);
    expect(order.pickup_date).toBe(addDays(order.delivery_date, 9));
    expect(['unpaid', 'paid']).toContain(order.payment_status);
  });

  it('GET /v1/orders: newest first, filtered by status and by the day it was made', async () => {
    const number = made.confirmed.body.data.order_number;
    const numbers = async (query: Record<string, string>) =>
      (await everything(data, key, '/orders', query)).map((o) => o.order_number);
    const todays = await everything(data, key, '/orders', { from: today, to: today });
    expectNewestFirst(todays);
    expect(todays.map((o) => o.order_number)).toContain(number);
    expect(await numbers({ status: 'confirmed', from: today })).toContain(number);
    expect(await numbers({ status: 'canceled' })).not.toContain(number);
    expect(await numbers({ from: addDays(today, 1) })).toEqual([]);
    expect(await numbers({ to: addDays(today, -1) })).not.toContain(number);
  });

  it('GET /v1/orders pages: one at a time they give the whole list, in order, has_more until the last', async () => {
    await book(booking, target);
    const all = await everything(data, key, '/orders');
    expect(all.length).toBeGreaterThanOrEqual(2);
    const numberAt = async (page: number, query: Record<string, string> = {}) => {
      const res = await get('/orders', { ...query, per_page: '1', page: String(page) });
      expect(res.body).toMatchObject({ page, per_page: 1, has_more: page < all.length });
      return res.body.data.map((o: any) => o.order_number);
    };
    const pages = [1, 2, Math.ceil(all.length / 2), all.length];
    for (const page of pages) expect(await numberAt(page)).toEqual([all[page - 1].order_number]);
    expect((await get('/orders', { per_page: '1', page: String(all.length + 1) })).body).toEqual({
      data: [],
      page: all.length + 1,
      per_page: 1,
      has_more: false,
    });
    const confirmed = all.filter((o) => o.status === 'confirmed');
    const second = await get('/orders', { status: 'confirmed', per_page: '1', page: '2' });
    expect(second.body.data.map((o: any) => o.order_number)).toEqual([confirmed[1].order_number]);
    expect((await get('/orders')).body.per_page).toBe(25);
  });

  it('GET /v1/customers/{id}: the contact, its orders and jobs counted, first and last booking', async () => {
    const res = await get(`/customers/${customerId}`);
    expect(res.status).toBe(200);
    const customer = res.body.data;
    expect(sorted(customer)).toEqual(CUSTOMER_FIELDS);
    const order = (await get(`/orders/${made.confirmed.body.data.order_number}`)).body.data;
    const job = (await get(`/junk-jobs/${hauled.confirmed.body.data.job_number}`)).body.data;
    expect(customer).toEqual({
      id: customerId,
      name: dana.name,
      // One customer per e-mail, whatever its case: the junk booking's upper-case address found it.
      email: dana.email,
      phone: dana.phone,
      type: 'contractor',
      company_name: dana.company_name,
      orders_count: 1,
      jobs_count: 1,
      first_booking_at: order.created_at,
      last_booking_at: job.created_at,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(Date.parse(customer.updated_at)).toBeGreaterThanOrEqual(Date.parse(customer.created_at));
  });

  it('GET /v1/customers: q finds a name, an e-mail in any case, or phone digits however typed', async () => {
    const ids = async (query: Record<string, string>) =>
      (await everything(data, key, '/customers', query)).map((c) => c.id);
    expect(await ids({ q: `dana ${tag}`.toUpperCase() })).toEqual([customerId]);
    expect(await ids({ q: dana.email.toUpperCase() })).toEqual([customerId]);
    expect(await ids({ q: `(646) ${digits.slice(0, 3)}.${digits.slice(3)}` })).toEqual([customerId]);
    expect(await ids({ q: digits })).toEqual([customerId]);
    // LIKE's own wildcards are text here: "%" finds only a name with a "%" in it.
    expect(await ids({ q: `${tag}%` })).toEqual([]);
    expect(await ids({ q: `dana_${tag}` })).toEqual([]);
  });

  it('GET /v1/customers: updated_since, from and to, newest first', async () => {
    const all = await everything(data, key, '/customers');
    expectNewestFirst(all);
    expect(all.map((c) => c.id)).toContain(customerId);
    const customer = all.find((c) => c.id === customerId);
    const ids = async (query: Record<string, string>) =>
      (await everything(data, key, '/customers', query)).map((c) => c.id);
    expect(await ids({ q: tag, updated_since: customer.updated_at })).toEqual([customerId]);
    expect(await ids({ q: tag, updated_since: new Date(Date.parse(customer.updated_at) + 1).toISOString() })).toEqual(
      [],
    );
    expect(await ids({ q: tag, from: today, to: today })).toEqual([customerId]);
    expect(await ids({ q: tag, to: addDays(today, -1) })).toEqual([]);
  });

  it('GET /v1/junk-jobs/{job_number} and the list: the job in dollars, by status, day and change', async () => {
    const number = hauled.confirmed.body.data.job_number;
    const res = await get(`/junk-jobs/${number}`);
    expect(res.status).toBe(200);
    const job = res.body.data;
    expect(job).toMatchObject({
      job_number: number,
      status: 'confirmed',
      job_date: hauled.slot.date,
      time_window: { start: hauled.slot.start, end: hauled.slot.end },
      load_fraction: '1/4',
      load_label: 'Quarter truck',
      address: { line1: '12 Main St', line2: null, city: 'New York', state: 'NY', zip: '10001' },
      notes: 'An old couch in the garage',
      photos: 0,
      total_price: hauled.intent.amount.total,
      currency: 'USD',
      booking_channel: 'api',
      customer_ref: customerId,
    });
    expect(job.total_price).toBe(hauled.intent.amount.total_cents / 100);
    const numbers = async (query: Record<string, string>) =>
      (await everything(data, key, '/junk-jobs', query)).map((j) => j.job_number);
    const todays = await everything(data, key, '/junk-jobs', { from: today });
    expectNewestFirst(todays);
    expect(todays.map((j) => j.job_number)).toContain(number);
    expect(await numbers({ status: 'confirmed' })).toContain(number);
    expect(await numbers({ status: 'canceled' })).not.toContain(number);
    expect(await numbers({ to: addDays(today, -1) })).not.toContain(number);
    expect(await numbers({ updated_since: job.updated_at })).toContain(number);
    expect(await numbers({ updated_since: new Date(Date.parse(job.updated_at) + 1).toISOString() })).not.toContain(
      number,
    );
  });

  it('GET /v1/sizes: every size with its prices in dollars, retired ones flagged', async () => {
    const res = await get('/sizes');
    expect(res.body).toMatchObject({ page: 1, per_page: 25, has_more: false });
    expect(res.body.data.map((s: any) => [s.key, s.active])).toEqual([
      ['10yd', true],
      ['20yd', true],
      ['15yd', false],
    ]);
    expect(res.body.data[0]).toEqual({
      id: acme.sizes['10yd'],
      key: '10yd',
      label: '10 Yard',
      yards: 10,
      description: '',
      image_url: null,
      active: true,
      currency: 'USD',
      price_from: 300,
      included_tons: 2,
      overage_per_ton: 70,
      prices: { d3: 300, d7: 350, d10: 400, d14: 450, d30: 600, extra_day: 20 },
      tax: { enabled: true, percent: 8.875 },
      fuel_environmental_fee: { enabled: true, amount: 30 },
      is_default: true,
      is_popular: false,
      sort_order: expect.any(Number),
      // acme counts no cans: docs/decisions/fleet.md (test/http/fleet.test.ts counts them).
      fleet: null,
      created_at: expect.any(String),
    });
    expect((await get('/sizes', { active: 'false' })).body.data.map((s: any) => s.label)).toEqual([
      '15 Yard (retired)',
    ]);
    expect((await get('/sizes', { active: 'true' })).body.data.map((s: any) => s.key)).toEqual(['10yd', '20yd']);
    const paged = await get('/sizes', { per_page: '2', page: '2' });
    expect(paged.body).toMatchObject({ page: 2, per_page: 2, has_more: false });
    expect(paged.body.data.map((s: any) => s.key)).toEqual(['15yd']);
  });

  it('GET /v1/leads and /v1/leads/{id}: newest first, by status, q and change, paged', async () => {
    const pushed = [];
    for (const [i, name] of ['Lou', 'Lia', 'Lex'].entries()) {
      const res = await data.post('/leads', {
        key,
        body: {
          name: `${name} ${tag}`,
          email: `${name.toLowerCase()}.${tag}@example.com`,
          phone: `+1 917 555 ${1000 + i}`,
        },
      });
      expect(res.status).toBe(201);
      pushed.push(res.body.data);
    }
    const one = await get(`/leads/${pushed[1].id}`);
    expect(one.body.data).toEqual((({ existing: _, ...lead }) => lead)(pushed[1]));

    const first = await get('/leads', { q: tag, per_page: '2' });
    const second = await get('/leads', { q: tag, per_page: '2', page: '2' });
    expect(first.body).toMatchObject({ page: 1, per_page: 2, has_more: true });
    expect(second.body).toMatchObject({ page: 2, per_page: 2, has_more: false });
    const ids = [...first.body.data, ...second.body.data].map((l: any) => l.id);
    expect(ids).toEqual(pushed.map((l) => l.id).reverse());

    const find = async (query: Record<string, string>) =>
      (await everything(data, key, '/leads', query)).map((l) => l.id);
    expect(await find({ q: `LIA.${tag}@EXAMPLE.COM` })).toEqual([pushed[1].id]);
    expect(await find({ q: tag, status: 'new' })).toHaveLength(3);
    expect(await find({ q: tag, status: 'contacted' })).toEqual([]);
    expect(await find({ q: '(917) 555-1002' })).toContain(pushed[2].id);
    expect(await find({ q: tag, updated_since: pushed[2].updated_at })).toEqual([pushed[2].id]);
  });

  it.each([
    ['/orders', { limit: '5' }, 'limit'],
    ['/orders', { per_page: '101' }, 'per_page'],
    ['/orders', { per_page: '0' }, 'per_page'],
    ['/orders', { page: '0' }, 'page'],
    ['/orders', { page: 'two' }, 'page'],
    ['/orders', { status: 'lost' }, 'status'],
    ['/orders', { from: '2026-02-30' }, 'from'],
    ['/orders', { from: '2026-03-02', to: '2026-03-01' }, 'to'],
    ['/customers', { q: '' }, 'q'],
    ['/customers', { q: 'x'.repeat(101) }, 'q'],
    ['/customers', { q: 'a\u0000b' }, 'q'],
    ['/customers', { updated_since: '2026-03-01' }, 'updated_since'],
    ['/customers', { updated_since: '0000-01-01T00:00:00Z' }, 'updated_since'],
    ['/customers', { email: 'a@b.c' }, 'email'],
    ['/customers', { from: '2026-03-02', to: '2026-03-01' }, 'to'],
    ['/estimates', { status: 'won' }, 'status'],
    ['/estimates', { kind: 'boat' }, 'kind'],
    ['/estimates', { updated_since: '2026-03-01T00:00:00Z' }, 'updated_since'],
    ['/sizes', { active: 'yes' }, 'active'],
    ['/sizes', { q: '10' }, 'q'],
    ['/junk-jobs', { status: 'pending_risk_review' }, 'status'],
    ['/junk-jobs', { updated_since: 'yesterday' }, 'updated_since'],
    ['/junk-jobs', { to: '2026-13-01' }, 'to'],
    ['/leads', { status: 'won' }, 'status'],
    ['/leads', { per_page: '1000' }, 'per_page'],
    ['/orders/0', {}, 'order_number'],
    ['/orders/abc', {}, 'order_number'],
    ['/customers/not-a-uuid', {}, 'id'],
    ['/estimates/short', {}, 'id'],
    ['/estimates/has%20space1', {}, 'id'],
    ['/junk-jobs/1.5', {}, 'job_number'],
    ['/leads/42', {}, 'id'],
    ['/orders/1001', { expand: 'customer' }, 'expand'],
  ])('GET %s with %j is 400 invalid_parameter naming %s', async (path, query, field) => {
    expectError(await get(path, query), 400, 'invalid_parameter', field);
  });

  it.each([
    ['/orders/2147483647', 'order_number'],
    ['/customers/00000000-0000-4000-8000-000000000000', 'id'],
    ['/estimates/ses_nothing_here', 'id'],
    ['/junk-jobs/2147483647', 'job_number'],
    ['/leads/00000000-0000-4000-8000-000000000000', 'id'],
  ])('GET %s (no such record) is 404 not_found naming %s', async (path, field) => {
    expectError(await get(path), 404, 'not_found', field);
  });
});
