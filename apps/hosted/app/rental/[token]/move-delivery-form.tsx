import { cutoff, day } from '../../../lib/rental-format';
import { ChangeForm, type ChangeFormProps, parseDate } from './change-form';

/** Another delivery day, until the company's cutoff the day before; the rental keeps its length. */
export function MoveDeliveryForm(props: ChangeFormProps) {
  const { booking } = props;
  return (
    <ChangeForm
      {...props}
      spec={{
        kind: 'move_delivery',
        title: 'Move the delivery',
        field: { label: 'New delivery date', name: 'date', type: 'date' },
        initial: '',
        hint: `Delivery is now ${day(booking.delivery_date)}.${booking.move_cutoff ? ` You can move it until ${cutoff(booking.move_cutoff)}.` : ''}`,
        parse: (value) => parseDate(value, (date) => ({ kind: 'move_delivery', delivery_date: date })),
      }}
    />
  );
}
