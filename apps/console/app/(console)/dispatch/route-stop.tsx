'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { StopState } from '../_field/stop-state';
import type { Driver } from '../_field/types';
import { type BoardStop, domId } from './stops';

const roleNote = (d: Driver) => (d.role === 'driver' ? '' : d.role === 'owner' ? ' (owner)' : ' (office staff)');

/**
 * One stop of the Routes view: what and where, its state from the field, the member it is given to (a select
 * and Assign, so arrowing through the names saves nothing) and, on a route, Move up and Move down. The
 * buttons at a route's ends stay focusable (aria-disabled), so focus is never dropped after a move.
 */
export function RouteStop(props: {
  stop: BoardStop;
  /** Its place on its route, from 1; null when it is on none. */
  position: number | null;
  count: number;
  driver: string | null;
  drivers: Driver[];
  onAssign: (driver: string | null) => void;
  onMove: (by: -1 | 1) => void;
}) {
  const { stop, position, count, driver, drivers, onAssign, onMove } = props;
  const [picked, setPicked] = useState(driver ?? '');
  // The board changed (a save, a refresh, another office member): the select shows where the stop is now.
  useEffect(() => setPicked(driver ?? ''), [driver]);
  const selectId = domId('driver', stop.key);
  const first = position === 1;
  const last = position === count;
  return (
    <li className="route-stop" style={ITEM} data-stop={stop.key}>
      <div>
        {position ? <strong>{position}. </strong> : null}
        <Link href={stop.href}>{stop.label}</Link> · {stop.what}
        {stop.window ? ` · ${stop.window}` : ''}
      </div>
      <div className="muted">
        {stop.where} · {stop.who}
      </div>
      <div>
        <StopState route={stop.route} />
      </div>
      <div className="row-actions" style={{ alignItems: 'center' }}>
        <label htmlFor={selectId} className="visually-hidden">
          {`Driver for ${stop.label}`}
        </label>
        <select id={selectId} value={picked} onChange={(e) => setPicked(e.target.value)}>
          <option value="">Not on a route</option>
          {drivers.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
              {roleNote(d)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn"
          aria-label={`Assign ${stop.label}`}
          onClick={() => onAssign(picked || null)}
        >
          Assign
        </button>
        {position ? (
          <>
            <button
              type="button"
              id={domId('up', stop.key)}
              className="btn"
              aria-disabled={first || undefined}
              aria-label={`Move up: ${stop.label}`}
              onClick={() => !first && onMove(-1)}
            >
              Move up
            </button>
            <button
              type="button"
              id={domId('down', stop.key)}
              className="btn"
              aria-disabled={last || undefined}
              aria-label={`Move down: ${stop.label}`}
              onClick={() => !last && onMove(1)}
            >
              Move down
            </button>
          </>
        ) : null}
      </div>
    </li>
  );
}

const ITEM = {
  display: 'grid',
  gap: '0.35rem',
  padding: '0.6rem 0.75rem',
  border: '1px solid var(--line)',
  borderRadius: 'var(--radius)',
  background: 'var(--card)',
  listStyle: 'none',
} as const;
