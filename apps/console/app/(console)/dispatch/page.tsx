'use client';

import Link from 'next/link';
import { DataTable } from '../../../components/data-table';
import { Field } from '../../../components/field';
import { Notice } from '../../../components/notice';
import { StatusBadge } from '../../../components/status-badge';
import { useUrlParams } from '../../../components/url-state';
import { api, queryValue } from '../../../lib/api';
import { useApi } from '../../../lib/use-api';
import { MoveControl } from '../_office/move';
import type { DayJob, Stop } from '../_office/types';

/** Adds days to a YYYY-MM-DD date (UTC arithmetic: a plain date has no timezone). */
function shift(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A day's deliveries, pickups and swaps and its junk jobs by arrival window; the day is ?date= (default today). */
export default function DispatchPage() {
  const { params, set } = useUrlParams();
  const date = params.get('date') ?? undefined;
  const day = useApi(
    (signal) => api.GET('/dispatch', { params: { query: { date: queryValue(date) } }, signal }),
    [date],
  );
  const shown = day.data?.date ?? date;
  const stops = (caption: string, rows: Stop[] | undefined, empty: string) => (
    <DataTable<Stop>
      caption={caption}
      rows={rows}
      loading={day.loading}
      rowKey={(s) => `${s.kind}-${s.order_number}`}
      empty={empty}
      columns={[
        { key: 'n', header: 'Order', cell: (s) => <Link href={`/orders/${s.order_number}`}>#{s.order_number}</Link> },
        {
          key: 'size',
          header: 'Size',
          cell: (s) =>
            s.last_can ? (
              <>
                {s.size}{' '}
                <span className="badge tone-warning" title="No can of this size is free this day">
                  Last can
                </span>
              </>
            ) : (
              s.size
            ),
        },
        { key: 'who', header: 'Customer', cell: (s) => `${s.customer_name}, ${s.customer_phone}` },
        { key: 'where', header: 'Address', cell: (s) => s.address },
        { key: 'status', header: 'Status', cell: (s) => <StatusBadge status={s.status} /> },
        {
          key: 'move',
          action: true,
          header: 'Move',
          cell: (s) => <MoveControl kind="order" number={s.order_number} moves={s.moves} onMoved={day.reload} />,
        },
      ]}
    />
  );
  return (
    <>
      <h1>Dispatch{shown ? `: ${shown}` : ''}</h1>
      <div className="table-filters">
        {shown ? (
          <button type="button" className="btn" onClick={() => set({ date: shift(shown, -1) })}>
            Previous day
          </button>
        ) : null}
        <Field
          label="Day"
          name="date"
          type="date"
          value={shown ?? ''}
          onChange={(e) => set({ date: e.target.value })}
        />
        {shown ? (
          <button type="button" className="btn" onClick={() => set({ date: shift(shown, 1) })}>
            Next day
          </button>
        ) : null}
        <button type="button" className="btn btn-link" onClick={() => set({ date: undefined })}>
          Today
        </button>
      </div>
      {day.error ? <Notice tone="danger">{day.error.message}</Notice> : null}
      {stops('Deliveries', day.data?.deliveries, 'No deliveries this day.')}
      {stops('Pickups', day.data?.pickups, 'No pickups this day.')}
      {stops('Swaps', day.data?.swaps, 'No swaps this day.')}
      <DataTable<DayJob>
        caption="Junk removal jobs"
        rows={day.data?.jobs}
        loading={day.loading}
        rowKey={(j) => String(j.job_number)}
        empty="No junk removal jobs this day."
        columns={[
          { key: 'n', header: 'Job', cell: (j) => <Link href={`/jobs/${j.job_number}`}>#{j.job_number}</Link> },
          { key: 'window', header: 'Arrival', cell: (j) => `${j.window.start}–${j.window.end}` },
          { key: 'load', header: 'Load', cell: (j) => j.load },
          { key: 'who', header: 'Customer', cell: (j) => `${j.customer_name}, ${j.customer_phone}` },
          { key: 'where', header: 'Address', cell: (j) => j.address },
          { key: 'status', header: 'Status', cell: (j) => <StatusBadge status={j.status} /> },
          {
            key: 'move',
            action: true,
            header: 'Move',
            cell: (j) => <MoveControl kind="job" number={j.job_number} moves={j.moves} onMoved={day.reload} />,
          },
        ]}
      />
    </>
  );
}
