'use client';

import { Field } from '../../../components/field';
import { Notice } from '../../../components/notice';
import { useUrlParams } from '../../../components/url-state';
import { DayTables } from './day-tables';
import { useLiveDay } from './live-day';
import { RoutesBoard } from './routes-board';

/** Adds days to a YYYY-MM-DD date (UTC arithmetic: a plain date has no timezone). */
function shift(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const VIEWS = [
  { key: 'stops', label: 'Stops and moves' },
  { key: 'routes', label: 'Routes' },
] as const;

/**
 * A day's deliveries, pickups, swaps and junk jobs, kept live (every 15 s while the tab is visible): as
 * tables by kind with their status moves (?view= absent), or as the drivers' routes (?view=routes), where the
 * office gives stops to drivers and orders them. The day is ?date= (default today).
 */
export default function DispatchPage() {
  const { params, set } = useUrlParams();
  const date = params.get('date') ?? undefined;
  const view = params.get('view') === 'routes' ? 'routes' : 'stops';
  const day = useLiveDay(date);
  const shown = day.data?.date ?? date;
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
        <fieldset className="period">
          <legend className="visually-hidden">View</legend>
          {VIEWS.map((v) => (
            <button
              key={v.key}
              type="button"
              className={`btn${v.key === view ? ' btn-primary' : ''}`}
              aria-pressed={v.key === view}
              onClick={() => set({ view: v.key === 'stops' ? undefined : v.key })}
            >
              {v.label}
            </button>
          ))}
        </fieldset>
      </div>
      <p className="muted">
        Live: refreshed every 15 seconds
        {day.updatedAt ? `, last at ${day.updatedAt.toLocaleTimeString('en-US')}` : ''}.
        {day.stale ? ` The last refresh failed: ${day.stale}` : ''}
      </p>
      {day.error ? <Notice tone="danger">{day.error.message}</Notice> : null}
      {view === 'routes' ? (
        day.data ? (
          <RoutesBoard day={day.data} live={day} />
        ) : (
          <p className="muted">Loading…</p>
        )
      ) : (
        <DayTables day={day.data} loading={day.loading} onMoved={day.reload} />
      )}
    </>
  );
}
