import { describe, expect, it } from 'vitest';
import { actionsFor, parseStopKey, planFieldAction } from './field-stops';

const id = '8f9d2c1e-3b4a-4c5d-9e6f-7a8b9c0d1e2f';
const stop = (kind: 'delivery' | 'pickup' | 'swap' | 'junk', state = 'assigned' as const, hasTicket = false) => ({
  kind,
  state,
  hasTicket,
  number: 1042,
});

describe('what a driver may do at a stop', () => {
  it.each([
    ['delivery', 'assigned', false, ['on_the_way', 'delivered', 'failed']],
    ['delivery', 'on_the_way', false, ['delivered', 'failed']],
    ['delivery', 'done', false, []],
    ['pickup', 'assigned', false, ['on_the_way', 'picked_up', 'failed']],
    ['pickup', 'done', false, ['weigh_ticket']],
    ['pickup', 'done', true, []],
    ['swap', 'done', false, ['weigh_ticket']],
    ['junk', 'done', false, []],
    ['junk', 'failed', false, []],
  ] as const)('%s %s (ticket %s): %j', (kind, state, hasTicket, expected) => {
    expect(actionsFor({ kind, state, hasTicket })).toEqual(expected);
  });
});

describe('the moves an action makes', () => {
  it.each([
    ['delivery', 'assigned', 'confirmed', 'on_the_way', ['scheduled', 'out_for_delivery'], [], 'on_the_way'],
    ['delivery', 'assigned', 'scheduled', 'delivered', ['out_for_delivery', 'delivered'], [], 'done'],
    ['delivery', 'on_the_way', 'out_for_delivery', 'delivered', ['delivered'], [], 'done'],
    ['delivery', 'on_the_way', 'out_for_delivery', 'failed', ['waiting_delivery'], [], 'failed'],
    ['pickup', 'assigned', 'delivered', 'picked_up', ['picked_up'], [], 'done'],
    ['pickup', 'assigned', 'waiting_pickup', 'picked_up', ['picked_up'], [], 'done'],
    ['pickup', 'assigned', 'delivered', 'on_the_way', [], [], 'on_the_way'],
    ['swap', 'assigned', 'delivered', 'swapped', [], [], 'done'],
    ['junk', 'assigned', 'confirmed', 'on_the_way', [], ['en_route'], 'on_the_way'],
    ['junk', 'on_the_way', 'en_route', 'done', [], ['completed'], 'done'],
  ] as const)('%s %s, record %s, %s', (kind, state, status, action, orderPath, jobPath, next) => {
    const plan = planFieldAction({ ...stop(kind), state }, status, action);
    expect(plan).toMatchObject({ orderPath, jobPath, state: next });
  });

  it.each([
    ['a pickup of a can not yet delivered', 'pickup', 'assigned', 'scheduled', 'picked_up'],
    ['a delivery of a canceled order', 'delivery', 'assigned', 'canceled', 'on_the_way'],
    ['a swap of a completed order', 'swap', 'assigned', 'completed', 'swapped'],
    ['a second delivery', 'delivery', 'done', 'delivered', 'delivered'],
    ['a ticket before the pickup', 'pickup', 'assigned', 'delivered', 'weigh_ticket'],
  ] as const)('refuses %s (state_conflict on action)', (_name, kind, state, status, action) => {
    expect(() => planFieldAction({ ...stop(kind), state }, status, action)).toThrowError(
      expect.objectContaining({ code: 'state_conflict', field: 'action' }),
    );
  });
});

describe('stop keys', () => {
  it('reads delivery, pickup, swap and junk keys and refuses anything else', () => {
    expect(parseStopKey(`pickup:${id.toUpperCase()}`)).toEqual({ kind: 'pickup', id });
    for (const bad of ['pickup', `moon:${id}`, 'delivery:12', `delivery:${id}:x`, '']) {
      expect(() => parseStopKey(bad)).toThrowError(expect.objectContaining({ code: 'invalid_body', field: 'stop' }));
    }
  });
});
