'use client';

import { useParams } from 'next/navigation';
import { Notice } from '../../../../components/notice';
import { api, pathNumber } from '../../../../lib/api';
import { useApi } from '../../../../lib/use-api';
import { RecordView } from '../../_office/record-view';
import { FieldSection } from './field-section';
import { PermitSection } from './permit-section';
import { RentalSection } from './rental-section';

/**
 * An order: what was booked, customer, invoice, payment, attribution, its street permit (booked for the street),
 * its rental after booking (days, changes, the customer's link), what the field did (stops, photos, weigh tickets, charges), timeline; approve, reject or
 * move it.
 */
export default function OrderPage() {
  const { number } = useParams<{ number: string }>();
  const order = useApi(
    (signal) => api.GET('/orders/{order_number}', { params: { path: { order_number: pathNumber(number) } }, signal }),
    [number],
  );
  if (order.error)
    return (
      <Notice tone="danger" title={`Order #${number}`}>
        {order.error.message}
      </Notice>
    );
  const o = order.data;
  if (!o) return <p className="muted">Loading…</p>;
  return (
    <RecordView
      kind="order"
      number={o.order_number}
      record={o}
      reload={order.reload}
      extra={
        <>
          <PermitSection
            number={o.order_number}
            order={o}
            delivery={o.delivery_date}
            currency={o.invoice.currency}
            onChanged={order.reload}
          />
          <RentalSection number={o.order_number} onChanged={order.reload} />
          <FieldSection number={o.order_number} onChanged={order.reload} />
        </>
      }
      booked={[
        ['Size', o.size],
        ...(o.material ? ([['Material', o.material]] as [string, string][]) : []),
        ['Rental', `${o.rental_days} days`],
        ['Delivery', o.delivery_date],
        ['Pickup', o.pickup_date],
        ...(o.placement === 'street' ? ([['Where it sits', 'On the street']] as [string, string][]) : []),
      ]}
    />
  );
}
