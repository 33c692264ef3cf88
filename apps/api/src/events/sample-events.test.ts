import { describe, expect, it } from 'vitest';
import { dataEvents } from '../contract/data/webhooks';
import { bookingEvents } from '../contract/webhooks';
import { BOOKING_EVENTS, DATA_EVENTS } from '../domain/events';
import { sampleEvent } from './sample-events';

// A test event must be what a receiver's real handler parses: each sample is checked against its schema.
describe('sample events', () => {
  const now = new Date('2026-11-23T20:00:00Z');
  it.each(BOOKING_EVENTS)('%s matches the Booking API webhook schema', (name) => {
    const parsed = bookingEvents[name].safeParse({
      event: name,
      created_at: now.toISOString(),
      data: sampleEvent(name, now),
    });
    expect(parsed.error?.issues).toBeUndefined();
  });
  it.each(DATA_EVENTS)('%s matches the Data API webhook schema', (name) => {
    const parsed = dataEvents[name].safeParse({
      event: name,
      created_at: now.toISOString(),
      data: sampleEvent(name, now),
    });
    expect(parsed.error?.issues).toBeUndefined();
  });
});
