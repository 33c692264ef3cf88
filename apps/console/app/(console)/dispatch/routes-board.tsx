'use client';

import { useEffect, useMemo, useRef, useState } from 'react';
import { LiveRegion } from '../../../components/live-region';
import { Notice } from '../../../components/notice';
import { api, call } from '../../../lib/api';
import type { LiveDay } from './live-day';
import { RouteStop } from './route-stop';
import {
  assign,
  type BoardStop,
  boardStops,
  type DispatchDay,
  domId,
  driverOf,
  move,
  ordinal,
  type RouteSave,
  type Routes,
  routesOf,
} from './stops';

const LIST = { display: 'grid', gap: '0.5rem', padding: 0, margin: '0 0 1rem' } as const;
const COLUMNS = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(20rem, 1fr))',
  gap: '1rem',
  alignItems: 'start',
} as const;

/**
 * The Routes view of a day: the stops on no route, then each driver's stops in order (and any other member's
 * who has some). Each change saves that member's whole route (POST /dispatch/route) and shows at once (quick
 * changes are saved in turn); the board shows what the office asked for until the answer after the saves
 * arrives, keeps focus on the control that was used (the stop's select after Assign, its Move button after a
 * move), and says what happened.
 */
export function RoutesBoard({ day, live }: { day: DispatchDay; live: LiveDay }) {
  const stops = useMemo(() => boardStops(day), [day]);
  const fromApi = useMemo(() => routesOf(stops), [stops]);
  // What the office asked for, shown until the load numbered `until` (started after the last save) arrives.
  const [local, setLocal] = useState<{ routes: Routes; until: number } | null>(null);
  const [said, setSaid] = useState<string>();
  const [error, setError] = useState<string>();
  // Changes are saved one after another, each made on the routes the ones before it asked for.
  const chain = useRef<Promise<void>>(Promise.resolve());
  const asked = useRef<{ routes: Routes; waiting: number; failed: boolean } | null>(null);
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (local && live.seq >= local.until) setLocal(null);
  }, [live.seq, local]);
  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });
  const routes = local?.routes ?? fromApi;
  const byKey = new Map(stops.map((s) => [s.key, s]));
  const nameOf = (id: string) =>
    day.drivers.find((d) => d.id === id)?.name ??
    stops.find((s) => s.route.driver_id === id)?.route.driver_name ??
    'A former member';

  function save(
    make: (from: Routes) => { routes: Routes; save: RouteSave } | null,
    say: (next: Routes) => string,
    focus: string,
  ) {
    const change = make(asked.current?.routes ?? routes);
    if (!change) return;
    const state = asked.current ?? { routes, waiting: 0, failed: false };
    asked.current = { ...state, routes: change.routes, waiting: state.waiting + 1 };
    setError(undefined);
    live.hold();
    setLocal({ routes: change.routes, until: Number.POSITIVE_INFINITY });
    focusNext.current = focus;
    chain.current = chain.current
      .then(async () => {
        const result = await call(api.POST('/dispatch/route', { body: { date: day.date, ...change.save } }));
        const now = asked.current as { routes: Routes; waiting: number; failed: boolean };
        now.waiting -= 1;
        if (result.ok) setSaid(say(change.routes));
        else {
          now.failed = true;
          setError(result.error.message);
        }
        if (now.waiting > 0) return;
        // The last change answered: the board reads the day again and shows it once it arrives (all of it
        // at once when a change was refused).
        asked.current = null;
        const seq = live.reload();
        setLocal(now.failed ? null : { routes: now.routes, until: seq });
      })
      .catch(() => undefined);
  }

  const placeSentence = (stop: BoardStop, next: Routes) => {
    const driver = driverOf(next, stop.key);
    if (driver === null) return `${stop.label} is on no route now.`;
    const place = (next[driver] as string[]).indexOf(stop.key) + 1;
    return `${stop.label} is now ${ordinal(place)} on ${nameOf(driver)}'s route.`;
  };
  const onAssign = (stop: BoardStop, driver: string | null) =>
    save(
      (from) => (driver === driverOf(from, stop.key) ? null : assign(from, stop.key, driver)),
      (next) => placeSentence(stop, next),
      domId('driver', stop.key),
    );
  const onMove = (stop: BoardStop, by: -1 | 1) =>
    save(
      (from) => move(from, stop.key, by),
      (next) => placeSentence(stop, next),
      domId(by < 0 ? 'up' : 'down', stop.key),
    );
  const item = (stop: BoardStop, driver: string | null, keys: string[] | null) => (
    <RouteStop
      key={stop.key}
      stop={stop}
      position={keys ? keys.indexOf(stop.key) + 1 : null}
      count={keys?.length ?? 0}
      driver={driver}
      drivers={day.drivers}
      onAssign={(to) => onAssign(stop, to)}
      onMove={(by) => onMove(stop, by)}
    />
  );

  const onRoutes = new Set(Object.values(routes).flat());
  const loose = stops.filter((s) => !onRoutes.has(s.key));
  const shown = [
    ...day.drivers.filter((d) => d.role === 'driver').map((d) => d.id),
    ...Object.keys(routes).filter((id) => routes[id]?.length),
  ].filter((id, i, all) => all.indexOf(id) === i);
  return (
    <section aria-labelledby="routes">
      <h2 id="routes">Routes</h2>
      <LiveRegion message={said} />
      {error ? <Notice tone="danger">{error}</Notice> : null}
      {!day.drivers.some((d) => d.role === 'driver') ? (
        <Notice tone="info">No drivers yet: invite one from Team with the role Driver.</Notice>
      ) : null}
      <div style={COLUMNS}>
        <section aria-labelledby="route-none">
          <h3 id="route-none">
            Not on a route <span className="muted">({loose.length})</span>
          </h3>
          {loose.length ? (
            <ul style={LIST}>{loose.map((s) => item(s, null, null))}</ul>
          ) : (
            <p className="muted">Every stop of the day is on a route.</p>
          )}
        </section>
        {shown.map((id) => {
          const keys = routes[id] ?? [];
          const heading = domId('route', id);
          return (
            <section key={id} aria-labelledby={heading}>
              <h3 id={heading}>
                {nameOf(id)} <span className="muted">({keys.length})</span>
              </h3>
              {keys.length ? (
                <ol style={LIST} aria-label={`${nameOf(id)}'s route`}>
                  {keys.flatMap((k) => {
                    const stop = byKey.get(k);
                    return stop ? [item(stop, id, keys)] : [];
                  })}
                </ol>
              ) : (
                <p className="muted">No stops yet: choose {nameOf(id)} for a stop and press Assign.</p>
              )}
            </section>
          );
        })}
      </div>
    </section>
  );
}
