'use client';

import { StatusBadge } from '../../../../components/status-badge';
import { permitStatus } from '../../../../lib/permits';
import { money, day as plainDay, when } from '../../_office/format';
import type { ConsoleOrder } from '../../_office/types';
import { PermitForm } from './permit-form';

/**
 * The order's street permit (docs/decisions/street-permits.md): its status, the city's rule, what the
 * customer paid for it and the days that covers, the permit recorded (number, dates, the scan, who sent it
 * out without one and why) and the form that records it. Shown for an order booked for the street.
 */
export function PermitSection(props: {
  number: number;
  order: Pick<ConsoleOrder, 'placement' | 'permit'>;
  delivery: string;
  currency: string;
  onChanged: () => void;
}) {
  const { permit, placement } = props.order;
  if (placement !== 'street') return null;
  if (!permit)
    return (
      <section aria-labelledby="permit">
        <h2 id="permit">Street permit</h2>
        <p className="muted">Booked for the street where no permit is needed.</p>
      </section>
    );
  const status = permitStatus(permit);
  const rows: [string, React.ReactNode][] = [
    ['Status', <StatusBadge key="s" status={permit.status} label={status.label} tone={status.tone} />],
    ['City rule', permit.rule],
    ['Who applies', permit.applies === 'company' ? 'You (the company)' : 'The customer'],
    [
      'Paid at booking',
      `${money(permit.fee, props.currency)} (city ${money(permit.city_fee, props.currency)}, handling ${money(permit.handling_fee, props.currency)})`,
    ],
    ['Fees cover through', permit.covered_through ? plainDay(permit.covered_through) : 'No expiry'],
    ['Permit number', permit.number ?? '—'],
    [
      'Permit dates',
      permit.starts_on && permit.ends_on ? `${plainDay(permit.starts_on)} – ${plainDay(permit.ends_on)}` : '—',
    ],
  ];
  if (permit.recorded_at) rows.push(['Recorded', when(permit.recorded_at)]);
  if (permit.override)
    rows.push([
      'Sent out without it',
      `${permit.override.by ?? 'An owner'}, ${when(permit.override.at)}: “${permit.override.reason}”`,
    ]);
  return (
    <section aria-labelledby="permit" id="permit-section">
      <h2 id="permit">Street permit</h2>
      <dl className="pairs" data-testid="permit-details">
        {rows.map(([k, v]) => (
          <div key={k} style={{ display: 'contents' }}>
            <dt className="muted">{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {permit.instructions ? <p className="muted">{permit.instructions}</p> : null}
      {permit.scan ? (
        <p>
          <a href={permit.scan.url}>
            <img
              src={permit.scan.url}
              alt={`Scan of permit ${permit.number ?? ''}`.trim()}
              width={Math.min(240, permit.scan.width)}
              height={Math.round((Math.min(240, permit.scan.width) / permit.scan.width) * permit.scan.height)}
              style={{ display: 'block', borderRadius: 'var(--radius)', border: '1px solid var(--border, #ddd)' }}
            />
          </a>
        </p>
      ) : null}
      <PermitForm
        key={permit.recorded_at ?? 'none'}
        number={props.number}
        permit={permit}
        delivery={props.delivery}
        onSaved={props.onChanged}
      />
    </section>
  );
}
