import { addDays, day } from '../../../lib/rental-format';
import { ChangeForm, type ChangeFormProps, parseDate } from './change-form';

/** An earlier pickup day: free, and no refund for the days not used. */
export function EndEarlyForm(props: ChangeFormProps) {
  const { booking } = props;
  return (
    <ChangeForm
      {...props}
      spec={{
        kind: 'end_early',
        title: 'End early',
        field: {
          label: 'New pickup date',
          name: 'date',
          type: 'date',
          min: addDays(booking.delivery_date, 1),
          max: addDays(booking.pickup_date, -1),
        },
        initial: '',
        hint: `Pickup is now ${day(booking.pickup_date)}. Choose an earlier day. No refund for the days not used.`,
        parse: (value) => parseDate(value, (date) => ({ kind: 'end_early', pickup_date: date })),
      }}
    />
  );
}
