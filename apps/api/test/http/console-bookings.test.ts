import { describe, expect, inject, it } from 'vitest';
import { addDays } from '../../src/domain/dates';
import { book } from '../support/booking';
import { apiClient, expectError } from '../support/client';
import { type ConsoleClient, consoleAs, consoleClient } from '../support/console';
import { bookJunk } from '../support/junk';

// The office's Orders and Junk jobs lists, their CSV export and the dashboard over HTTP: acme's staff find a
// booking by a part of its street, by the customer's phone typed another way, by its number; the CSV is the
// list; the dashboard's counts are the lists' counts for the same days; the rival company's owner sees none
// of it; bad input is the spec's error with its field, never a 500 or a half-written file.
const targets = inject('targets');

/** Unique per run, so a search finds this test's booking and nothing older. */
const tag = () => Math.random().toString(36).slice(2, 8);
const phoneDigits = () => `415555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;

/** Every row of a list, page by page. */
async function all(client: ConsoleClient, path: string, query: Record<string, string> = {}) {
  const rows: any[] = [];
  for (let page = 1; ; page++) {
    const res = await client.get(path, { query: { ...query, page: String(page), per_page: '100' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    rows.push(...res.body.data);
    if (!res.body.has_more) return rows;
  }
}

const csvLines = (text: string) => text.trimEnd().split('\r\n');

describe.each(targets)('the office lists on $name', (target) => {
  const api = apiClient(target.baseUrl);
  let staff: ConsoleClient;
  let rival: ConsoleClient;
  const signIn = async () => {
    staff ??= await consoleAs(target, 'acme', 'staff');
    rival ??= await consoleAs(target, 'rival', 'owner');
  };

  it('finds an order by a part of its street, by the phone in another format and by number; the CSV is the list', async () => {
    await signIn();
    const street = `${tag()} Quillfeather Lane`;
    const digits = phoneDigits();
    const { confirmed } = await book(api, target, undefined, {
      delivery_address: `77 ${street}`,
      customer: {
        name: 'Martha Elmwood',
        email: `martha.${tag()}@example.com`,
        phone: `+1 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
      },
      attribution: { utm_source: 'newsletter' },
    });
    const number = confirmed.body.data.order_number as number;

    const byStreet = await staff.get('/orders', { query: { q: street.slice(0, 10).toUpperCase() } });
    expect(byStreet.status).toBe(200);
    expect(byStreet.body.data).toEqual([
      expect.objectContaining({
        order_number: number,
        status: 'confirmed',
        payment_status: 'paid',
        address: `77 ${street}, New York, NY 10001`,
        customer: expect.objectContaining({ name: 'Martha Elmwood' }),
        booking_channel: 'api',
      }),
    ]);
    const byPhone = await staff.get('/orders', {
      query: { q: `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}` },
    });
    expect(byPhone.body.data.map((o: any) => o.order_number)).toEqual([number]);
    const byNumber = await staff.get('/orders', { query: { q: `#${number}` } });
    expect(byNumber.body.data.map((o: any) => o.order_number)).toEqual([number]);

    const exported = await staff.get('/exports/orders.csv', { query: { q: street } });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(exported.headers.get('content-disposition')).toBe('attachment; filename="orders.csv"');
    const [header, ...lines] = csvLines(exported.body);
    expect(header?.split(',').slice(0, 3)).toEqual(['order_number', 'booked_on', 'status']);
    expect(header).toContain('card_fee');
    expect(header).toContain('utm_source');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^${number},`));
    expect(lines[0]).toContain(',newsletter,');

    // Another company's owner: none of it, by search, by number or in the export.
    expect((await rival.get('/orders', { query: { q: street } })).body.data).toEqual([]);
    expect(
      (await rival.get('/orders', { query: { q: `#${number}` } })).body.data.map((o: any) => o.customer.name),
    ).not.toContain('Martha Elmwood');
    expect(csvLines((await rival.get('/exports/orders.csv', { query: { q: street } })).body)).toHaveLength(1);
  });

  it('the CSV of a whole list equals the list, row for row, and disarms a formula in a name', async () => {
    await signIn();
    const street = `${tag()} Ledger Road`;
    for (const name of ['=HYPERLINK("http://evil.example","x")', 'Pat, "the" Doe']) {
      await book(api, target, undefined, {
        delivery_address: `5 ${street}`,
        customer: { name, email: `ledger.${tag()}@example.com`, phone: '+1 212 555 0100' },
      });
    }
    const list = await all(staff, '/orders', { q: street });
    expect(list).toHaveLength(2);
    const csv = (await staff.get('/exports/orders.csv', { query: { q: street } })).body as string;
    const lines = csvLines(csv).slice(1);
    expect(lines.map((l) => Number(l.split(',')[0]))).toEqual(list.map((o) => o.order_number));
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csv).toContain('"Pat, ""the"" Doe"');
    const everything = await all(staff, '/orders', { status: 'confirmed' });
    const whole = csvLines((await staff.get('/exports/orders.csv', { query: { status: 'confirmed' } })).body).slice(1);
    expect(whole.map((l) => Number(l.split(',')[0]))).toEqual(everything.map((o) => o.order_number));
  });

  it('filters junk jobs by status and job date, and finds one by its street', async () => {
    await signIn();
    const street = `${tag()} Haul Street`;
    const { confirmed, slot } = await bookJunk(api, target, undefined, { address_line1: `3 ${street}` });
    const number = confirmed.body.data.job_number as number;
    const found = await staff.get('/jobs', {
      query: { q: street, status: 'confirmed', from: slot.date, to: slot.date },
    });
    expect(found.status).toBe(200);
    expect(found.body.data).toEqual([
      expect.objectContaining({ job_number: number, job_date: slot.date, window: `${slot.start}-${slot.end}` }),
    ]);
    expect((await staff.get('/jobs', { query: { q: street, status: 'completed' } })).body.data).toEqual([]);
    // The day before the job's: replacing the day with 01 was the job's own day when it fell on the 1st.
    const before = (await staff.get('/jobs', { query: { q: street, to: addDays(slot.date, -1), from: '2000-01-01' } }))
      .body.data;
    expect(before.filter((j: any) => j.job_number === number)).toEqual([]);
    const csv = csvLines((await staff.get('/exports/jobs.csv', { query: { q: street } })).body);
    expect(csv[0]?.split(',').slice(0, 2)).toEqual(['job_number', 'booked_on']);
    expect(csv.slice(1).map((l) => Number(l.split(',')[0]))).toEqual([number]);
    expect((await rival.get('/jobs', { query: { q: street } })).body.data).toEqual([]);
  });

  it("the dashboard's 30-day counts are the lists' counts for the same booked days, and its own company's only", async () => {
    await signIn();
    await book(api, target);
    for (const [client, name] of [
      [staff, 'acme'],
      [rival, 'rival'],
    ] as const) {
      const res = await client.get('/dashboard', { query: { days: '30' } });
      expect(res.status, name).toBe(200);
      const figures = res.body.data;
      expect(figures.days).toHaveLength(30);
      expect(figures.to).toBe(figures.days[29].date);
      const range = { dates: 'booked', from: figures.from, to: figures.to };
      const orders = await all(client, '/orders', range);
      const jobs = await all(client, '/jobs', range);
      expect(figures.totals.orders, name).toBe(orders.length);
      expect(figures.totals.jobs, name).toBe(jobs.length);
      const perDay = figures.days.reduce(
        (s: number, d: any) => s + d.bookings.link + d.bookings.widget + d.bookings.api,
        0,
      );
      expect(perDay).toBe(figures.totals.bookings);
      const revenue = [...orders, ...jobs].reduce((s, b) => s + Math.round(b.gross_total * 100), 0);
      expect(Math.round(figures.totals.revenue * 100)).toBe(revenue);
      // Held counts those held when booked: the ones still held, and any approved or rejected since.
      const stillHeld = [...orders, ...jobs].filter((b) => b.status === 'pending_risk_review').length;
      expect(figures.totals.held).toBeGreaterThanOrEqual(stillHeld);
      expect(figures.totals.held).toBeLessThanOrEqual(figures.totals.bookings);
    }
    expect((await staff.get('/dashboard')).body.data.totals.orders).toBeGreaterThan(0);
    expect((await staff.get('/dashboard', { query: { days: '90' } })).body.data.days).toHaveLength(90);
  });

  it('bad input is the error and its field: LIKE characters are data, a long or short q is refused, and no half file', async () => {
    await signIn();
    for (const q of ['%%%', '___', '\\\\\\', '%_\\']) {
      const res = await staff.get('/orders', { query: { q } });
      expect(res.status, q).toBe(200);
      expect(res.body.data, q).toEqual([]);
    }
    expectError(await staff.get('/orders', { query: { q: 'x'.repeat(10_000) } }), 400, 'invalid_parameter', 'q');
    expectError(await staff.get('/jobs', { query: { q: 'ab' } }), 400, 'invalid_parameter', 'q');
    expectError(
      await staff.get('/orders', { query: { from: '2030-02-01', to: '2030-01-01' } }),
      400,
      'invalid_parameter',
      'to',
    );
    expectError(await staff.get('/orders', { query: { status: 'lost' } }), 400, 'invalid_parameter', 'status');
    expectError(await staff.get('/orders', { query: { channel: 'fax' } }), 400, 'invalid_parameter', 'channel');
    expectError(await staff.get('/orders', { query: { from: '2030-02-30' } }), 400, 'invalid_parameter', 'from');
    expectError(await staff.get('/orders', { query: { per_page: '101' } }), 400, 'invalid_parameter', 'per_page');
    expectError(await staff.get('/dashboard', { query: { days: '7' } }), 400, 'invalid_parameter', 'days');
    const bad = await staff.get('/exports/orders.csv', { query: { q: 'ab' } });
    expectError(bad, 400, 'invalid_parameter', 'q');
    expect(bad.headers.get('content-disposition')).toBeNull();
  });

  it('signed out, every route is 401', async () => {
    const anonymous = consoleClient(target);
    for (const path of ['/orders', '/jobs', '/exports/orders.csv', '/exports/jobs.csv', '/dashboard']) {
      expectError(await anonymous.get(path), 401, 'unauthorized');
    }
  });
});
