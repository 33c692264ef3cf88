import { day, money } from '../../../lib/rental-format';
import { ChangeForm, type ChangeFormProps } from './change-form';

/** More days on the rental, charged at the size's extra-day price (to the saved card, or a card on the page). */
export function ExtendForm(props: ChangeFormProps) {
  const { booking } = props;
  return (
    <ChangeForm
      {...props}
      spec={{
        kind: 'extend',
        title: 'Extend the rental',
        field: { label: 'Extra days', name: 'days', type: 'number', inputMode: 'numeric', min: 1, max: 30 },
        initial: '1',
        hint: `${money(booking.extra_day_price, booking.currency)} a day before tax. Pickup is now ${day(booking.pickup_date)}.`,
        parse: (value) => {
          const days = Number(value);
          return Number.isInteger(days) && days >= 1 && days <= 30
            ? { kind: 'extend', days }
            : 'Enter a number of days from 1 to 30.';
        },
      }}
    />
  );
}
