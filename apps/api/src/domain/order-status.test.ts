import { describe, expect, it } from 'vitest';
import { DomainError } from './errors';
import { checkOrderMove, ORDER_STATUSES, type OrderStatus, orderMovesFrom } from './order-status';

/**
 * Every status × every status: the moves the office may make (docs/decisions/order-moves.md). A row
 * lists the statuses an order may move to; every other target is refused.
 */
const ALLOWED: Record<OrderStatus, OrderStatus[]> = {
  placed: ['confirmed', 'canceled'],
  confirmed: ['scheduled', 'waiting_delivery', 'canceled'],
  scheduled: ['out_for_delivery', 'waiting_delivery', 'confirmed', 'canceled'],
  waiting_delivery: ['scheduled', 'out_for_delivery', 'canceled'],
  out_for_delivery: ['delivered', 'waiting_delivery', 'canceled'],
  delivered: ['waiting_pickup', 'picked_up'],
  waiting_pickup: ['picked_up', 'delivered'],
  picked_up: ['waiting_landfill', 'completed'],
  waiting_landfill: ['completed'],
  completed: [],
  canceled: [],
};

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err as DomainError;
  }
  throw new Error('expected a refusal');
};

describe('order moves', () => {
  for (const from of ORDER_STATUSES) {
    it.each(ORDER_STATUSES.map((to) => [to, ALLOWED[from].includes(to)] as const))(
      `${from} → %s allowed: %s`,
      (to, allowed) => {
        if (allowed) expect(checkOrderMove(1001, from, to)).toBe(to);
        else {
          const err = refusal(() => checkOrderMove(1001, from, to));
          expect(err).toBeInstanceOf(DomainError);
          expect(err).toMatchObject({ code: 'invalid_body', field: 'status' });
        }
      },
    );
  }

  it('the table is the rule', () => {
    for (const from of ORDER_STATUSES) expect([...orderMovesFrom(from)].sort()).toEqual([...ALLOWED[from]].sort());
  });

  it('every status but the final ones leads on; completed is reachable from placed', () => {
    const reach = new Set<OrderStatus>(['placed']);
    for (let grew = true; grew; ) {
      grew = false;
      for (const s of [...reach]) for (const t of orderMovesFrom(s)) if (!reach.has(t) && reach.add(t)) grew = true;
    }
    expect([...reach].sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it.each([
    ['pending_risk_review', 'confirmed', /held for fraud review: approve it first/],
    ['confirmed', 'confirmed', /Order #1001 is already confirmed\./],
    ['completed', 'canceled', /is completed, which is final/],
    ['canceled', 'confirmed', /is canceled, which is final/],
    ['delivered', 'canceled', /is delivered: it can move to waiting pickup, picked up, not canceled\./],
    ['confirmed', 'shipped', /"shipped" is not an order status/],
    ['confirmed', 'pending_risk_review', /not an order status/],
    ['archived', 'confirmed', /is archived: it cannot be moved/],
  ])('%s → %s is refused, saying why', (from, to, message) => {
    const err = refusal(() => checkOrderMove(1001, from, to));
    expect(err.message).toMatch(message);
    expect(err.details).toMatchObject({ from, to });
  });
});
