'use client';

import Link from 'next/link';
import { DataTable } from '../../../components/data-table';
import { StatusBadge } from '../../../components/status-badge';
import { StopState } from '../_field/stop-state';
import type { StopRoute } from '../_field/types';
import { MoveControl } from '../_office/move';
import type { DayJob, Stop } from '../_office/types';
import type { DispatchDay } from './stops';

/** Who has the stop and where it is from the field. */
function OnRoute({ route }: { route: StopRoute }) {
  return (
    <>
      {route.driver_name ? `${route.driver_name}, stop ${route.position}` : <span className="muted">No driver</span>}
      <br />
      <StopState route={route} />
    </>
  );
}

/**
 * The day's stops by kind (deliveries, pickups, swaps, junk jobs), each with its status move, as the office
 * has always worked them; the stop's driver and state from the field beside.
 */
export function DayTables({ day, loading, onMoved }: { day?: DispatchDay; loading: boolean; onMoved: () => void }) {
  const stops = (caption: string, rows: Stop[] | undefined, empty: string) => (
    <DataTable<Stop>
      caption={caption}
      rows={rows}
      loading={loading}
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
        { key: 'route', header: 'Field', cell: (s) => <OnRoute route={s.route} />, minor: true },
        {
          key: 'move',
          action: true,
          header: 'Move',
          cell: (s) => <MoveControl kind="order" number={s.order_number} moves={s.moves} onMoved={onMoved} />,
        },
      ]}
    />
  );
  return (
    <>
      {stops('Deliveries', day?.deliveries, 'No deliveries this day.')}
      {stops('Pickups', day?.pickups, 'No pickups this day.')}
      {stops('Swaps', day?.swaps, 'No swaps this day.')}
      <DataTable<DayJob>
        caption="Junk removal jobs"
        rows={day?.jobs}
        loading={loading}
        rowKey={(j) => String(j.job_number)}
        empty="No junk removal jobs this day."
        columns={[
          { key: 'n', header: 'Job', cell: (j) => <Link href={`/jobs/${j.job_number}`}>#{j.job_number}</Link> },
          { key: 'window', header: 'Arrival', cell: (j) => `${j.window.start}–${j.window.end}` },
          { key: 'load', header: 'Load', cell: (j) => j.load },
          { key: 'who', header: 'Customer', cell: (j) => `${j.customer_name}, ${j.customer_phone}` },
          { key: 'where', header: 'Address', cell: (j) => j.address },
          { key: 'status', header: 'Status', cell: (j) => <StatusBadge status={j.status} /> },
          { key: 'route', header: 'Field', cell: (j) => <OnRoute route={j.route} />, minor: true },
          {
            key: 'move',
            action: true,
            header: 'Move',
            cell: (j) => <MoveControl kind="job" number={j.job_number} moves={j.moves} onMoved={onMoved} />,
          },
        ]}
      />
    </>
  );
}
