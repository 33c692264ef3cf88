import { describe, expect, inject, it } from 'vitest';
import { TEST_CARDS } from '../../src/payments/sandbox-cards';
import { book, intentBody } from '../support/booking';
import { svc } from '../support/cli';
import { apiClient } from '../support/client';
import { bookJunk } from '../support/junk';

// The office's moves through the real CLI against a running server's database (the company console will
// make the same calls): orders and junk jobs along their lifecycles, leads from new to a customer, and the
// refusals an office user reads. The CLI does not depend on how the API is served: one server per driver.
const targets = inject('targets').filter((t) => t.kind === 'standalone');

describe.each(targets)('office moves on $name', (target) => {
  const api = apiClient(target.baseUrl);
  const data = apiClient(target.baseUrl, 'data');
  const dataKey = target.fixtures.data.acme;
  const status = (what: 'orders' | 'jobs', number: number, to: string) =>
    svc(target, what, 'status', 'acme', String(number), to);

  it('an order goes from confirmed to completed along the dispatch board; completed sets completed_at and is final', async () => {
    const number = (await book(api, target)).confirmed.body.data.order_number as number;
    await expect(status('orders', number, 'out_for_delivery')).rejects.toThrow(
      `Order #${number} is confirmed: it can move to scheduled, waiting delivery, canceled, not out for delivery.`,
    );
    let previous = 'confirmed';
    for (const to of [
      'scheduled',
      'out_for_delivery',
      'delivered',
      'waiting_pickup',
      'picked_up',
      'waiting_landfill',
    ]) {
      expect(await status('orders', number, to)).toMatchObject({
        status: to,
        previous_status: previous,
        completed_at: null,
      });
      previous = to;
    }
    const done = await status('orders', number, 'completed');
    expect(done).toMatchObject({ status: 'completed', previous_status: 'waiting_landfill' });
    expect(Date.parse(done.completed_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(done.updated_at).toBe(done.completed_at);
    const read = (await data.get(`/orders/${number}`, { key: dataKey })).body.data;
    expect(read).toMatchObject({ status: 'completed', completed_at: done.completed_at });
    await expect(status('orders', number, 'canceled')).rejects.toThrow(
      `Order #${number} is completed, which is final: it cannot move to canceled.`,
    );
  });

  it('refuses what an order cannot do, saying why', async () => {
    const number = (await book(api, target)).confirmed.body.data.order_number as number;
    await expect(status('orders', number, 'confirmed')).rejects.toThrow(`Order #${number} is already confirmed.`);
    await expect(status('orders', number, 'shipped')).rejects.toThrow('"shipped" is not an order status');
    await expect(status('orders', number, 'pending_risk_review')).rejects.toThrow('is not an order status');
    await expect(status('orders', 99_999, 'scheduled')).rejects.toThrow('acme has no order #99999.');
    await expect(status('orders', number, '')).rejects.toThrow('missing status');
    await expect(svc(target, 'orders', 'status', 'acme', 'abc', 'scheduled')).rejects.toThrow(
      'the order number is a whole number',
    );
    await expect(svc(target, 'orders', 'status', 'nobody', String(number), 'scheduled')).rejects.toThrow(
      'no company with slug "nobody"',
    );
    expect(await status('orders', number, 'canceled')).toMatchObject({
      status: 'canceled',
      previous_status: 'confirmed',
    });
    await expect(status('orders', number, 'confirmed')).rejects.toThrow('is canceled, which is final');

    // Held for fraud review: only the approval moves it.
    const held = (await book(api, target, TEST_CARDS.elevatedRisk)).confirmed.body.data.order_number as number;
    await expect(status('orders', held, 'scheduled')).rejects.toThrow(
      `Order #${held} is held for fraud review: approve it first (svc orders approve).`,
    );
    await svc(target, 'orders', 'approve', 'acme', String(held));
    expect(await status('orders', held, 'scheduled')).toMatchObject({ previous_status: 'confirmed' });
  });

  it('a junk job goes confirmed, scheduled, en route, completed; a canceled job gives its seat back', async () => {
    const job = (await bookJunk(api, target)).confirmed.body.data;
    await expect(status('jobs', job.job_number, 'completed')).rejects.toThrow(
      `Job #${job.job_number} is confirmed: it can move to scheduled, en route, canceled, not completed.`,
    );
    for (const [to, from] of [
      ['scheduled', 'confirmed'],
      ['en_route', 'scheduled'],
      ['completed', 'en_route'],
    ]) {
      expect(await status('jobs', job.job_number, to as string)).toMatchObject({ status: to, previous_status: from });
    }
    await expect(status('jobs', job.job_number, 'canceled')).rejects.toThrow('is completed, which is final');
    await expect(status('jobs', 99_999, 'scheduled')).rejects.toThrow('acme has no job #99999.');

    const { slot, confirmed } = await bookJunk(api, target);
    const seats = async () => {
      const res = await api.get('/junk/availability', {
        key: target.fixtures.acme.server,
        query: { from: slot.date, to: slot.date },
      });
      return res.body.data.days[0].windows.find((w: any) => w.start === slot.start).remaining as number;
    };
    const before = await seats();
    await status('jobs', confirmed.body.data.job_number, 'canceled');
    expect(await seats()).toBe(before + 1);
  });

  it('a lead is contacted, then converted into the customer with its e-mail; the moves it cannot make are refused', async () => {
    const email = intentBody(target).customer.email; // an address no customer has: the lead makes its customer
    const first = (await data.post('/leads', { key: dataKey, body: { name: 'Lee New', email } })).body.data;
    const listed: any[] = await svc(target, 'leads', 'list', 'acme', '--status', 'new');
    expect(listed.find((l) => l.id === first.id)).toMatchObject({ status: 'new', email });
    expect(await svc(target, 'leads', 'move', 'acme', first.id, 'contacted')).toMatchObject({
      id: first.id,
      status: 'contacted',
      previous_status: 'new',
    });
    await expect(svc(target, 'leads', 'move', 'acme', first.id, 'new')).rejects.toThrow(
      'A contacted lead can move to converted, discarded, not new.',
    );
    const converted = await svc(target, 'leads', 'move', 'acme', first.id, 'converted');
    expect(converted).toMatchObject({
      status: 'converted',
      previous_status: 'contacted',
      customer_ref: expect.any(String),
    });
    expect(Date.parse(converted.updated_at)).toBeGreaterThan(Date.parse(first.updated_at));
    await expect(svc(target, 'leads', 'move', 'acme', first.id, 'discarded')).rejects.toThrow(
      'A converted lead is final: it cannot move to discarded.',
    );
    expect((await svc(target, 'leads', 'list', 'acme', '--status', 'converted')).map((l: any) => l.id)).toContain(
      first.id,
    );

    // A customer who booked before: found by the lead's e-mail, whatever its case, and linked, not made again.
    const { confirmed } = await book(api, target);
    const booked = ((await svc(target, 'orders', 'list', 'acme')) as any[]).find(
      (o) => o.order_number === confirmed.body.data.order_number,
    );
    const known = (
      await data.post('/leads', { key: dataKey, body: { name: 'Pat Again', email: booked.customer.toUpperCase() } })
    ).body.data;
    expect(await svc(target, 'leads', 'move', 'acme', known.id, 'converted')).toMatchObject({
      customer_ref: confirmed.body.data.customer_id,
    });

    await expect(svc(target, 'leads', 'move', 'acme', first.id, 'won')).rejects.toThrow('"won" is not a lead status');
    await expect(svc(target, 'leads', 'list', 'acme', '--status', 'won')).rejects.toThrow('"won" is not a lead status');
    await expect(svc(target, 'leads', 'move', 'acme', 'not-a-lead', 'contacted')).rejects.toThrow(
      'acme has no lead not-a-lead.',
    );
    await expect(
      svc(target, 'leads', 'move', 'acme', '00000000-0000-4000-8000-000000000000', 'contacted'),
    ).rejects.toThrow('acme has no lead 00000000-0000-4000-8000-000000000000.');
  });

  it('a lead without an e-mail is linked by phone to the one customer with it, and refused otherwise', async () => {
    const digits = `646555${String(Date.now()).slice(-4)}`;
    const { confirmed } = await book(api, target, TEST_CARDS.success, {
      customer: { name: 'Phone Only', email: `phone.${digits}@example.com`, phone: `+1 ${digits}` },
    });
    const byPhone = (
      await data.post('/leads', {
        key: dataKey,
        body: { name: 'Caller', phone: `+1 (${digits.slice(0, 3)}) ${digits.slice(3)}` },
      })
    ).body.data;
    expect(await svc(target, 'leads', 'move', 'acme', byPhone.id, 'converted')).toMatchObject({
      customer_ref: confirmed.body.data.customer_id,
    });

    // Every other booking of the suite used the same phone number: which customer would it be?
    const shared = (await data.post('/leads', { key: dataKey, body: { name: 'Shared', phone: '+1 212 555 0199' } }))
      .body.data;
    await expect(svc(target, 'leads', 'move', 'acme', shared.id, 'converted')).rejects.toThrow(
      'several customers have its phone number',
    );
    const stranger = (await data.post('/leads', { key: dataKey, body: { name: 'Stranger', phone: '+1 917 555 0000' } }))
      .body.data;
    await expect(svc(target, 'leads', 'move', 'acme', stranger.id, 'converted')).rejects.toThrow(
      'no customer has its phone number: a new customer needs an e-mail address',
    );
    const nameOnly = (await data.post('/leads', { key: dataKey, body: { name: `Nameless ${Date.now()}` } })).body.data;
    await expect(svc(target, 'leads', 'move', 'acme', nameOnly.id, 'converted')).rejects.toThrow(
      'no e-mail address or phone number',
    );
    // Refused conversions leave the lead as it was; a discarded lead can come back.
    expect(await svc(target, 'leads', 'move', 'acme', nameOnly.id, 'discarded')).toMatchObject({
      previous_status: 'new',
      customer_ref: null,
    });
    expect(await svc(target, 'leads', 'move', 'acme', nameOnly.id, 'new')).toMatchObject({ status: 'new' });
  });
});
