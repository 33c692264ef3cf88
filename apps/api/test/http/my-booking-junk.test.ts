import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { junkJobs } from '../../src/db/schema';
import { payWithCard } from '../support/booking';
import { svc } from '../support/cli';
import { apiClient, expectError } from '../support/client';
import { acmeTwin } from '../support/companies';
import { junkBody } from '../support/junk';
import { withTargetDb } from '../support/target-db';

// A junk job's My booking link (docs/decisions/my-booking.md): it opens the job, which moves to another window
// with a free seat, free, until the cutoff; a full window is refused under the company's lock, and the
// dumpster changes are not a job's.
const targets = inject('targets');

type Slot = { date: string; start: string; end: string; remaining: number };

describe.each(targets)("a junk job's link on $name", (target) => {
  const api = apiClient(target.baseUrl);
  const rental = apiClient(target.baseUrl, 'rental');

  it('opens the job, moves it to a window with a seat (once, however often asked), refuses a full one', async () => {
    const co = await acmeTwin(target, 'Junk Moves');
    const days = (await api.get('/junk/availability', { key: co.key })).body.data.days as any[];
    const slots: Slot[] = days.flatMap((d) =>
      d.open ? (d.windows as Slot[]).filter((w) => w.remaining > 0).map((w) => ({ ...w, date: d.date })) : [],
    );
    const later = slots.filter((s) => s.date > (slots[0] as Slot).date);
    const [from, to] = [slots[0] as Slot, later.find((s) => s.start !== '13:00') as Slot];
    const single = later.find((s) => s.start === '13:00' && s.date !== to.date) as Slot;
    const book = async (slot: Slot) => {
      const intent = await api.post('/junk/intents', { key: co.key, body: junkBody(slot) });
      expect(intent.status, JSON.stringify(intent.body)).toBe(200);
      await payWithCard(target, intent.body.data);
      const confirmed = await api.post('/junk/confirm', {
        key: co.key,
        body: { session_id: intent.body.data.session_id, payment_intent_id: intent.body.data.payment_intent_id },
      });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      return {
        ...confirmed.body.data,
        token: new URL(confirmed.body.data.manage_url).pathname.split('/')[2] as string,
      };
    };
    const job = await book(from);
    const read = await rental.get('/booking', { key: job.token });
    expect(read.body.data).toMatchObject({
      service: 'junk',
      job_number: job.job_number,
      job_date: from.date,
      time_window: { start: from.start, end: from.end },
      changes: [],
    });
    expect(read.body.data.windows.some((d: any) => d.date === to.date)).toBe(true);

    const hook = await svc(
      target,
      'webhooks',
      'add',
      co.slug,
      'http://127.0.0.1:9/hooks',
      '--event',
      'booking.changed',
    );
    const target_ = { job_date: to.date, time_window_start: to.start, time_window_end: to.end };
    const moved = await rental.post('/job/window', { key: job.token, body: target_ });
    expect(moved.body.data).toMatchObject({
      kind: 'move_window',
      status: 'applied',
      made_by: 'customer',
      before: { job_date: from.date, time_window: { start: from.start } },
      after: { job_date: to.date, time_window: { start: to.start, end: to.end } },
    });
    expect((await rental.post('/job/window', { key: job.token, body: target_ })).body.data.id).toBe(moved.body.data.id);
    const row = await withTargetDb(target, ({ db }) =>
      db
        .select({ date: junkJobs.jobDate, start: junkJobs.windowStart })
        .from(junkJobs)
        .where(eq(junkJobs.id, job.job_id)),
    );
    expect(row).toEqual([{ date: to.date, start: to.start }]);
    // booking.changed, with the job's new day and window and what they were.
    const events = await withTargetDb(target, async ({ db }) =>
      db.execute(
        sql`select payload from outbox where topic = 'booking.changed' and payload->>'job_id' = ${job.job_id}`,
      ),
    );
    const payloads = (events as unknown as { rows: { payload: any }[] }).rows.map((r) => r.payload);
    expect(payloads).toHaveLength(1);
    expect(payloads[0]).toMatchObject({
      service: 'junk',
      job_number: job.job_number,
      job_date: to.date,
      time_window: { start: to.start, end: to.end },
      change: { kind: 'move_window', previous_job_date: from.date, amount: 0, made_by: 'customer' },
    });
    await svc(target, 'webhooks', 'remove', co.slug, hook.id);

    // The single seat of another day's 13:00 window taken by another job: no room to move there.
    await book(single);
    const full = await rental.post('/job/window', {
      key: job.token,
      body: { job_date: single.date, time_window_start: single.start, time_window_end: single.end },
    });
    expectError(full, 409, 'slot_bad_window', 'time_window_start');
    // Photos of the pile, with POST /junk/photos' rules: within 2 hours of booking, up to the company's count.
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: 'green' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('photos', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'pile.png');
    const added = await rental.post('/job/photos', { key: job.token, form });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data).toMatchObject({ job_number: job.job_number, remaining: 2 });
    expect(added.body.data.photos).toEqual([expect.objectContaining({ content_type: 'image/png', width: 320 })]);
    expect((await rental.get('/booking', { key: job.token })).body.data).toMatchObject({
      photos: 1,
      photos_remaining: 2,
    });
    // A dumpster's changes are not a job's.
    const wrong = await rental.post('/changes/quote', { key: job.token, body: { kind: 'extend', days: 1 } });
    expectError(wrong, 409, 'change_not_allowed', 'kind');
  });
});
