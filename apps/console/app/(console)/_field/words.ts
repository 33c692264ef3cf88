import type { Tone } from '../../../components/notice';
import type { FieldCharge, StopRoute } from './types';

/** A stop's state from the field, as the office reads it, and its badge's tone. */
export const STATE: Record<StopRoute['field_state'], { label: string; tone: Tone }> = {
  unassigned: { label: 'Not on a route', tone: 'neutral' },
  assigned: { label: 'Assigned', tone: 'info' },
  on_the_way: { label: 'On the way', tone: 'info' },
  done: { label: 'Done', tone: 'success' },
  failed: { label: 'Could not complete', tone: 'danger' },
};

/** Why a driver could not complete a stop. */
export const FAILURE: Record<NonNullable<StopRoute['failure']>, string> = {
  blocked: 'Blocked',
  not_there: 'Customer not there',
  overfilled: 'Overfilled',
  prohibited_items: 'Prohibited items',
};

/** What a stop key is for: `delivery:<id>` → "Delivery". */
export function stopKind(key: string): string {
  const kind = key.split(':')[0] ?? '';
  return { delivery: 'Delivery', pickup: 'Pickup', swap: 'Swap', junk: 'Junk job' }[kind] ?? kind;
}

/** A charge's status in the office's words, with its tone (colour is never the only signal). */
export const CHARGE_STATUS: Record<FieldCharge['status'], { label: string; tone: Tone }> = {
  noticed: { label: 'Waiting to charge', tone: 'info' },
  held: { label: 'Held', tone: 'warning' },
  charging: { label: 'Charging', tone: 'info' },
  charged: { label: 'Charged', tone: 'success' },
  declined: { label: 'Declined: owed', tone: 'danger' },
  paid: { label: 'Paid', tone: 'success' },
  waived: { label: 'Waived', tone: 'neutral' },
};

/** What the office may still do to a charge: nothing once it is charged, paid or waived. */
export function chargeActions(status: FieldCharge['status']): ('hold' | 'release' | 'adjust' | 'waive')[] {
  if (status === 'noticed') return ['hold', 'adjust', 'waive'];
  if (status === 'held') return ['release', 'adjust', 'waive'];
  if (status === 'declined') return ['adjust', 'waive'];
  return [];
}

/** "Order #1042", "Job #77": what a charge is for. */
export const chargeFor = (c: Pick<FieldCharge, 'order_number' | 'job_number'>) =>
  c.order_number !== null ? `Order #${c.order_number}` : `Job #${c.job_number}`;

/** Tons as a scale ticket prints them: "5.4 t". */
export const tons = (n: number) => `${Number(n.toFixed(2))} t`;

/** An instant as a time of day ("3:04 PM"), with its day when it is not today ("Nov 23, 3:04 PM"). */
export function clock(iso: string): string {
  const at = new Date(iso);
  const today = new Date().toDateString() === at.toDateString();
  return at.toLocaleString('en-US', today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' });
}
