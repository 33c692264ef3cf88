import { DomainError } from './errors';

/**
 * An order's dispatch lifecycle after booking (data spec section 3 names the statuses; the moves are ours:
 * docs/decisions/order-moves.md). Online orders start confirmed; placed is an order taken but not yet
 * confirmed with the customer. pending_risk_review is not among them: a held order leaves it only by release.
 */
export const ORDER_STATUSES = [
  'placed',
  'confirmed',
  'scheduled',
  'out_for_delivery',
  'delivered',
  'waiting_pickup',
  'picked_up',
  'completed',
  'canceled',
  'waiting_delivery',
  'waiting_landfill',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const HELD_FOR_REVIEW = 'pending_risk_review';

/**
 * Forward along the dispatch board, a step back where the office undoes one (a delivery that could not be
 * made, a rental extended), canceled until the container is on the customer's site. Completed and
 * canceled are final.
 */
const MOVES: Record<OrderStatus, readonly OrderStatus[]> = {
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

export function orderMovesFrom(from: OrderStatus): readonly OrderStatus[] {
  return MOVES[from];
}

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

const say = (s: string) => s.replaceAll('_', ' ');

/**
 * Whether the office may move order #`orderNumber` from its status to `to`; refuses with invalid_body
 * (field status) and a sentence an office user understands.
 */
export function checkOrderMove(orderNumber: number, from: string, to: string): OrderStatus {
  const refuse = (message: string, details: Record<string, unknown> = {}) =>
    new DomainError('invalid_body', message, { field: 'status', details: { from, to, ...details } });
  if (!isOrderStatus(to)) throw refuse(`"${to}" is not an order status: use one of ${ORDER_STATUSES.join(', ')}.`);
  if (from === HELD_FOR_REVIEW) {
    throw refuse(`Order #${orderNumber} is held for fraud review: approve it first (svc orders approve).`);
  }
  if (!isOrderStatus(from)) throw refuse(`Order #${orderNumber} is ${say(from)}: it cannot be moved.`);
  if (from === to) throw refuse(`Order #${orderNumber} is already ${say(to)}.`);
  const allowed = MOVES[from];
  if (!allowed.includes(to)) {
    throw refuse(
      allowed.length
        ? `Order #${orderNumber} is ${say(from)}: it can move to ${allowed.map(say).join(', ')}, not ${say(to)}.`
        : `Order #${orderNumber} is ${say(from)}, which is final: it cannot move to ${say(to)}.`,
      { allowed },
    );
  }
  return to;
}
