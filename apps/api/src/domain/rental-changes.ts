import { checkDeliveryDate, checkPickupDate } from './calendar';
import type { Company, Size } from './catalog';
import { addDays, daysBetween } from './dates';
import { DomainError } from './errors';
import { percentOf } from './money';
import { processingFeeCents } from './pricing';

/**
 * The customer's changes to a booked rental (docs/decisions/my-booking.md): extend, end early, move the
 * delivery. Pure: the order's days, the company's rules, today and the local time are arguments.
 */
export type ChangeRequest =
  | { kind: 'extend'; days: number }
  | { kind: 'end_early'; pickup_date: string }
  | { kind: 'move_delivery'; delivery_date: string }
  | { kind: 'swap'; swap_date: string };
export type ChangeKind = ChangeRequest['kind'];

export type RentalDays = { delivery_date: string; pickup_date: string; rental_days: number };

/**
 * How a company takes changes (company config `rental_changes`): whether the booking's card is saved for
 * later charges (the customer is told on the payment step), and until which hour of the day before it a
 * delivery moves (company time).
 */
export type RentalSettings = Company['rentalChanges'];

export const MAX_EXTENSION_DAYS = 30;
export const MAX_RENTAL_DAYS = 365;
/**
 * The move cutoff of a delivery or a junk job on `day`: the day before it, at the company's hour (company
 * time). Whether it has passed at `today` and `localHour`, and how it reads ("YYYY-MM-DD HH:00").
 */
export function moveCutoff(day: string, cutoffHour: number) {
  const date = addDays(day, -1);
  return {
    date,
    hour: cutoffHour,
    text: `${date} ${String(cutoffHour).padStart(2, '0')}:00`,
    passed: (today: string, localHour: number) => today > date || (today === date && localHour >= cutoffHour),
  };
}

/** Who a change was made by, as the APIs say it: the office's members are one `office`. */
export const madeBy = (actor: string): 'customer' | 'api' | 'office' =>
  actor.startsWith('office:') ? 'office' : (actor as 'customer' | 'api');

/** A link works until this many days after the can is back. */
export const LINK_DAYS_AFTER_PICKUP = 30;

/** Statuses in which the can has not come back: every change needs one of them. */
const NOT_BACK = ['confirmed', 'scheduled', 'out_for_delivery', 'delivered', 'waiting_pickup'] as const;
/** Statuses in which the can has not left the yard: a delivery still moves. */
const NOT_DELIVERED = ['confirmed', 'scheduled'] as const;

export type ChangeAmounts = {
  days: number;
  extraDays: number;
  /** A swap's fee (0 for the other kinds). */
  fee: number;
  taxPercentMilli: number;
  tax: number;
  total: number;
  processingFee: number;
  grossTotal: number;
};

const FREE: Omit<ChangeAmounts, 'days'> = {
  extraDays: 0,
  fee: 0,
  taxPercentMilli: 0,
  tax: 0,
  total: 0,
  processingFee: 0,
  grossTotal: 0,
};

/**
 * An extension's price: extra_day of the order's size per added day (the material price rule bills the days
 * past its 7 the same way), the size's tax, the card fee by the company's handling; no fuel fee again.
 */
export function extensionAmounts(company: Pick<Company, 'cardFee'>, size: Size, days: number): ChangeAmounts {
  return taxed(company, size, { days, extraDays: size.extraDayCents * days, fee: 0 });
}

/** A swap's price: the company's swap fee of the size, the size's tax, the card fee by its handling. */
export function swapAmounts(company: Pick<Company, 'cardFee'>, size: Size, feeCents: number): ChangeAmounts {
  return taxed(company, size, { days: 0, extraDays: 0, fee: feeCents });
}

function taxed(
  company: Pick<Company, 'cardFee'>,
  size: Size,
  priced: { days: number; extraDays: number; fee: number },
): ChangeAmounts {
  const subtotal = priced.extraDays + priced.fee;
  const taxPercentMilli = size.tax.enabled ? size.tax.percentMilli : 0;
  const tax = percentOf(subtotal, taxPercentMilli);
  const total = subtotal + tax;
  const processingFee = processingFeeCents(company.cardFee, total);
  return { ...priced, taxPercentMilli, tax, total, processingFee, grossTotal: total + processingFee };
}

const refuse = (message: string, field: string, details: Record<string, unknown> = {}) =>
  new DomainError('change_not_allowed', message, { field, details });

/**
 * What a change makes of the order's days, with its price, or why not: status (a can already back), the
 * limits of each kind, the company's calendar and the delivery cutoff. The fleet is the caller's to check.
 */
export function planChange(
  order: RentalDays & { status: string },
  request: ChangeRequest,
  rules: { company: Company; size: Size; today: string; localHour: number },
): { after: RentalDays; amounts: ChangeAmounts; swapDate?: string } {
  const { company, size, today } = rules;
  if (!(NOT_BACK as readonly string[]).includes(order.status)) {
    throw refuse(`This rental cannot change any more: it is ${order.status.replace(/_/g, ' ')}.`, 'kind', {
      status: order.status,
    });
  }
  switch (request.kind) {
    case 'extend': {
      const { days } = request;
      if (!Number.isInteger(days) || days < 1 || days > MAX_EXTENSION_DAYS) {
        throw new DomainError('invalid_body', `Extend by 1 to ${MAX_EXTENSION_DAYS} days at a time.`, {
          field: 'days',
        });
      }
      const rentalDays = order.rental_days + days;
      if (rentalDays > MAX_RENTAL_DAYS) {
        throw refuse(`A rental lasts at most ${MAX_RENTAL_DAYS} days.`, 'days', {
          max_days: MAX_RENTAL_DAYS - order.rental_days,
        });
      }
      const pickup = checkPickupDate(company, order.delivery_date, rentalDays, undefined);
      if (!pickup.ok) throw new DomainError('date_closed', pickup.message, { field: 'days' });
      const after = { ...order, pickup_date: pickup.date, rental_days: rentalDays };
      return { after: days_(after), amounts: extensionAmounts(company, size, days) };
    }
    case 'end_early': {
      const date = request.pickup_date;
      // From tomorrow, and never before the day after the delivery.
      const earliest = addDays([today, order.delivery_date].sort()[1] as string, 1);
      if (date < earliest || date >= order.pickup_date) {
        throw refuse(
          `Choose a pickup day from ${earliest} to ${addDays(order.pickup_date, -1)}: it ends the rental before ${order.pickup_date}.`,
          'pickup_date',
          { earliest, latest: addDays(order.pickup_date, -1) },
        );
      }
      const rentalDays = daysBetween(order.delivery_date, date);
      const pickup = checkPickupDate(company, order.delivery_date, rentalDays, undefined);
      if (!pickup.ok) throw new DomainError('date_closed', pickup.message, { field: 'pickup_date' });
      return {
        after: days_({ ...order, pickup_date: date, rental_days: rentalDays }),
        amounts: { days: rentalDays - order.rental_days, ...FREE },
      };
    }
    case 'swap': {
      const date = request.swap_date;
      const fee = company.rentalChanges.swapFeeCents[size.key];
      if (fee === undefined) {
        throw refuse(`${company.name} does not take swaps of the ${size.label} online: call them.`, 'kind');
      }
      if (date <= order.delivery_date || date >= order.pickup_date) {
        throw refuse(
          `A swap is between the delivery and the pickup: from ${addDays(order.delivery_date, 1)} to ${addDays(order.pickup_date, -1)}.`,
          'swap_date',
          { earliest: addDays(order.delivery_date, 1), latest: addDays(order.pickup_date, -1) },
        );
      }
      const open = checkDeliveryDate(company, today, date);
      if (!open.ok) throw new DomainError(open.code, open.message, { field: 'swap_date' });
      return { after: days_(order), amounts: swapAmounts(company, size, fee), swapDate: date };
    }
    case 'move_delivery': {
      const date = request.delivery_date;
      if (!(NOT_DELIVERED as readonly string[]).includes(order.status)) {
        throw refuse('The dumpster is already on its way or delivered: its delivery day cannot move.', 'delivery_date');
      }
      const cutoff = moveCutoff(order.delivery_date, company.rentalChanges.moveCutoffHour);
      if (cutoff.passed(today, rules.localHour)) {
        throw refuse(
          `A delivery moves until ${cutoff.text.slice(11)} on ${cutoff.date}, the day before it: call ${company.name}.`,
          'delivery_date',
          { cutoff_date: cutoff.date, cutoff_hour: cutoff.hour },
        );
      }
      if (date === order.delivery_date) throw refuse('This is already the delivery day.', 'delivery_date');
      const open = checkDeliveryDate(company, today, date);
      if (!open.ok) throw new DomainError(open.code, open.message, { field: 'delivery_date' });
      const pickup = checkPickupDate(company, date, order.rental_days, undefined);
      if (!pickup.ok) throw new DomainError('date_closed', pickup.message, { field: 'delivery_date' });
      return {
        after: days_({ delivery_date: date, pickup_date: pickup.date, rental_days: order.rental_days }),
        amounts: { days: 0, ...FREE },
      };
    }
  }
}

const days_ = (d: RentalDays): RentalDays => ({
  delivery_date: d.delivery_date,
  pickup_date: d.pickup_date,
  rental_days: d.rental_days,
});

/** What the customer may change now, for the page to offer (each still checked when asked). */
export function changesOffered(
  order: { status: string; delivery_date: string; swappable?: boolean },
  today: string,
): ChangeKind[] {
  if (!(NOT_BACK as readonly string[]).includes(order.status)) return [];
  const kinds: ChangeKind[] = ['extend', 'end_early'];
  if ((NOT_DELIVERED as readonly string[]).includes(order.status) && today < order.delivery_date) {
    kinds.push('move_delivery');
  }
  if (order.swappable) kinds.push('swap');
  return kinds;
}

/** Whether a link still works: until LINK_DAYS_AFTER_PICKUP days after the can is back. */
export function linkValid(backOn: string, today: string): boolean {
  return today <= addDays(backOn, LINK_DAYS_AFTER_PICKUP);
}
