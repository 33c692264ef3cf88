'use client';

import { DataTable } from '../../../components/data-table';
import { Notice } from '../../../components/notice';
import { StatusBadge } from '../../../components/status-badge';
import { useUrlParams } from '../../../components/url-state';
import { api, queryValue } from '../../../lib/api';
import type { QueryOf } from '../../../lib/types';
import { usePage } from '../../../lib/use-api';
import { money, when } from '../_office/format';
import type { Estimate } from '../_office/types';

type Status = NonNullable<QueryOf<'/estimates'>['status']>;

/** Checkouts that reached a price with contact details and were never paid: the calls worth making. */
export default function EstimatesPage() {
  const { params, page } = useUrlParams();
  const estimates = usePage(
    (signal) =>
      api.GET('/estimates', {
        params: { query: { status: queryValue<Status>(params.get('status') ?? 'open'), page, per_page: 25 } },
        signal,
      }),
    [params.get('status'), page],
  );
  return (
    <>
      <h1>Estimates</h1>
      <p className="muted">People who priced a booking and left before paying.</p>
      {estimates.error ? <Notice tone="danger">{estimates.error.message}</Notice> : null}
      <DataTable<Estimate>
        caption="Abandoned checkouts, newest first"
        rows={estimates.data?.data}
        hasMore={estimates.data?.has_more}
        loading={estimates.loading}
        rowKey={(e) => e.id}
        filters={[
          {
            name: 'status',
            label: 'Show',
            options: [
              { value: 'open', label: 'Open (worth a call)' },
              { value: 'expired', label: 'Expired (the day has passed)' },
              { value: 'converted', label: 'Converted (booked since)' },
            ],
          },
        ]}
        empty="No abandoned checkouts here."
        columns={[
          { key: 'who', header: 'Customer', cell: (e) => e.customer.name },
          { key: 'contact', header: 'Contact', cell: (e) => `${e.customer.phone}, ${e.customer.email}` },
          {
            key: 'kind',
            header: 'Wanted',
            cell: (e) => `${e.kind === 'junk' ? 'Junk removal' : 'Dumpster'} on ${e.requested_date}`,
          },
          { key: 'amount', header: 'Amount', align: 'end', cell: (e) => money(e.gross_total, e.currency) },
          { key: 'status', header: 'Status', cell: (e) => <StatusBadge status={e.status} /> },
          { key: 'at', header: 'Priced', cell: (e) => when(e.created_at) },
        ]}
      />
    </>
  );
}
