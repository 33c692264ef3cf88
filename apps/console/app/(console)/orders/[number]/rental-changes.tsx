'use client';

import { type Column, DataTable } from '../../../../components/data-table';
import { StatusBadge } from '../../../../components/status-badge';
import { day, when, words } from '../../_office/format';
import { charged, daysMove, KIND_LABELS, type RentalChange } from './rental';

const STATUS_TONES = {
  applied: 'success',
  pending: 'warning',
  requires_payment: 'warning',
  refused: 'danger',
  failed: 'danger',
} as const;

const MADE_BY: Record<RentalChange['made_by'], string> = {
  customer: 'Customer (My booking)',
  api: 'Booking API',
  office: 'Office',
};

const columns: Column<RentalChange>[] = [
  {
    key: 'kind',
    header: 'Change',
    cell: (c) => (c.swap_date ? `${KIND_LABELS[c.kind]} on ${day(c.swap_date)}` : KIND_LABELS[c.kind]),
  },
  {
    key: 'when',
    header: 'When',
    cell: (c) => <time dateTime={c.created_at}>{when(c.created_at)}</time>,
  },
  { key: 'made_by', header: 'Made by', cell: (c) => MADE_BY[c.made_by] },
  {
    key: 'days',
    header: 'Days',
    cell: (c) => (
      <>
        {daysMove(c.before.rental_days, c.after.rental_days)}
        <br />
        <span className="muted">
          {day(c.after.delivery_date)} – {day(c.after.pickup_date)}
        </span>
      </>
    ),
  },
  { key: 'amount', header: 'Amount', align: 'end', cell: (c) => charged(c.amounts) },
  {
    key: 'status',
    header: 'Status',
    cell: (c) => (
      <>
        <StatusBadge status={c.status} tone={STATUS_TONES[c.status]} />
        {c.decline_code ? <span className="muted"> {words(c.decline_code)}</span> : null}
      </>
    ),
  },
];

/** The order's changes after booking, newest first: who made each, when, the days before and after, what it cost. */
export function RentalChanges({ changes }: { changes: RentalChange[] }) {
  const rows = [...changes].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return (
    <DataTable
      caption="Changes after booking"
      hideCaption
      columns={columns}
      rows={rows}
      rowKey={(c) => c.id}
      empty={<p className="muted">No changes yet. Changes made by the customer or by the office are listed here.</p>}
    />
  );
}
