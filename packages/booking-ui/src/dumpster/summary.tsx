import { OrderSummary } from '../engine/order-summary';
import type { Pending } from '../engine/types';
import { longDate } from '../format';
import { type Answers, pickupDate } from './answers';

/** The order on the payment screen: what, when, where, and what the card is charged. */
export function DumpsterSummary({ pending, onEdit }: { pending: Pending<Answers>; onEdit?: () => void }) {
  const { answers: a } = pending;
  return (
    <OrderSummary
      label="Your order"
      intent={pending.intent}
      onEdit={onEdit}
      rows={[
        ['Dumpster', `${pending.label}, ${a.days} days`],
        ['Delivery', longDate(a.date)],
        ['Pickup', longDate(pickupDate(a.date, a.days))],
        ['Address', `${a.address}, ${a.zip}`],
        ...(a.placement
          ? [
              ['Where it sits', a.placement === 'street' ? 'On the street' : 'Driveway or private property'] as [
                string,
                string,
              ],
            ]
          : []),
      ]}
    />
  );
}
