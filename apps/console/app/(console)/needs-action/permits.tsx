'use client';

import Link from 'next/link';
import { DataTable } from '../../../components/data-table';
import { StatusBadge } from '../../../components/status-badge';
import { type PermitTask, taskText } from '../../../lib/permits';
import { day } from '../_office/format';

/**
 * Street permits the company applies for (docs/decisions/street-permits.md): each order that needs one (or
 * its extension), oldest deadline first, as "Street permit — apply by Tue Dec 8". Recording the permit on the
 * order's page ends the task.
 */
export function PermitTasks({ rows, loading }: { rows: PermitTask[] | undefined; loading: boolean }) {
  return (
    <section aria-labelledby="permits">
      <h2 id="permits">Street permits to apply for</h2>
      <DataTable<PermitTask>
        caption="Street permits to apply for"
        hideCaption
        rows={rows}
        loading={loading}
        rowKey={(t) => `${t.kind}-${t.order_number}`}
        empty="No permit to apply for. An order booked for the street where the city needs a permit you apply for waits here until you record it."
        columns={[
          {
            key: 'n',
            header: 'Order',
            cell: (t) => <Link href={`/orders/${t.order_number}#permit`}>{`Order #${t.order_number}`}</Link>,
          },
          {
            key: 'what',
            header: 'What',
            cell: (t) => (
              <>
                <strong>{taskText(t)}</strong>{' '}
                {t.overdue ? <StatusBadge status="overdue" label="Overdue" tone="danger" /> : null}
                <br />
                <span className="muted">{t.rule}</span>
              </>
            ),
          },
          { key: 'who', header: 'Customer', cell: (t) => t.customer_name },
          { key: 'where', header: 'Address', cell: (t) => t.address, minor: true },
          { key: 'when', header: 'Delivery', cell: (t) => `${day(t.delivery_date)} to ${day(t.pickup_date)}` },
        ]}
      />
    </section>
  );
}
