'use client';

import Link from 'next/link';
import { DataTable } from '../../../components/data-table';
import { useMe } from '../../../components/me';
import { Notice } from '../../../components/notice';
import { api } from '../../../lib/api';
import { useApi } from '../../../lib/use-api';
import { day } from '../_office/format';
import type { FleetSize } from '../_office/types';
import { FleetChart } from './fleet-chart';

type Day = FleetSize['days'][number];

/** Consecutive dates as ranges ("Dec 3–5"), so a long run of full days reads as one line. */
function ranges(dates: string[]): string[] {
  const out: [string, string][] = [];
  for (const date of dates) {
    const last = out.at(-1);
    const next = last && new Date(Date.parse(`${last[1]}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    if (last && next === date) last[1] = date;
    else out.push([date, date]);
  }
  return out.map(([a, b]) => (a === b ? day(a) : `${day(a)} to ${day(b)}`));
}

/**
 * The Fleet page (docs/decisions/fleet.md): per size whose cans the company counts, the cans out
 * against the cans owned for the next 60 days, the days that are full and the cans in repair. Staff and owners
 * read it; owners change the counts in Settings, Fleet.
 */
export default function FleetPage() {
  const me = useMe();
  const fleet = useApi((signal) => api.GET('/fleet', { signal }), []);
  const data = fleet.data;
  return (
    <>
      <h1>Fleet</h1>
      <p className="muted">
        A can is out from its delivery day through its pickup day plus the turnaround, or while a customer is paying for
        it. The booking page never sells a can that is not free.{' '}
        {me.isOwner ? <Link href="/settings/fleet">Change the counts</Link> : 'Owners change the counts in Settings.'}
      </p>
      {fleet.error ? <Notice tone="danger">{fleet.error.message}</Notice> : null}
      {!data ? (
        <p className="muted">Loading…</p>
      ) : data.sizes.length === 0 ? (
        <Notice tone="info">
          No size is counted yet: every size is sold on every open day.{' '}
          {me.isOwner ? <Link href="/settings/fleet">Give your sizes their number of cans</Link> : null}
        </Notice>
      ) : (
        data.sizes.map((size) => <SizeFleet key={size.size_id} size={size} />)
      )}
      {data && data.sizes.length > 0 && data.untracked.length > 0 ? (
        <p className="muted">Not counted (sold on every open day): {data.untracked.map((s) => s.label).join(', ')}.</p>
      ) : null}
    </>
  );
}

function SizeFleet({ size }: { size: FleetSize }) {
  const titleId = `fleet-${size.key}`;
  const full = ranges(size.full_days);
  return (
    <section aria-labelledby={titleId} className="fleet-size" data-testid={`fleet-${size.key}`}>
      <h2 id={titleId}>
        {size.label}: {size.cans} {size.cans === 1 ? 'can' : 'cans'}
        {size.turnaround_days ? `, ${size.turnaround_days}-day turnaround` : ''}
      </h2>
      <p data-testid={`fleet-${size.key}-full`}>
        {full.length ? `Full (no can free): ${full.join('; ')}.` : 'A can is free every day of the next 60.'}
      </p>
      <FleetChart size={size} />
      <details>
        <summary>Day by day (the chart as a table)</summary>
        <DataTable<Day>
          caption={`${size.label}: cans out, in repair and free per day`}
          rows={size.days}
          rowKey={(d) => d.date}
          empty="No days."
          narrow="scroll"
          columns={[
            { key: 'date', header: 'Day', cell: (d) => day(d.date) },
            { key: 'out', header: 'Out', cell: (d) => d.out, align: 'end' },
            { key: 'repair', header: 'In repair', cell: (d) => d.in_repair, align: 'end' },
            {
              key: 'free',
              header: 'Free',
              cell: (d) => (d.free === 0 ? <strong>0 (full)</strong> : d.free),
              align: 'end',
            },
          ]}
        />
      </details>
      {size.out_of_service.length ? (
        <>
          <h3>In repair</h3>
          <ul>
            {size.out_of_service.map((o) => (
              <li key={`${o.from}-${o.to}-${o.cans}`}>
                {o.cans} {o.cans === 1 ? 'can' : 'cans'} from {day(o.from)} through {day(o.to)}
                {o.note ? ` (${o.note})` : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
