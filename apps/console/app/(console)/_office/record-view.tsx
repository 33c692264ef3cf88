'use client';

import type { ReactNode } from 'react';
import { StatusBadge } from '../../../components/status-badge';
import { DecideButtons } from './decide';
import { money, when } from './format';
import { MoveControl } from './move';
import type { RecordCommon } from './types';

/**
 * The parts of an order's and a job's page: what was booked (given by the page), customer, invoice,
 * payment, attribution and the timeline, with the decision (held) or the status move.
 */
export function RecordView(props: {
  kind: 'order' | 'job';
  number: number;
  record: RecordCommon;
  booked: [string, ReactNode][];
  extra?: ReactNode;
  reload: () => void;
}) {
  const { kind, number, record: r, booked, extra, reload } = props;
  const held = r.status === 'pending_risk_review';
  return (
    <>
      <h1>
        {kind === 'order' ? 'Order' : 'Job'} #{number}{' '}
        <StatusBadge status={held ? 'held' : r.status} label={held ? 'Held for review' : undefined} />
      </h1>
      <p>
        {held ? (
          <DecideButtons target={{ kind, number }} onDone={reload} />
        ) : (
          <MoveControl kind={kind} number={number} moves={r.moves} onMoved={reload} />
        )}
      </p>
      <section aria-labelledby="booked">
        <h2 id="booked">Booking</h2>
        <Pairs
          rows={[
            ...booked,
            ['Address', r.address.text],
            ['Booked through', r.booking_channel],
            ['Booked at', when(r.created_at)],
          ]}
        />
      </section>
      <section aria-labelledby="customer">
        <h2 id="customer">Customer</h2>
        {r.customer ? (
          <Pairs
            rows={[
              [
                'Name',
                <a key="c" href={`/customers/${r.customer.id}`}>
                  {r.customer.name}
                </a>,
              ],
              ['E-mail', r.customer.email],
              ['Phone', r.customer.phone],
              ...(r.customer.company_name ? ([['Company', r.customer.company_name]] as [string, ReactNode][]) : []),
            ]}
          />
        ) : (
          <p className="muted">No customer record.</p>
        )}
      </section>
      <section aria-labelledby="invoice">
        <h2 id="invoice">Invoice</h2>
        <table className="data">
          <caption className="visually-hidden">Invoice lines</caption>
          <tbody>
            {r.invoice.lines.map((l) => (
              <tr key={l.label}>
                <th scope="row">{l.label}</th>
                <td className="end">{money(l.amount, r.invoice.currency)}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">Total</th>
              <td className="end">{money(r.invoice.total, r.invoice.currency)}</td>
            </tr>
            {r.invoice.processing_fee ? (
              <tr>
                <th scope="row">Card fee</th>
                <td className="end">{money(r.invoice.processing_fee, r.invoice.currency)}</td>
              </tr>
            ) : null}
            <tr>
              <th scope="row">Charged to the card</th>
              <td className="end">{money(r.invoice.gross_total, r.invoice.currency)}</td>
            </tr>
          </tbody>
        </table>
      </section>
      <section aria-labelledby="payment">
        <h2 id="payment">Payment</h2>
        <Pairs
          rows={[
            ['Status', <StatusBadge key="s" status={r.payment.status} />],
            ['Card', r.payment.authorization ?? '—'],
            ['Amount', money(r.payment.amount, r.payment.currency)],
            ['Invoice', r.payment.invoice_status ?? '—'],
            ['Processor', r.payment.processor ? `${r.payment.processor} ${r.payment.payment_intent ?? ''}` : '—'],
          ]}
        />
      </section>
      <section aria-labelledby="attribution">
        <h2 id="attribution">Where it came from</h2>
        {r.attribution && Object.keys(r.attribution).length ? (
          <Pairs rows={Object.entries(r.attribution).map(([k, v]) => [k, v] as [string, ReactNode])} />
        ) : (
          <p className="muted">No utm_* parameters or referrer were sent with this booking.</p>
        )}
      </section>
      {extra}
      <section aria-labelledby="timeline">
        <h2 id="timeline">Timeline</h2>
        <ol className="timeline">
          {r.timeline.map((t, i) => (
            <li key={`${t.at}-${i}`}>
              <time dateTime={t.at}>{when(t.at)}</time> <strong>{t.what.replaceAll('_', ' ')}</strong>{' '}
              <span className="muted">({t.source})</span>
              {t.detail ? `: ${t.detail}` : ''}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

/** Label and value side by side (one column of each), wrapping on a narrow screen. */
const PAIRS = { display: 'grid', gridTemplateColumns: 'minmax(8rem, max-content) 1fr', gap: '0.35rem 1.25rem' };

function Pairs({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="pairs" style={PAIRS}>
      {rows.map(([k, v]) => (
        <div key={k} style={{ display: 'contents' }}>
          <dt className="muted">{k}</dt>
          <dd style={{ margin: 0 }}>{v}</dd>
        </div>
      ))}
    </dl>
  );
}
