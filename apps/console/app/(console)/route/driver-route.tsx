'use client';

import { useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { LiveRegion } from '../../../components/live-region';
import { useMe } from '../../../components/me';
import { Notice } from '../../../components/notice';
import { type ApiError, api, call } from '../../../lib/api';
import {
  ACTION_LABELS,
  type FlushResult,
  newId,
  nextSeq,
  type Queued,
  type QueuedAction,
  type DriverRoute as Route,
  type ShownStop,
  verdictOf,
  withQueued,
} from '../../../lib/field-queue';
import { routeCache } from '../../../lib/field-store';
import { DaySwitcher, longDay } from './day-switcher';
import { memberKey } from './phone-store';
import { QueueBanner } from './queue-banner';
import type { ActInput } from './stop-actions';
import { StopCard } from './stop-card';
import { useFieldQueue } from './use-field-queue';

/** A stop's heading, which takes the focus after an action (its buttons change under the finger). */
export const headingId = (stop: { stop: string }) => `stop-${stop.stop.replace(/[^a-z0-9-]/gi, '-')}`;

/**
 * The driver's day on the phone: the stops of a day in the office's order, what to do at each, and the
 * phone's queue (lib/field-queue.ts). The route of each day is kept on the phone and shown when the network
 * is gone; every tap is queued with its own id, shown at once and sent when it can be.
 */
export function DriverRoute() {
  const me = useMe();
  const member = memberKey(me);
  const date = useSearchParams().get('date') ?? undefined;
  const [route, setRoute] = useState<Route>();
  const [kept, setKept] = useState<string>();
  const [error, setError] = useState<ApiError>();
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const [said, setSaid] = useState<string>();

  useEffect(() => {
    void tick;
    const controller = new AbortController();
    const cache = routeCache(localStorage, member);
    setLoading(true);
    call(api.GET('/driver/route', { params: { query: { date } }, signal: controller.signal }))
      .then((answer) => {
        setLoading(false);
        if (answer.ok) {
          cache.save(answer.data, !date);
          setRoute(answer.data);
          setKept(undefined);
          setError(undefined);
          return;
        }
        if (answer.status === 401) return; // on its way to sign in
        const saved = verdictOf(answer) === 'refused' ? undefined : cache.load(date);
        setRoute(saved?.route);
        setKept(saved?.saved_at);
        setError(answer.error);
      })
      .catch(() => undefined); // a newer load started
    return () => controller.abort();
  }, [date, member, tick]);

  const onFlushed = useCallback((result: FlushResult) => {
    if (result.stops.length) {
      setRoute((r) => r && { ...r, stops: r.stops.map((s) => result.stops.find((n) => n.stop === s.stop) ?? s) });
    }
    if (result.sent.length || result.refused.length) setTick((t) => t + 1);
  }, []);
  const queue = useFieldQueue(member, onFlushed);
  // Back online: the route again, as the office may have changed it meanwhile.
  const wasOnline = useRef(true);
  useEffect(() => {
    if (queue.online && !wasOnline.current) setTick((t) => t + 1);
    wasOnline.current = queue.online;
  }, [queue.online]);

  async function act(stop: ShownStop, input: ActInput): Promise<boolean> {
    const at = new Date().toISOString();
    const items: Queued[] = [];
    const photoId = input.photo ? newId() : undefined;
    if (input.photo && photoId) {
      items.push({ type: 'photo', id: photoId, seq: nextSeq(), stop: stop.stop, blob: input.photo, at });
    }
    const action: QueuedAction = {
      type: 'action',
      id: newId(),
      seq: nextSeq(),
      stop: stop.stop,
      number: stop.number,
      action: input.action,
      done_at: at,
    };
    if (input.reason) action.reason = input.reason;
    if (input.ticket) action.ticket = { ...input.ticket, ...(photoId ? { photo_id: photoId } : {}) };
    else if (photoId) action.photo_id = photoId;
    items.push(action);
    if (!(await queue.enqueue(items))) {
      setSaid(
        `${ACTION_LABELS[input.action]} at #${stop.number} could not be kept on this phone: its storage is full.`,
      );
      return false;
    }
    const where = `${ACTION_LABELS[input.action]} at #${stop.number}`;
    setSaid(
      navigator.onLine ? `${where} saved.` : `${where} saved on this phone: it is sent when you are back online.`,
    );
    requestAnimationFrame(() => document.getElementById(headingId(stop))?.focus());
    return true;
  }

  const go = (day?: string) => window.history.pushState(null, '', day ? `/route?date=${day}` : '/route');
  const shown = route && (!date || route.date === date) ? route : undefined;
  const stops = shown ? withQueued(shown, queue.queued) : [];
  return (
    <div className="route-page">
      <h1>{date ? `Route: ${longDay(date)}` : "Today's route"}</h1>
      <DaySwitcher date={shown?.date ?? date} today={!date} onGo={go} />
      <QueueBanner queue={queue} />
      <LiveRegion message={said} />
      {error && kept && shown ? (
        <Notice tone="warning" title="No connection to the office">
          <p>
            This is the route for {longDay(shown.date)} as this phone saved it at{' '}
            {new Date(kept).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' })}. What you do is kept and
            sent when the connection is back.
          </p>
        </Notice>
      ) : error ? (
        <Notice tone="danger">{error.message}</Notice>
      ) : null}
      {loading && !shown ? <p className="muted">Loading the route…</p> : null}
      {shown && stops.length === 0 ? <p className="route-empty">No stops on your route this day.</p> : null}
      {stops.length ? (
        <ol className="stop-list" aria-label={`Stops, in order (${stops.length})`}>
          {stops.map((stop) => (
            <li key={stop.stop}>
              <StopCard stop={stop} headingId={headingId(stop)} onAct={(input) => act(stop, input)} />
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
