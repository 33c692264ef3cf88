'use client';

import Link from 'next/link';
import { useParams } from 'next/navigation';
import { DataTable } from '../../../../components/data-table';
import { Notice } from '../../../../components/notice';
import { StatusBadge } from '../../../../components/status-badge';
import { api } from '../../../../lib/api';
import { useApi } from '../../../../lib/use-api';
import { money } from '../../_office/format';

export default function CustomerPage() {
  const { id } = useParams<{ id: string }>();
  const customer = useApi((signal) => api.GET('/customers/{id}', { params: { path: { id } }, signal }), [id]);
  if (customer.error) return <Notice tone="danger">{customer.error.message}</Notice>;
  const c = customer.data;
  if (!c) return <p className="muted">Loading…</p>;
  return (
    <>
      <h1>{c.name}</h1>
      <p>
        {c.email}, {c.phone}
        {c.company_name ? `, ${c.company_name}` : ''}
      </p>
      <DataTable
        caption="Orders"
        rows={c.orders}
        rowKey={(o) => String(o.order_number)}
        empty="No dumpster orders."
        columns={[
          { key: 'n', header: 'Order', cell: (o) => <Link href={`/orders/${o.order_number}`}>#{o.order_number}</Link> },
          { key: 'size', header: 'Size', cell: (o) => o.size },
          { key: 'day', header: 'Delivery', cell: (o) => o.delivery_date },
          { key: 'status', header: 'Status', cell: (o) => <StatusBadge status={o.status} /> },
          { key: 'total', header: 'Total', align: 'end', cell: (o) => money(o.gross_total, o.currency) },
        ]}
      />
      <DataTable
        caption="Junk removal jobs"
        rows={c.jobs}
        rowKey={(j) => String(j.job_number)}
        empty="No junk removal jobs."
        columns={[
          { key: 'n', header: 'Job', cell: (j) => <Link href={`/jobs/${j.job_number}`}>#{j.job_number}</Link> },
          { key: 'load', header: 'Load', cell: (j) => j.load },
          { key: 'day', header: 'Day', cell: (j) => j.job_date },
          { key: 'status', header: 'Status', cell: (j) => <StatusBadge status={j.status} /> },
          { key: 'total', header: 'Total', align: 'end', cell: (j) => money(j.gross_total, j.currency) },
        ]}
      />
    </>
  );
}
