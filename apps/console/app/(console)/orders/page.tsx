'use client';

import Link from 'next/link';
import { DataTable } from '../../../components/data-table';
import { Highlight } from '../../../components/highlight';
import { Notice } from '../../../components/notice';
import { StatusBadge } from '../../../components/status-badge';
import { useUrlParams } from '../../../components/url-state';
import { api } from '../../../lib/api';
import type { QueryOf } from '../../../lib/types';
import { usePage } from '../../../lib/use-api';
import { bookingFilters, bookingQuery, ExportLink } from '../_office/booking-list';
import { money, when, words } from '../_office/format';
import type { OrderLine } from '../_office/types';

/** The filter's choices, in the order of the dispatch board (the API's enum, contract/console/bookings.ts). */
const STATUSES: NonNullable<QueryOf<'/orders'>['status']>[] = [
  'pending_risk_review',
  'placed',
  'confirmed',
  'scheduled',
  'waiting_delivery',
  'out_for_delivery',
  'delivered',
  'waiting_pickup',
  'picked_up',
  'waiting_landfill',
  'completed',
  'canceled',
];

/** Every order of the company, newest first: filtered, searched, and downloadable as the same CSV. */
export default function OrdersPage() {
  const { params, page } = useUrlParams();
  const query = bookingQuery(params) as QueryOf<'/orders'>;
  const orders = usePage(
    (signal) => api.GET('/orders', { params: { query: { ...query, page, per_page: 25 } }, signal }),
    [params.toString()],
  );
  const q = params.get('q');
  return (
    <>
      <div className="list-actions">
        <h1>Orders</h1>
        <ExportLink path="/exports/orders.csv" params={params} what="these orders" />
      </div>
      {orders.error ? <Notice tone="danger">{orders.error.message}</Notice> : null}
      <DataTable<OrderLine>
        caption="Orders, newest first"
        rows={orders.data?.data}
        hasMore={orders.data?.has_more}
        loading={orders.loading}
        rowKey={(o) => String(o.order_number)}
        filters={bookingFilters(STATUSES, 'Delivery date')}
        empty="No orders match. Change the filters, or clear the search."
        columns={[
          {
            key: 'n',
            header: 'Order',
            cell: (o) => (
              <Link href={`/orders/${o.order_number}`}>
                #<Highlight text={String(o.order_number)} q={q} />
              </Link>
            ),
          },
          {
            key: 'who',
            header: 'Customer',
            cell: (o) => (
              <>
                <Highlight text={o.customer.name} q={q} />
                <br />
                <span className="muted nowrap">
                  <Highlight text={o.customer.phone} q={q} />
                </span>
              </>
            ),
          },
          { key: 'email', header: 'E-mail', minor: true, cell: (o) => <Highlight text={o.customer.email} q={q} /> },
          { key: 'where', header: 'Address', cell: (o) => <Highlight text={o.address} q={q} /> },
          { key: 'delivery', header: 'Delivery', cell: (o) => <span className="nowrap">{o.delivery_date}</span> },
          { key: 'size', header: 'Size', minor: true, cell: (o) => o.size },
          { key: 'status', header: 'Status', cell: (o) => <StatusBadge status={o.status} /> },
          { key: 'payment', header: 'Payment', minor: true, cell: (o) => words(o.payment_status) },
          { key: 'channel', header: 'Channel', minor: true, cell: (o) => o.booking_channel },
          { key: 'booked', header: 'Booked', minor: true, cell: (o) => when(o.booked_at) },
          { key: 'total', header: 'Total', align: 'end', cell: (o) => money(o.gross_total, o.currency) },
        ]}
      />
    </>
  );
}
