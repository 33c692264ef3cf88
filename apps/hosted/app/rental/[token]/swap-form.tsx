import { addDays, day, money } from '../../../lib/rental-format';
import { ChangeForm, type ChangeFormProps, parseDate } from './change-form';

/**
 * A swap: on a day between the delivery and the pickup, the full dumpster is taken and an empty one of the same
 * size set in its place. Priced at the company's swap fee for the size, paid like an extension.
 */
export function SwapForm(props: ChangeFormProps) {
  const { booking } = props;
  const first = addDays(booking.delivery_date, 1);
  const last = addDays(booking.pickup_date, -1);
  const price =
    booking.swap_price === null
      ? 'Priced when you choose a day'
      : `${money(booking.swap_price, booking.currency)} plus tax`;
  const days =
    first <= last
      ? `Choose a day from ${day(first)} to ${day(last)}.`
      : 'Your rental has no day between the delivery and the pickup: extend it first.';
  return (
    <ChangeForm
      {...props}
      spec={{
        kind: 'swap',
        title: 'Swap the dumpster',
        field: { label: 'Swap date', name: 'swap_date', type: 'date', min: first, max: last },
        initial: '',
        hint: `${price}. We take the full dumpster and set an empty one of the same size in its place. ${days}`,
        parse: (value) => parseDate(value, (date) => ({ kind: 'swap', swap_date: date })),
      }}
    />
  );
}
