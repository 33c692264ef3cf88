'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { type ApiError, api, call, queryValue } from '../../../lib/api';
import type { DispatchDay } from './stops';

/** How often the board asks again while the tab is visible. */
export const LIVE_MS = 15_000;

type State = {
  data?: DispatchDay;
  error?: ApiError;
  loading: boolean;
  /** When the shown answer arrived (the page says "Updated 3:04:15 PM"). */
  updatedAt?: Date;
  /** A refresh in the background failed: the board still shows the last answer, and says so. */
  stale?: string;
  /** The number of the load the shown answer came from (see `reload`). */
  seq: number;
};

/**
 * The dispatch day, kept live: loaded when the day changes, again every 15 s while the tab is visible and at
 * once when it becomes visible again. A refresh never empties the board or marks it busy: rows keep their
 * DOM, so focus stays where the office left it. Only the newest load's answer is shown (an older one
 * arriving late is dropped); `hold` stops refreshes while a change is being saved (what they would bring
 * is older than it) and `reload` starts one after it, returning its number.
 */
export function useLiveDay(date: string | undefined) {
  const [state, setState] = useState<State>({ loading: true, seq: 0 });
  const latest = useRef(0);
  const paused = useRef(false);
  const controller = useRef<AbortController | null>(null);

  const load = useCallback(
    (background: boolean) => {
      const seq = ++latest.current;
      controller.current?.abort();
      const c = new AbortController();
      controller.current = c;
      if (!background)
        setState((s) => (s.data && s.data.date === date ? { ...s, loading: true } : { loading: true, seq: s.seq }));
      call(api.GET('/dispatch', { params: { query: { date: queryValue(date) } }, signal: c.signal }))
        .then((result) => {
          if (seq !== latest.current) return;
          if (result.ok) setState({ data: result.data, loading: false, updatedAt: new Date(), seq });
          else if (result.status === 401) return;
          else if (background) setState((s) => ({ ...s, loading: false, stale: result.error.message }));
          else setState({ error: result.error, loading: false, seq });
        })
        .catch(() => undefined); // aborted: a newer load is on its way
      return seq;
    },
    [date],
  );

  useEffect(() => {
    paused.current = false;
    load(false);
    return () => controller.current?.abort();
  }, [load]);

  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'visible' && !paused.current) load(true);
    };
    const timer = setInterval(refresh, LIVE_MS);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [load]);

  const hold = useCallback(() => {
    paused.current = true;
    latest.current++;
    controller.current?.abort();
  }, []);
  const reload = useCallback(() => {
    paused.current = false;
    return load(true);
  }, [load]);
  return { ...state, hold, reload };
}

export type LiveDay = ReturnType<typeof useLiveDay>;
