'use client';

import Link from 'next/link';
import { DataTable } from '../../components/data-table';
import { useMe } from '../../components/me';
import { Notice } from '../../components/notice';
import { useUrlParams } from '../../components/url-state';
import { api } from '../../lib/api';
import { useApi } from '../../lib/use-api';
import { CHANNELS, PerDayChart } from './_dashboard/charts';
import { FieldToday } from './_dashboard/field-today';
import { PaymentCapsNotice } from './_dashboard/payment-caps';
import { day, money } from './_office/format';
import type { Dashboard } from './_office/types';

type Day = Dashboard['days'][number];

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
const percent = (share: number | null) => (share === null ? '—' : `${(share * 100).toFixed(1)}%`);
const sum = (c: Day['bookings']) => c.link + c.widget + c.api;
/**
 * The console's home: the business at a glance for the last 30 or 90 days (bookings and revenue per day by
 * channel, estimates and how many became bookings, the top UTM sources, the average booking, the held-for-
 * review rate), and today in the field (weigh tickets, tons, overage). Every chart has its table; the period is
 * in the address (?days=90).
 */
export default function DashboardPage() {
  const { params, set } = useUrlParams();
  const { isOwner } = useMe();
  const days = params.get('days') === '90' ? '90' : '30';
  const figures = useApi((signal) => api.GET('/dashboard', { params: { query: { days } }, signal }), [days]);
  const f = figures.data;
  const bookedRange = f ? `/orders?dates=booked&from=${f.from}&to=${f.to}` : '/orders';
  return (
    <>
      <div className="list-actions">
        <h1>Home</h1>
        <fieldset className="period">
          <legend className="visually-hidden">Period</legend>
          {(['30', '90'] as const).map((d) => (
            <button
              key={d}
              type="button"
              className={`btn${d === days ? ' btn-primary' : ''}`}
              aria-pressed={d === days}
              onClick={() => set({ days: d === '30' ? undefined : d })}
            >
              Last {d} days
            </button>
          ))}
        </fieldset>
      </div>
      {isOwner ? <PaymentCapsNotice /> : null}
      {figures.error ? <Notice tone="danger">{figures.error.message}</Notice> : null}
      {!f ? (
        <p className="muted">Loading…</p>
      ) : (
        <>
          <p className="muted">
            {day(f.from)} through {day(f.to)}, by the day each booking was made.
          </p>
          <ul className="tiles" aria-label="Totals">
            <li data-testid="tile-bookings">
              <span className="tile-label">Bookings</span>
              <strong>{f.totals.bookings}</strong>
              <span className="muted">
                <Link href={bookedRange}>{count(f.totals.orders, 'order')}</Link>,{' '}
                <Link href={bookedRange.replace('/orders', '/jobs')}>{count(f.totals.jobs, 'junk job')}</Link>
              </span>
            </li>
            <li>
              <span className="tile-label">Revenue</span>
              <strong>{money(f.totals.revenue, f.currency)}</strong>
              <span className="muted">charged, card fees included</span>
            </li>
            <li>
              <span className="tile-label">Average booking</span>
              <strong>{money(f.totals.average_booking, f.currency)}</strong>
            </li>
            <li>
              <span className="tile-label">Held for review</span>
              <strong>{percent(f.totals.held_rate)}</strong>
              <span className="muted">{f.totals.held} held when booked</span>
            </li>
            <li>
              <span className="tile-label">Estimates</span>
              <strong>{f.estimates.total}</strong>
              <span className="muted">
                {f.estimates.converted} became bookings ({percent(f.estimates.conversion_rate)}).{' '}
                <Link href="/estimates">Call them back</Link>
              </span>
            </li>
          </ul>

          <FieldToday field={f.field} currency={f.currency} />

          <section aria-labelledby="per-day">
            <h2 id="per-day">Bookings per day</h2>
            <PerDayChart days={f.days} measure="bookings" />
            <h2 id="revenue">Revenue per day</h2>
            <PerDayChart days={f.days} measure="revenue" />
            <details>
              <summary>Day by day (the charts as a table)</summary>
              <DataTable<Day>
                caption="Bookings and revenue per day, by channel"
                rows={[...f.days].reverse()}
                rowKey={(d) => d.date}
                empty="No days."
                narrow="scroll"
                columns={[
                  { key: 'date', header: 'Day', cell: (d) => day(d.date) },
                  ...CHANNELS.map((c) => ({
                    key: c.key,
                    header: c.name,
                    align: 'end' as const,
                    cell: (d: Day) => `${d.bookings[c.key]} · ${money(d.revenue[c.key], f.currency)}`,
                  })),
                  {
                    key: 'all',
                    header: 'All',
                    align: 'end',
                    cell: (d) => `${sum(d.bookings)} · ${money(sum(d.revenue), f.currency)}`,
                  },
                ]}
              />
            </details>
          </section>

          <section aria-labelledby="sources">
            <h2 id="sources">Top sources</h2>
            <DataTable<Dashboard['sources'][number]>
              caption="Bookings by UTM source"
              hideCaption
              rows={f.sources}
              rowKey={(s) => s.source ?? '(none)'}
              empty="No bookings in this period yet."
              columns={[
                { key: 'source', header: 'Source (utm_source)', cell: (s) => s.source ?? 'None (direct or untagged)' },
                { key: 'n', header: 'Bookings', align: 'end', cell: (s) => s.bookings },
                { key: 'revenue', header: 'Revenue', align: 'end', cell: (s) => money(s.revenue, f.currency) },
              ]}
            />
          </section>
        </>
      )}
    </>
  );
}
