'use client';

import Link from 'next/link';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { useToast } from '../../../components/notice';
import { StatusBadge } from '../../../components/status-badge';
import { money, when } from '../_office/format';
import { ChargeActions } from './charge-actions';
import { type Acting, ChargeDialog } from './charge-dialog';
import type { FieldCharge } from './types';
import { CHARGE_STATUS, chargeFor, FAILURE, tons } from './words';

const photoUrl = (id: string) => `/console/v1/field-photos/${encodeURIComponent(id)}`;

/** What the charge is for: the record, and the overage or the failed stop. */
function What({ c }: { c: FieldCharge }) {
  const href = c.order_number !== null ? `/orders/${c.order_number}` : `/jobs/${c.job_number}`;
  return (
    <>
      <Link href={href}>{chargeFor(c)}</Link>
      <br />
      <span className="muted">
        {c.kind === 'overage' ? 'Overage' : `Wasted trip${c.failure ? `: ${FAILURE[c.failure]}` : ''}`}
      </span>
    </>
  );
}

/** The weigh ticket's figures: net, allowance, over, the rate and the landfill's cost. */
function Ticket({ c }: { c: FieldCharge }) {
  const t = c.ticket;
  if (!t) return <span className="muted">No ticket</span>;
  const rate =
    t.rate === null
      ? 'no overage rate'
      : t.mode === 'flat'
        ? `flat ${money(t.rate, c.currency)}`
        : `${money(t.rate, c.currency)}/t`;
  return (
    <>
      {tons(t.net_tons)} net, {tons(t.allowance_tons)} included
      <br />
      <span className="muted">
        {tons(t.over_tons)} over × {rate}; landfill {money(t.landfill_cost, c.currency)}
      </span>
      {t.photo_id ? (
        <>
          <br />
          <a href={photoUrl(t.photo_id)} aria-label={`Weigh ticket photo, ${chargeFor(c)}`}>
            Ticket photo
          </a>
        </>
      ) : null}
    </>
  );
}

/** When the card is (or was) charged, or why it is not. */
function When({ c }: { c: FieldCharge }) {
  if (c.status === 'noticed') return <>Card charged after {when(c.charge_after)}</>;
  if (c.status === 'held') return <>Not charged until released</>;
  if (c.status === 'charging') return <>Charging the card now</>;
  if (c.status === 'declined') return <>Owed: {c.last_error ?? 'the card was declined'}</>;
  if (c.charged_at) return <>Charged {when(c.charged_at)}</>;
  return null;
}

/**
 * The field's charges (the Field charges page, an order's Field section): the ticket, the amount and what the
 * card is charged, the status with the office's note, when it is charged, and Hold, Release, Adjust, Waive.
 */
export function ChargesTable(props: {
  caption: string;
  hideCaption?: boolean;
  charges: FieldCharge[] | undefined;
  loading?: boolean;
  empty: string;
  onChanged: () => void;
}) {
  const { charges, onChanged } = props;
  const [acting, setActing] = useState<Acting>();
  const toast = useToast();
  return (
    <>
      <DataTable<FieldCharge>
        caption={props.caption}
        hideCaption={props.hideCaption}
        rows={charges}
        loading={props.loading}
        rowKey={(c) => c.id}
        empty={props.empty}
        columns={[
          { key: 'what', header: 'For', cell: (c) => <What c={c} /> },
          { key: 'who', header: 'Customer', cell: (c) => c.customer_name, minor: true },
          { key: 'ticket', header: 'Weigh ticket', cell: (c) => <Ticket c={c} /> },
          {
            key: 'amount',
            header: 'Amount',
            align: 'end',
            cell: (c) => (
              <>
                <strong>{money(c.gross_total, c.currency)}</strong>
                <br />
                <span className="muted">
                  {money(c.amount, c.currency)} + tax {money(c.tax, c.currency)}
                </span>
                {c.processing_fee ? (
                  <>
                    <br />
                    <span className="muted">+ card fee {money(c.processing_fee, c.currency)}</span>
                  </>
                ) : null}
              </>
            ),
          },
          {
            key: 'status',
            header: 'Status and card',
            cell: (c) => (
              <>
                <StatusBadge status={c.status} {...CHARGE_STATUS[c.status]} />
                <br />
                <When c={c} />
                {c.note ? (
                  <>
                    <br />
                    <span className="muted">Note: {c.note}</span>
                  </>
                ) : null}
              </>
            ),
          },
          {
            key: 'actions',
            header: 'Actions',
            action: true,
            cell: (c) => (
              <ChargeActions charge={c} onAct={(action) => setActing({ charge: c, action })} onChanged={onChanged} />
            ),
          },
        ]}
      />
      <ChargeDialog
        acting={acting}
        onCancel={() => setActing(undefined)}
        onDone={(charge) => {
          toast.show(
            charge.status === 'waived'
              ? `The charge for ${chargeFor(charge)} is waived.`
              : `The charge for ${chargeFor(charge)} is now ${money(charge.gross_total, charge.currency)}.`,
          );
          setActing(undefined);
          onChanged();
        }}
      />
    </>
  );
}
