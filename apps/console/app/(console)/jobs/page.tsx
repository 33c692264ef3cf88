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
import type { JobLine } from '../_office/types';

/** The filter's choices, in the order of the crew's day (the API's enum, contract/console/bookings.ts). */
const STATUSES: NonNullable<QueryOf<'/jobs'>['status']>[] = [
  'pending_risk_review',
  'confirmed',
  'scheduled',
  'en_route',
  'completed',
  'canceled',
];

/** Every junk removal job of the company, newest first: filtered, searched, and downloadable as CSV. */
export default function JobsPage() {
  const { params, page } = useUrlParams();
  const query = bookingQuery(params) as QueryOf<'/jobs'>;
  const jobs = usePage(
    (signal) => api.GET('/jobs', { params: { query: { ...query, page, per_page: 25 } }, signal }),
    [params.toString()],
  );
  const q = params.get('q');
  return (
    <>
      <div className="list-actions">
        <h1>Junk jobs</h1>
        <ExportLink path="/exports/jobs.csv" params={params} what="these jobs" />
      </div>
      {jobs.error ? <Notice tone="danger">{jobs.error.message}</Notice> : null}
      <DataTable<JobLine>
        caption="Junk removal jobs, newest first"
        rows={jobs.data?.data}
        hasMore={jobs.data?.has_more}
        loading={jobs.loading}
        rowKey={(j) => String(j.job_number)}
        filters={bookingFilters(STATUSES, 'Job date')}
        empty="No junk jobs match. Change the filters, or clear the search."
        columns={[
          {
            key: 'n',
            header: 'Job',
            cell: (j) => (
              <Link href={`/jobs/${j.job_number}`}>
                #<Highlight text={String(j.job_number)} q={q} />
              </Link>
            ),
          },
          {
            key: 'who',
            header: 'Customer',
            cell: (j) => (
              <>
                <Highlight text={j.customer.name} q={q} />
                <br />
                <span className="muted nowrap">
                  <Highlight text={j.customer.phone} q={q} />
                </span>
              </>
            ),
          },
          { key: 'email', header: 'E-mail', minor: true, cell: (j) => <Highlight text={j.customer.email} q={q} /> },
          { key: 'where', header: 'Address', cell: (j) => <Highlight text={j.address} q={q} /> },
          {
            key: 'day',
            header: 'Job date',
            cell: (j) => (
              <span className="nowrap">
                {j.job_date} {j.window}
              </span>
            ),
          },
          { key: 'load', header: 'Load', minor: true, cell: (j) => j.load },
          { key: 'status', header: 'Status', cell: (j) => <StatusBadge status={j.status} /> },
          { key: 'payment', header: 'Payment', minor: true, cell: (j) => words(j.payment_status) },
          { key: 'channel', header: 'Channel', minor: true, cell: (j) => j.booking_channel },
          { key: 'booked', header: 'Booked', minor: true, cell: (j) => when(j.booked_at) },
          { key: 'total', header: 'Total', align: 'end', cell: (j) => money(j.gross_total, j.currency) },
        ]}
      />
    </>
  );
}
